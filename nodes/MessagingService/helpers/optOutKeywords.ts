/**
 * The default opt-out keywords, by language, as people write them to a mailing. Each entry is a
 * whole phrase: a sentence of a reply opts out when, once polite words are set aside (see
 * POLITE_WORDS), it is exactly one of them (helpers/optOut.ts). Case, accents, punctuation,
 * emoji and Cyrillic/Latin look-alike letters do not matter; spelling does.
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
	],
	russian: [
		'стоп', 'отписаться', 'отписатся', 'отписка', 'отпишите', 'отпишите меня', 'отписаться от рассылки', 'отписать меня', 'отпишите меня от рассылки', 'отказ', 'отказаться',
		'отказываюсь', 'не пишите', 'не пишите мне', 'не пишите больше', 'больше не пишите', 'больше не пишите мне', 'не присылайте',
		'не присылайте больше', 'больше не присылайте', 'хватит', 'хватит писать', 'хватит спамить', 'удалите меня', 'удалите мой номер',
		'не беспокоить', 'не беспокойте', 'стоп рассылка',
	],
	// Russian as written in Latin letters
	russianTransliterated: [
		'otkaz', 'otpiska', 'otpisatsya', 'otpisatsa', "otpisat'sya", 'otpishite', 'otpishite menya', 'ne pishite', 'ne pishite mne',
		'ne pishite bolshe', 'bolshe ne pishite', 'ne pishite mne bolshe', 'hvatit', 'khvatit',
	],
	belarusian: [
		'стоп', 'адпісацца', 'адпіска', 'адпішыце', 'адпішыце мяне', 'адмова', 'адмаўляюся', 'не пішыце', 'не пішыце мне', 'больш не пішыце',
		'хопіць', 'хопіць пісаць', 'выдаліце мяне',
	],
	belarusianTransliterated: ['adpisacca', 'adpiska', 'admova', 'ne pisyce'],
	ukrainian: [
		'стоп', 'відписатися', 'відписатись', 'відписка', 'відпишіть', 'відпишіть мене', 'відмова', 'відмовляюсь', 'відмовляюся',
		'не пишіть', 'не пишіть мені', 'більше не пишіть', 'досить', 'досить писати', 'не надсилайте', 'не надсилайте більше',
		'видаліть мене', 'видаліть мій номер',
	],
	ukrainianTransliterated: ['vidpysatysia', 'vidpysatysya', 'vidpyska', 'vidmova', 'ne pyshit'],
	polish: [
		'stop', 'wypisz', 'wypisz mnie', 'wypisuję się', 'wypisanie', 'rezygnuję', 'rezygnacja', 'nie wysyłajcie', 'nie wysyłajcie więcej',
		'nie piszcie', 'nie piszcie do mnie', 'nie chcę wiadomości', 'nie chcę więcej wiadomości', 'koniec', 'usuń mnie', 'usuńcie mnie',
		'usuńcie mój numer', 'odsubskrybuj', 'wypisz mnie z listy', 'wypisać', 'mnie wypisać', 'się wypisać', 'wypisać się',
	],
	german: [
		'stop', 'stopp', 'abmelden', 'abbestellen', 'austragen', 'abmeldung', 'mich abmelden', 'melde mich ab', 'tragen sie mich aus',
		'trag mich aus', 'keine nachrichten mehr', 'keine sms mehr', 'nicht mehr schreiben', 'schreiben sie mir nicht mehr', 'ende',
		'löschen sie meine nummer', 'nummer löschen',
	],
	spanish: [
		'baja', 'alto', 'pare', 'parar', 'detener', 'cancelar', 'darme de baja', 'dame de baja', 'dar de baja', 'de baja', 'no más mensajes',
		'no me envíen más mensajes', 'no me escriban más', 'no enviar más', 'basta', 'eliminarme', 'bórrame', 'sácame de la lista',
		'no quiero más mensajes',
	],
};

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
	'привет', 'добрый день', 'pozhaluysta', 'pozhalujsta', 'spasibo',
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
