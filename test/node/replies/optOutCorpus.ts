// A labelled corpus of replies to mailings, for the opt-out recognizer (optOut.test.ts). Opt-outs
// are written as customers write them: each base form is also taken in the variants people type
// (shouting, an exclamation, a polite word, an emoji). Look-alikes mention a keyword, or a word
// close to one, without asking to stop messages; questions about how to unsubscribe are among
// them (the bot or a colleague answers those), as are a few hard cases a rule of words cannot tell.

/** Opt-outs as typed, one language each, before the variants of `typedForms`. */
const OPT_OUT_BASES: Record<string, { polite: string; replies: string[] }> = {
	english: {
		polite: 'please',
		replies: [
			'STOP', 'Stop', 'stop.', 'Unsubscribe', 'unsubscribe me', 'UNSUB', 'Cancel', 'END', 'quit', 'Opt out', 'opt-out', 'Remove me',
			'Remove me from your list', 'Take me off your list', 'Stop sending me messages', 'stop texting me', 'No more messages',
			"Don't text me", 'Do not contact me', 'STOP ALL', 'Please stop', 'Thanks, unsubscribe', 'Stop now', 'I want to unsubscribe',
			"I'd like to opt out", 'Stop messaging me', 'Leave me alone', 'stooop',
		],
	},
	russian: {
		polite: 'пожалуйста',
		replies: [
			'стоп', 'СТОП', 'Отписаться', 'отписка', 'Отпишите меня', 'Отказ', 'отказываюсь', 'Не пишите мне', 'Больше не пишите',
			'Хватит писать', 'Удалите мой номер', 'Хочу отписаться', 'Прошу отписать меня', 'Не присылайте больше',
			'Отписаться от рассылки', 'Хватит спамить', 'Не беспокойте', 'Стоп рассылка', 'Спасибо, отписаться',
		],
	},
	russianTransliterated: {
		polite: 'pozhaluysta',
		replies: ['otkaz', 'OTKAZ', 'otpiska', 'otpisatsya', "otpisat'sya", 'otpishite menya', 'ne pishite mne', 'Ne pishite bolshe', 'hvatit'],
	},
	belarusian: {
		polite: 'калі ласка',
		replies: ['Стоп', 'адпісацца', 'Адпішыце мяне', 'адмова', 'Не пішыце мне', 'Больш не пішыце', 'Хопіць пісаць', 'адмаўляюся', 'Выдаліце мяне'],
	},
	ukrainian: {
		polite: 'будь ласка',
		replies: ['Стоп', 'відписатися', 'Відпишіть мене', 'Відмова', 'не пишіть мені', 'Більше не пишіть', 'Досить писати', 'Не надсилайте більше', 'Видаліть мій номер', 'відписатись'],
	},
	polish: {
		polite: 'proszę',
		replies: ['STOP', 'Wypisz mnie', 'wypisz', 'Rezygnuję', 'rezygnacja', 'Nie piszcie do mnie', 'Nie wysyłajcie więcej', 'Usuńcie mój numer', 'Chcę się wypisać', 'Nie chcę więcej wiadomości', 'Proszę mnie wypisać'],
	},
	german: {
		polite: 'bitte',
		replies: ['Stopp', 'STOP', 'Abmelden', 'abbestellen', 'Bitte austragen', 'Keine Nachrichten mehr', 'Keine SMS mehr', 'Ich möchte mich abmelden', 'Schreiben Sie mir nicht mehr', 'Löschen Sie meine Nummer', 'Tragen Sie mich aus'],
	},
	spanish: {
		polite: 'por favor',
		replies: ['BAJA', 'Baja', 'Alto', 'parar', 'Darme de baja', 'Quiero darme de baja', 'No más mensajes', 'No me envíen más mensajes', 'Cancelar', 'Basta', 'Sácame de la lista', 'No me escriban más'],
	},
};

