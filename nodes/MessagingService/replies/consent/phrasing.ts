/**
 * The words people put around an opt-out keyword without changing what it asks, by language (all
 * lists are read together). A sentence that is a frame, then a keyword, then objects ("I said
 * STOP", "stop it already", "отпишите меня от рассылки") opts out; one with any other word
 * ("don't stop", "stop by at 3", "I said stop by") does not. Only keywords that are not also
 * plain words (optOutKeywords.ts PLAIN_WORD_OPT_OUTS) take them, and opt-in keywords take the
 * objects ("START ads", "subscribe again"), not the frames.
 */

/** Said before the keyword to insist; not read in a question ("I said stop?" stays what it is). */
export const INSISTING_FRAMES: readonly string[] = [
	// English
	'i said', 'i already said', 'i told you', 'i already told you', 'i told you to', 'i asked you to', "i've said", 'i have said', 'i wrote',
	'i already wrote', 'again', 'for the last time', 'seriously', 'ugh', 'omg', 'wtf', 'yes', 'yeah', 'ok so', 'i mean it', 'no',
	// Russian
	'я сказал', 'я же сказал', 'я сказала', 'я же сказала', 'говорю же', 'я же просил', 'я просил', 'я же просила', 'я просила', 'ещё раз',
	'еще раз', 'сколько можно', 'да', 'короче', 'ya zhe skazal', 'ya skazal',
	// Belarusian
	'я ж казаў', 'я казаў', 'я казала', 'яшчэ раз', 'так',
	// Ukrainian
	'я ж казав', 'я казав', 'я казала', 'я ж казала', 'ще раз', 'кажу ж',
	// Polish
	'mówiłem', 'mówiłam', 'powiedziałem', 'powiedziałam', 'jeszcze raz', 'serio', 'tak',
	// German
	'ich sagte', 'ich habe gesagt', 'ich hab gesagt', 'hab ich gesagt', 'nochmal', 'noch einmal', 'ja',
	// Spanish
	'ya dije', 'dije', 'te dije', 'les dije', 'ya les dije', 'ya te dije', 'otra vez', 'sí', 'en serio',
];

/** Said before the keyword to ask for it, also as a question: "Can you stop texting me?", "Could you unsubscribe me?". */
export const ASKING_FRAMES: readonly string[] = [
	'can you', 'could you', 'would you', 'will you', 'can u', 'could u', 'would you kindly', 'kindly', 'i need you to', 'i want you to',
	'you need to', 'you can', 'можете', 'можно', 'czy możecie', 'können sie', 'könnt ihr', 'kannst du', 'pueden', 'puede',
];

/** Said after the keyword: its object, how soon or how long, and the reason. */
export const TRAILING_OBJECTS: readonly string[] = [
	// English
	'it', 'this', 'that', 'these', 'them', 'already', 'again', 'for good', 'forever', 'permanently', 'immediately', 'at once', 'right away',
	'all', 'everything', 'all messages', 'all texts', 'texts', 'messages', 'these texts', 'these messages', 'this spam', 'the spam', 'spam',
	'this is spam', 'not interested', "i'm not interested", 'i am not interested', 'wrong number', 'this number', 'from this number',
	'from your list', 'from this list', 'from the list', 'from all lists', 'from everything', 'ads', 'promotions', 'marketing', 'bye',
	'goodbye', 'i never signed up', "i didn't sign up", 'i never subscribed', 'damn it', 'ffs', 'to this number',
	'reminders', 'text reminders', 'notifications', 'text notifications', 'sms', 'msg', 'msgs', 'txt', 'txts', 'sending me these', 'sending me this', 'sending these',
	// Russian
	'уже', 'это', 'всё', 'немедленно', 'навсегда', 'раз и навсегда', 'спам', 'это спам', 'мне не интересно', 'не интересно',
	'неинтересно', 'ошиблись номером', 'от вас', 'от рассылки', 'от всех рассылок', 'от этой рассылки', 'из рассылки', 'из базы',
	'из списка', 'этот номер', 'мой номер', 'больше', 'ot rassylki', 'spam',
	// Belarusian
	'ужо', 'гэта', 'назаўсёды', 'неадкладна', 'з рассылкі', 'ад рассылкі', 'мой нумар',
	// Ukrainian
	'вже', 'це', 'негайно', 'назавжди', 'від розсилки', 'з розсилки', 'мій номер', 'з бази', 'зі списку', 'мені не цікаво',
	// Polish
	'to', 'tego', 'natychmiast', 'na zawsze', 'z listy', 'z newslettera', 'z subskrypcji', 'z sms', 'z smsów', 'z bazy', 'mój numer',
	'nie jestem zainteresowany', 'nie jestem zainteresowana', 'wszystko',
	// German
	'endlich', 'damit', 'das', 'für immer', 'dauerhaft', 'kein interesse', 'ich habe kein interesse', 'vom newsletter', 'von der liste',
	'aus der liste', 'aus dem verteiler', 'meine nummer', 'alles',
	// Spanish
	'ahora mismo', 'de una vez', 'para siempre', 'inmediatamente', 'no me interesa', 'no estoy interesado', 'no estoy interesada',
	'de la lista', 'de esta lista', 'de sus listas', 'de los mensajes', 'de mensajes', 'de sms', 'mi número',
];
