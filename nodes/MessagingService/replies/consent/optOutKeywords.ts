/**
 * The default opt-out keywords, by language, as people write them to a mailing. Each entry is a
 * whole phrase: a sentence of a reply opts out when, once polite words are set aside (see
 * POLITE_WORDS), it is one of them, said once or more, alone or in the frames of phrasing.ts
 * (recognizer.ts). Case, accents, punctuation, emoji and Cyrillic/Latin look-alike letters do not
 * matter; spelling does. Sources: the carriers' and platforms' lists (CTIA and the FCC's 2024
 * TCPA order: stop, quit, end, revoke, opt out, cancel, unsubscribe; Twilio: STOPALL, OPTOUT;
 * AWS: REMOVE; Bird: halt, detener, остановить, zatrzymaj), and the ways people word them.
 */
export const DEFAULT_OPT_OUT_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
	// the carriers' standard words (CTIA: STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) and common phrases
	english: [
		'stop', 'stop all', 'stopall', 'unsubscribe', 'unsubscribe me', 'unsub', 'cancel', 'end', 'quit', 'opt out', 'opt me out', 'optout',
		'remove', 'remove me', 'remove me from your list', 'remove me from the list', 'remove me from this list', 'remove my number',
		'take me off', 'take me off your list', 'take me off the list', 'stop sending', 'stop sending me messages', 'stop sending messages',
		'stop messaging me', 'stop texting', 'stop texting me', 'stop messages', 'stop texts', 'stop the messages', 'no more messages',
		'no more texts', 'do not text me', "don't text me", 'do not message me', "don't message me", 'do not contact me', "don't contact me",
		'revoke', 'leave me alone',
		// imperatives and subscriptions as people word them
		'unsubscribe this number', 'unsubscribe me from this list', 'unsubscribe me from this', 'cancel subscription', 'cancel my subscription',
		'cancel the subscription', 'end subscription', 'end my subscription', 'quit it', 'remove my name', 'remove my number from your list',
		'delete my number', 'lose my number', 'lose this number', 'take me off this list', 'take me off your mailing list', 'i opt out',
		'stop spamming', 'stop spamming me', 'quit texting me', 'quit messaging me', 'stop sending me texts', 'stop sending texts',
		'stop contacting me', 'no more sms', 'no more spam', 'never text me again', 'never contact me again', 'never message me again',
		"don't ever text me again", "don't ever contact me again", 'do not ever contact me again', 'do not ever text me again', "don't text back",
		'unsubscribe from all', 'unsubscribe all',
	],
	russian: [
		'стоп', 'отписаться', 'отписатся', 'отписка', 'отпишите', 'отпишите меня', 'отписаться от рассылки', 'отписать меня', 'отпишите меня от рассылки', 'отказ', 'отказаться',
		'отказываюсь', 'не пишите', 'не пишите мне', 'не пишите больше', 'больше не пишите', 'больше не пишите мне', 'не присылайте',
		'не присылайте больше', 'больше не присылайте', 'хватит', 'хватит писать', 'хватит спамить', 'удалите меня', 'удалите мой номер',
		'не беспокоить', 'не беспокойте', 'стоп рассылка', 'остановить',
		'отпиши меня', 'отписываюсь', 'я отписываюсь', 'отмена подписки', 'отменить подписку', 'отмените подписку', 'прекратите',
		'прекратите рассылку', 'прекратите писать', 'прекратите присылать', 'перестаньте писать', 'перестаньте мне писать',
		'перестаньте присылать', 'отстаньте', 'отстаньте от меня', 'уберите меня', 'уберите меня из рассылки', 'удалите меня из рассылки',
		'удалите меня из базы', 'исключите меня из рассылки', 'не надо мне писать', 'не пишите сюда', 'не хочу получать рассылку',
		'не хочу рассылку', 'отказаться от рассылки', 'отказываюсь от рассылки', 'стоп спам',
	],
	// Russian as written in Latin letters
	russianTransliterated: [
		'otkaz', 'otpiska', 'otpisatsya', 'otpisatsa', "otpisat'sya", 'otpishite', 'otpishite menya', 'ne pishite', 'ne pishite mne',
		'ne pishite bolshe', 'bolshe ne pishite', 'ne pishite mne bolshe', 'hvatit', 'khvatit',
		'otpishite menya ot rassylki', 'otpisatsya ot rassylki', 'prekratite', 'prekratite rassylku', 'ne pishite syuda', 'otpisatsia',
	],
	belarusian: [
		'стоп', 'адпісацца', 'адпіска', 'адпішыце', 'адпішыце мяне', 'адмова', 'адмаўляюся', 'не пішыце', 'не пішыце мне', 'больш не пішыце',
		'хопіць', 'хопіць пісаць', 'выдаліце мяне',
		'спыніце', 'спыніце рассылку', 'перастаньце пісаць', 'адпішыце мяне ад рассылкі', 'не дасылайце', 'не дасылайце больш',
		'адпісваюся', 'выдаліце мой нумар', 'адмена падпіскі', 'адпісацца ад рассылкі',
	],
	belarusianTransliterated: ['adpisacca', 'adpiska', 'admova', 'ne pisyce', 'adpishyce', 'adpishyce myane', 'spynice'],
	ukrainian: [
		'стоп', 'відписатися', 'відписатись', 'відписка', 'відпишіть', 'відпишіть мене', 'відмова', 'відмовляюсь', 'відмовляюся',
		'не пишіть', 'не пишіть мені', 'більше не пишіть', 'досить', 'досить писати', 'не надсилайте', 'не надсилайте більше',
		'видаліть мене', 'видаліть мій номер',
		'припиніть', 'припиніть розсилку', 'припиніть писати', 'перестаньте писати', 'відпишіть мене від розсилки', 'скасувати підписку',
		'скасуйте підписку', 'відписуюсь', 'відписуюся', 'не хочу отримувати розсилку', 'не турбуйте', 'видаліть мене з розсилки',
		'видаліть мене з бази', 'відписатися від розсилки',
	],
	ukrainianTransliterated: ['vidpysatysia', 'vidpysatysya', 'vidpyska', 'vidmova', 'ne pyshit', 'vidpyshit mene', 'prypynit'],
	polish: [
		'stop', 'wypisz', 'wypisz mnie', 'wypisuję się', 'wypisanie', 'rezygnuję', 'rezygnacja', 'nie wysyłajcie', 'nie wysyłajcie więcej',
		'nie piszcie', 'nie piszcie do mnie', 'nie chcę wiadomości', 'nie chcę więcej wiadomości', 'koniec', 'usuń mnie', 'usuńcie mnie',
		'usuńcie mój numer', 'odsubskrybuj', 'wypisz mnie z listy', 'wypisać', 'mnie wypisać', 'się wypisać', 'wypisać się',
		'zatrzymaj', 'wypiszcie mnie', 'wypisz mnie z newslettera', 'przestańcie', 'przestańcie pisać', 'przestańcie wysyłać',
		'przestańcie mi wysyłać', 'nie wysyłajcie mi', 'nie wysyłajcie mi więcej sms', 'anuluj subskrypcję', 'anuluj', 'rezygnuję z subskrypcji',
		'rezygnuję z sms', 'rezygnuję z newslettera', 'wypisuję się z subskrypcji', 'nie chcę sms', 'nie chcę więcej sms',
		'nie chcę dostawać wiadomości', 'usuń mój numer', 'usuńcie mnie z bazy', 'usuńcie mnie z listy', 'dajcie mi spokój', 'stop sms',
		'zatrzymać', 'zatrzymać wszystko', 'porzucić', 'rezygnacja z subskrypcji', 'zrezygnować z subskrypcji', 'wypisanie mnie z listy', 'o wypisanie',
		'o wypisanie mnie z listy', 'żądam wypisania mnie z listy', 'żądam wypisania',
	],
	german: [
		'stop', 'stopp', 'abmelden', 'abbestellen', 'austragen', 'abmeldung', 'mich abmelden', 'melde mich ab', 'tragen sie mich aus',
		'trag mich aus', 'keine nachrichten mehr', 'keine sms mehr', 'nicht mehr schreiben', 'schreiben sie mir nicht mehr', 'ende',
		'löschen sie meine nummer', 'nummer löschen',
		'halt', 'abo kündigen', 'mein abo kündigen', 'abo beenden', 'abo abbestellen', 'kündigen', 'kündigung', 'ich kündige',
		'newsletter abbestellen', 'newsletter abmelden', 'sms abbestellen', 'meldet mich ab', 'melden sie mich ab', 'hör auf', 'hört auf',
		'hören sie auf', 'aufhören', 'lasst mich in ruhe', 'lassen sie mich in ruhe', 'keine werbung mehr', 'keine werbung',
		'nicht mehr kontaktieren', 'kontaktieren sie mich nicht mehr', 'schreibt mir nicht mehr', 'schreib mir nicht mehr',
		'nummer entfernen', 'entfernen sie meine nummer', 'aus dem verteiler nehmen', 'streichen sie mich', 'mich austragen',
	],
	spanish: [
		'baja', 'alto', 'pare', 'parar', 'detener', 'cancelar', 'darme de baja', 'dame de baja', 'dar de baja', 'de baja', 'no más mensajes',
		'no me envíen más mensajes', 'no me escriban más', 'no enviar más', 'basta', 'eliminarme', 'bórrame', 'sácame de la lista',
		'no quiero más mensajes',
		'darse de baja', 'baja de la lista', 'desuscribir', 'desuscribirme', 'desuscríbeme', 'desuscríbanme', 'cancelar suscripción',
		'cancelar mi suscripción', 'anular suscripción', 'denme de baja', 'deme de baja', 'no me manden más mensajes', 'no me manden más',
		'no me envíen más', 'dejen de enviarme mensajes', 'dejen de escribirme', 'deja de escribirme', 'dejen de mandarme mensajes',
		'no quiero recibir más mensajes', 'no quiero recibir mensajes', 'no molestar', 'no me molesten', 'elimínenme', 'eliminen mi número',
		'borren mi número', 'quítenme de la lista', 'sáquenme de la lista', 'paren',
		'salir', 'dejar de recibir mensajes', 'dejar de recibir mensajes de texto', 'no quiero publicidad', 'no más publicidad', 'no recibir más publicidad',
	],
};