/** Written as some customers do, whatever the language. */
const OPT_OUTS_AS_TYPED: string[] = [
	'STOP!!', 'Stop please', 'stop 🛑', '🛑 STOP 🛑', 'Stop. Thanks', 'STOP!!!!!!', '  stop  ', 'sToP', 
	'ＳＴＯＰ', 'SТОP', // full-width; Cyrillic Т and О inside Latin letters
	'Стоп', // Latin C at the start of a Cyrillic word
	'st\u200Bop', 'un\u00ADsubscribe', // a zero-width space, a soft hyphen
	'Stop 🙏🏽', 'stop pls', 'STOP PLZ', 'please, stop', 'Stop!!! 😡', 'Отписаться!!!', 'стоп.',
	'СТОП 🛑', 'стоп пж', 'Cтоп', 'otkaz!', 'ABMELDEN!!', '¡Baja!', '¿Baja? Sí. Baja', 'wypisz mnie proszę!', 'stop\nthanks',
	'OK stop', 'Hi, please unsubscribe me', 'Hello. Stop sending messages', 'Спасибо. Стоп', 'Дякую, відписатися', 'Danke, abmelden',
	'Gracias. Baja', 'Dziękuję. Rezygnuję', 'Stop...', 'stop?!', 'Unsubscribe 👋', '👎 unsubscribe', 'Opt-out.', 'OPT OUT!!!',
];

/** Messages that mention a keyword, or a word close to one, and do not ask to stop messages. */
const LOOK_ALIKES: Record<string, string[]> = {
	english: [
		"Don't stop", 'stop by tomorrow', 'unstoppable', 'Where is the bus stop?', "I can't stop laughing", 'When does the sale end?',
		'How do I cancel my order?', 'Can you remove the item from my cart?', 'Is the offer valid until the end of the month?', 'Non-stop delivery?',
		'How much is the stopwatch?', 'Stopped by the shop today, great service', "Don't unsubscribe me, I love these!", 'Is there a stop on Main Street?',
		'Please stop by our office', 'What time do you stop serving lunch?', 'Quit smoking tips?', 'The end of the cable is broken', 'I want to cancel the booking for Friday',
		'Remove the extra cheese please', 'Can I opt in for the newsletter?', 'Stop the car, I see it', 'How do I unsubscribe from the magazine?', 'Who should I contact?',
		'I will stop in later', "Please don't stop sending deals", 'End of story, I love it', 'Keep sending!', 'Subscribe me please', 'Yes', 'No', 'Thanks!',
		'Stop by at 5?', 'My order stopped at customs', 'Please remove the charge', 'I quit my job, can I change the address?', 'Send me more',
		"Don't cancel", 'Never stop improving', 'Stop making such good offers, my wallet hurts', 'Where do I stop the subscription to the box?',
		'What is the end date?', 'I stopped reading after the first line, what is the price?', 'Can I quit the loyalty programme but keep SMS?',
		'Unstoppable deals as always', 'Is it a stop-loss order?', 'Cancelled my flight, can I move the booking?', 'please continue', 'stop sign', 'STOP WATCH', 'opt in', 'Remove the second item', 'Ending soon?', 'Unsubscribed by mistake, add me back',
	],
	russian: [
		'Не останавливайтесь', 'Где остановка?', 'Стоп-кран не работает', 'Без остановки доставите?', 'Как отписаться от журнала?', 'Отличная рассылка, пишите ещё',
		'Не отписывайте меня', 'Пишите мне чаще', 'Отказа не будет, беру', 'Хватит ли на двоих?', 'Когда стоп-лист обновится?', 'Удалите товар из корзины',
		'Не пишите так много текста, а в остальном супер', 'Спасибо', 'Да', 'Нет', 'Подпишите меня', 'Стопка тарелок разбилась', 'Остановите заказ номер 5',
		'Хватит одного заказа', 'Отказываюсь от второй пары, первую оставьте', 'Пожалуйста, пришлите ещё', 'Добрый день, сколько стоит?', 'Стопроцентно беру',
		'Я хочу подписаться', 'Отписался случайно, верните', 'Стоп, а цена какая?', 'Пишите, пожалуйста, на почту', 'Отмена доставки возможна?', 'Ни за что не отпишусь',
	],
	russianTransliterated: ['ne ostanavlivaites', 'gde ostanovka?', 'pishite eshche', 'spasibo bolshoe', 'otkazhus ot vtorogo tovara', 'stopka', 'otpisalsya sluchaino, vernite'],
	belarusian: [
		'Дзе прыпынак?', 'Пішыце яшчэ', 'Дзякуй', 'Не адпісвайце мяне', 'Хопіць на дваіх?', 'Як адпісацца ад часопіса?', 'Так', 'Не',
		'Адмова ад другога тавару магчымая?', 'Калі ласка, дашліце яшчэ', 'Добры дзень, колькі каштуе?',
	],
	ukrainian: [
		'Не зупиняйтеся', 'Де зупинка?', 'Пишіть ще', 'Дякую', 'Не відписуйте мене', 'Чи досить двох?', 'Як відписатися від журналу?', 'Так', 'Ні',
		'Відмова від доставки можлива?', 'Будь ласка, надішліть ще', 'Добрий день, скільки коштує?', 'Стоп-кран зламався',
	],
	polish: [
		'Nie przestawajcie', 'Gdzie jest przystanek?', 'Piszcie dalej', 'Dziękuję', 'Nie wypisujcie mnie', 'Jak się wypisać z gazety?', 'Tak', 'Nie',
		'Koniec miesiąca to termin?', 'Proszę przysłać więcej', 'Dzień dobry, ile kosztuje?', 'Stopa mnie boli, nie przyjdę', 'Rezygnacja z drugiego produktu możliwa?',
	],
	german: [
		'Nicht aufhören!', 'Wo ist die Haltestelle?', 'Schreibt weiter', 'Danke', 'Melden Sie mich nicht ab', 'Wie melde ich mich von der Zeitung ab?', 'Ja', 'Nein',
		'Ende des Monats passt', 'Bitte mehr davon', 'Hallo, was kostet das?', 'Stoppuhr im Angebot?', 'Abmeldung vom Kurs, nicht von SMS: geht das?', 'Ich möchte bestellen',
	],
	spanish: [
		'No paren nunca', '¿Dónde está la parada?', 'Escriban más', 'Gracias', 'No me den de baja', '¿Cómo me doy de baja de la revista?', 'Sí', 'No',
		'El precio bajó?', 'Alto nivel, gracias', 'Por favor, envíen más', 'Hola, ¿cuánto cuesta?', 'Cancelar el pedido 12, no los mensajes', 'Quiero comprar',
		'Baja la música', 'Es muy alto para mí', 'Basta con uno',
	],
};

