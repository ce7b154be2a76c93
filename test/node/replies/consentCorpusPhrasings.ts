// The sources' words as customers put them in a sentence, in the seven languages: the classes
// issue 51 found missed (a frame such as "I said", an object or a reason, an imperative of
// "unsubscribe"), and, against them, questions and sentences that only contain the words. Written
// for this corpus from the keywords in consentCorpusSources.ts and issue 51's examples; not taken
// from the recognizer's lists (a phrase the lists lack counts as a miss).
import type { SourceGroup } from './consentCorpusSources';

const COMPOSED = 'composed for this corpus from the sources\' words and issue 51\'s classes';

const group = (language: string, label: SourceGroup['label'], replies: string[]): SourceGroup => ({ source: COMPOSED, language, label, replies });

export const PHRASING_GROUPS: SourceGroup[] = [
	group('english', 'optOut', [
		'Stop it', 'Stop it already', 'Stop this', 'stop texting me', 'Stop texting me already', 'I said STOP', 'I said stop!!!', 'I told you to stop texting me',
		'For the last time, STOP', 'Seriously stop', 'Stop, not interested', 'STOP this is spam', 'Stop, wrong number', 'Unsubscribe me from this list',
		'Please unsubscribe me', 'Can you stop texting me?', 'Could you unsubscribe me?', 'Can you remove me from your list?', 'Stop sending me texts',
		'Stop messaging me immediately', 'unsubscribe permanently', 'Stop all messages', 'Cancel my subscription', 'Cancel subscription', 'I opt out',
		'Take me off your mailing list', 'Remove my number from your list', 'Never text me again', "Don't ever text me again", 'Quit texting me',
		'Stop spamming me', 'Unsubscribe. I never signed up', 'stop stop', 'Stop! Stop! Stop!', 'STOPPPP', 'Opt me out', 'stop, bye', 'unsub pls',
	]),
	group('english', 'optIn', ['Start', 'Unstop', 'Subscribe', 'Resubscribe', 'Opt in', 'Start again', 'Sign me up again', 'Subscribe me please', 'START please', 'Resume']),
	group('english', 'help', ['Help', 'HELP!', 'Info', 'Info please', 'help me']),
	group('english', null, [
		'Can I stop by at 3?', "don't stop sending me deals", 'Please stop by our office', 'Stop by tomorrow?', 'I said stop by at 5', 'I can\'t stop laughing',
		'Cancel it', 'Cancel my order please', 'When does the sale end?', 'Remove the second item', 'I need help with my order', 'Can you help me?',
		'Where can I find more info?', 'When does the sale start?', 'Start the order for me', 'How do I unsubscribe?', 'Is it a stop on the way?',
		'Stop making such good offers', 'Never stop sending these!', 'Do you stop at Main Street?', 'I told you I would stop by', 'Help yourself to a coupon',
		'What time do you start?', 'I want to cancel the booking', 'Stop the car!', 'Yes please book it', 'Thanks, goodbye!', "Help! I can't log in",
		'Stop, I am driving', 'You can stop by anytime', 'Info on the sale please?', 'START time is 5?', 'I said stop?',
	]),
	group('russian', 'optOut', [
		'Я же сказал стоп', 'Стоп стоп стоп', 'С Т О П', 'Отпишите меня от рассылки', 'Отпишите меня от рассылки, пожалуйста', 'Прекратите рассылку',
		'Перестаньте мне писать', 'Уберите меня из рассылки', 'Удалите меня из базы', 'Отписаться уже', 'Хватит спамить', 'Стоп, это спам', 'Не пишите мне больше',
		'Отписаться от всех рассылок', 'Отстаньте от меня', 'Хочу отказаться от рассылки', 'Отмените подписку', 'Стоп навсегда',
	]),
	group('russian', 'optIn', ['Старт', 'Подписаться', 'Подпишите меня', 'Подписаться снова', 'Возобновить рассылку']),
	group('russian', 'help', ['Помощь', 'Справка', 'Инфо', 'Помогите']),
	group('russian', null, [
		'Не останавливайтесь!', 'Как отписаться?', 'Стоп, а сколько стоит?', 'Помогите выбрать размер', 'Когда старт продаж?', 'Подписка на журнал сколько стоит?',
		'Не отписывайте меня', 'Прекратите опаздывать с доставкой', 'Я сказал, что приду', 'Отписался случайно, верните', 'Нужна помощь с заказом',
	]),
	group('russianTransliterated', 'optOut', ['otpishite menya ot rassylki', 'prekratite', 'stop', 'otpiska', 'ne pishite mne']),
	group('russianTransliterated', 'optIn', ['podpisatsya', 'start']),
	group('russianTransliterated', 'help', ['pomoshch', 'spravka']),
	group('belarusian', 'optOut', ['Адпішыце мяне ад рассылкі', 'Спыніце рассылку', 'Перастаньце пісаць', 'Не дасылайце больш', 'Стоп, гэта спам', 'Я ж казаў стоп']),
	group('belarusian', 'optIn', ['Падпісацца', 'Падпішыце мяне', 'Старт']),
	group('belarusian', 'help', ['Дапамога', 'Даведка']),
	group('belarusian', null, ['Як адпісацца?', 'Патрэбна дапамога з заказам', 'Не адпісвайце мяне', 'Калі старт продажаў?']),
	group('ukrainian', 'optOut', ['Відпишіть мене від розсилки', 'Припиніть розсилку', 'Перестаньте писати', 'Скасуйте підписку', 'Я ж казав стоп', 'Стоп, це спам', 'Видаліть мене з бази']),
	group('ukrainian', 'optIn', ['Підписатися', 'Підпишіть мене', 'Відновити розсилку', 'Старт']),
	group('ukrainian', 'help', ['Допомога', 'Довідка', 'Допоможіть']),
	group('ukrainian', null, ['Як відписатися?', 'Потрібна допомога із замовленням', 'Не відписуйте мене', 'Коли старт продажів?', 'Не зупиняйтеся!']),
	group('polish', 'optOut', [
		'Wypiszcie mnie', 'Przestańcie pisać', 'Przestańcie mi wysyłać', 'Nie wysyłajcie mi więcej SMS', 'Anuluj subskrypcję', 'Mówiłem stop', 'Stop, to spam',
		'Wypisz mnie z listy', 'Usuńcie mnie z bazy', 'Rezygnuję z SMS', 'Dajcie mi spokój', 'Nie chcę więcej SMS',
	]),
	group('polish', 'optIn', ['Zapisz mnie', 'Zapisz mnie ponownie', 'Start', 'Wznów']),
	group('polish', 'help', ['Pomoc', 'Pomocy', 'Info']),
	group('polish', null, ['Jak się wypisać?', 'Potrzebuję pomocy z zamówieniem', 'Nie wypisujcie mnie', 'Kiedy start sprzedaży?', 'Zapisz mnie na wizytę o 15?']),
	group('german', 'optOut', [
		'Abo kündigen', 'Ich möchte mein Abo kündigen', 'Bitte abmelden', 'Melden Sie mich ab', 'Hört auf', 'Hören Sie auf', 'Lassen Sie mich in Ruhe',
		'Keine Werbung mehr', 'Ich will keine SMS mehr', 'Stopp, kein Interesse', 'Ich sagte STOPP', 'Nochmal: abmelden', 'Aus dem Verteiler nehmen',
		'Entfernen Sie meine Nummer', 'Abmelden, sofort', 'Schreib mir nicht mehr',
	]),
	group('german', 'optIn', ['Anmelden', 'Wieder anmelden', 'Abonnieren', 'Start', 'Ich möchte mich wieder anmelden']),
	group('german', 'help', ['Hilfe', 'Info', 'Infos bitte']),
	group('german', null, ['Wie melde ich mich ab?', 'Ich brauche Hilfe bei der Bestellung', 'Hört nie auf!', 'Wann ist der Start?', 'Kann ich mich für den Kurs anmelden?', 'Stopp, was kostet das?']),
	group('spanish', 'optOut', [
		'Denme de baja', 'Quiero darme de baja', 'Dejen de escribirme', 'Dejen de enviarme mensajes', 'No me manden más mensajes', 'Ya dije BAJA', 'Baja, no me interesa',
		'Cancelar suscripción', 'Sáquenme de la lista', 'No quiero recibir más mensajes', 'Baja de la lista', 'Eliminen mi número', 'No me molesten',
	]),
	group('spanish', 'optIn', ['Alta', 'Darme de alta', 'Suscribirme', 'Reanudar', 'Empezar']),
	group('spanish', 'help', ['Ayuda', 'Info', 'Información']),
	group('spanish', null, ['¿Cómo me doy de baja?', 'Necesito ayuda con mi pedido', 'No me den de baja', '¿Cuándo empieza la oferta?', 'El precio bajó?', 'Baja la música']),
];