/**
 * The keywords that are also ordinary words of a sentence ("cancel" a booking, "end" of the
 * month, "remove" an item, "alto" is tall): they opt out only as a sentence of their own (said
 * once or more), never with the frames and objects of phrasing.ts ("cancel it" is a booking).
 */
export const PLAIN_WORD_OPT_OUTS: readonly string[] = [
	'cancel', 'end', 'quit', 'remove', 'revoke', 'alto', 'pare', 'parar', 'paren', 'detener', 'cancelar', 'koniec', 'ende', 'halt',
	'kündigen', 'kündigung', 'anuluj', 'отказ', 'адмова', 'відмова', 'otkaz', 'admova', 'vidmova', 'rezygnacja', 'хватит', 'хопіць',
	'досить', 'hvatit', 'khvatit', 'basta', 'остановить', 'zatrzymaj', 'отказаться', 'відмовляюсь', 'zatrzymać', 'porzucić', 'salir',
];

/**
 * Words that do not change what a sentence asks: politeness, greetings, "now", "I want to". They
 * are set aside wherever they stand, so "Stop please", "please stop" and "хочу отписаться" are
 * the keyword alone, while "don't stop" and "stop by tomorrow" keep words that are not here.
 */
export const POLITE_WORDS: readonly string[] = [
	// English
	'please', 'pls', 'plz', 'pleas', 'thanks', 'thank you', 'thx', 'ty', 'now', 'right now', 'asap', 'immediately', 'ok', 'okay',
	'hi', 'hello', 'hey', 'i want to', 'i would like to', "i'd like to", 'i wish to', 'just',
	// Russian (and transliterated)
	'пожалуйста', 'пожалуйсто', 'плиз', 'пжл', 'пж', 'спасибо', 'сейчас', 'уже', 'срочно', 'прошу', 'хочу', 'я хочу', 'здравствуйте',
	'привет', 'добрый день', 'алло', 'pozhaluysta', 'pozhalujsta', 'spasibo',
	// Belarusian
	'калі ласка', 'дзякуй', 'прашу', 'хачу', 'я хачу', 'добры дзень', 'вітаю',
	// Ukrainian
	'будь ласка', 'дякую', 'я хочу', 'добрий день', 'вітаю', 'негайно', 'вже',
	// Polish
	'proszę', 'dziękuję', 'dzięki', 'chcę', 'dzień dobry', 'cześć', 'już',
	// German
	'bitte', 'danke', 'sofort', 'ich möchte', 'ich will', 'hallo', 'jetzt',
	// Spanish
	'por favor', 'porfa', 'porfavor', 'gracias', 'ya', 'quiero', 'hola', 'ahora',
];