/** Hard cases, labelled with what the customer meant, where a rule of words errs: they count against precision. */
export const HARD_CASES: Array<{ text: string; optOut: boolean }> = [
	// a customer laughing, not leaving: one sentence is just "Stop"
	{ text: "Stop! You're making me laugh 😂", optOut: false },
	// rejecting a cancellation: one sentence is just "Cancel"
	{ text: 'Cancel? No way, keep it', optOut: false },
];

/** The variants a typed reply comes in: as written, shouting, an exclamation, a polite word, an emoji. */
function typedForms(reply: string, polite: string): string[] {
	return [reply, `${reply.toUpperCase()}!!`, `${reply} ${polite}`, `${reply} 🙏`];
}

/** The look-alikes as typed: as written, in capitals with an exclamation, with an emoji. */
function lookAlikeForms(reply: string): string[] {
	return [reply, `${reply.toUpperCase()}!`, `${reply} 😊`];
}

export interface LabelledReply {
	text: string;
	language: string;
	optOut: boolean;
}

export function optOutCorpus(): LabelledReply[] {
	const corpus: LabelledReply[] = [];
	for (const [language, { polite, replies }] of Object.entries(OPT_OUT_BASES)) {
		for (const reply of replies) for (const text of typedForms(reply, polite)) corpus.push({ text, language, optOut: true });
	}
	for (const text of OPT_OUTS_AS_TYPED) corpus.push({ text, language: 'mixed', optOut: true });
	for (const [language, replies] of Object.entries(LOOK_ALIKES)) {
		for (const reply of replies) for (const text of lookAlikeForms(reply)) corpus.push({ text, language, optOut: false });
	}
	for (const { text, optOut } of HARD_CASES) corpus.push({ text, language: 'hard', optOut });
	return corpus;
}
