// Replies for the consent corpus (consentCorpus.ts), in groups, each from a source that is not
// this project's code: published carrier and platform keyword lists, replies quoted in public
// issue threads, the words consumer-advice pages tell people to send, and the classes issue 51
// names. Each group says where it comes from. Keywords of languages the package does not support
// (French ARRET, Dutch HULP, Italian FERMA, Portuguese AJUDA, Czech ODHLÁSIT...) are left out.

export type Label = 'optOut' | 'optIn' | 'help' | null;

export interface SourceGroup {
	source: string;
	language: string;
	label: Label;
	replies: string[];
}

export const SOURCE_GROUPS: SourceGroup[] = [
	{
		source:
			'FCC TCPA order 2024 (per se reasonable revocation words, quoted in SparkDevNetwork/Rock#6399); Twilio help center "Twilio support for opt-out keywords"; AWS End User Messaging "Required opt-out keywords"; Braze "Opt-in and opt-out keywords"; Bird "Opt-in and opt-out compliance"; OneSignal "SMS consent keyword management"',
		language: 'english',
		label: 'optOut',
		replies: [
			'STOP',
			'QUIT',
			'END',
			'REVOKE',
			'OPT OUT',
			'CANCEL',
			'UNSUBSCRIBE',
			'STOPALL',
			'OPTOUT',
			'OPT-OUT',
			'REMOVE',
			'stop',
			'stopall',
			'end',
			'quit',
			'cancel',
			'unsubscribe',
		],
	},
	{
		source:
			'Twilio, AWS (toll-free: UNSTOP, START), Braze, Bird (start, begin, resume, revert, unstop), OneSignal',
		language: 'english',
		label: 'optIn',
		replies: ['START', 'UNSTOP', 'start', 'begin', 'resume', 'revert', 'unstop'],
	},
	{
		source: 'Twilio, Braze, Bird (help, info), OneSignal',
		language: 'english',
		label: 'help',
		replies: ['HELP', 'INFO', 'help', 'info'],
	},
	{
		source: 'Bird "Opt-in and opt-out compliance", other languages',
		language: 'mixed',
		label: 'optOut',
		replies: ['halt', 'detener', 'parar', 'ОСТАНОВИТЬ', 'ZATRZYMAJ'],
	},
	{
		source: 'Bird "Opt-in and opt-out compliance", other languages',
		language: 'mixed',
		label: 'help',
		replies: ['hilfe', 'ayuda', 'ПОМОЩЬ', 'POMOCY'],
	},
	{
		source:
			'Mobile Marketing Association codes as given on inteligentes.online "¿Cómo darse de baja de SMS?"; microsiervos.com (BAJA); achiras.net.ec (Arcotel: "salir")',
		language: 'spanish',
		label: 'optOut',
		replies: ['STOP', 'QUIT', 'CANCELAR', 'END', 'BAJA', 'salir', 'darse de baja'],
	},
	{
		source: 'newsblog.pl "Jak anulować subskrypcję automatycznych wiadomości tekstowych"',
		language: 'polish',
		label: 'optOut',
		replies: [
			'ZATRZYMAĆ',
			'ANULUJ SUBSKRYPCJĘ',
			'KONIEC',
			'PORZUCIĆ',
			'ANULUJ',
			'ZATRZYMAĆ WSZYSTKO',
			'Stop',
		],
	},
	{
		source:
			'uwazajnacoklikasz.pl "Jak wypisać się z Newslettera?" (the request it suggests, "żądam wypisania mnie z listy")',
		language: 'polish',
		label: 'optOut',
		replies: [
			'Żądam wypisania mnie z listy',
			'Proszę o wypisanie mnie z listy',
			'Rezygnacja z subskrypcji',
		],
	},
	{
		source:
			'tippaware.ru, tommytail.ru ("Отправьте STOP"); remont-mobile-phones.ru ("отказаться от смс-рассылки")',
		language: 'russian',
		label: 'optOut',
		replies: ['STOP', 'Отказаться от рассылки', 'Отказываюсь от рассылки', 'Отмена подписки'],
	},
	{
		source: 'what.com.ua "Як відписатися від розсилки"',
		language: 'ukrainian',
		label: 'optOut',
		replies: ['Відписатися від розсилки', 'Відпишіть мене від розсилки', 'Скасувати підписку'],
	},
	{
		source:
			'de.interglot.com ("Abonnement kündigen (austragen)"); ionos.de "Unerwünschte Newsletter abbestellen" (abmelden, austragen); computernachhilfe.net ("Abmelden", "Austragen"); tagesspiegel.de ("SMS-Abos ... kündigen"); de.nowadayhitech.com ("STOP")',
		language: 'german',
		label: 'optOut',
		replies: [
			'Abo kündigen',
			'Abmelden',
			'Austragen',
			'Newsletter abbestellen',
			'Kündigen',
			'STOP',
			'Bitte austragen',
			'Newsletter abmelden',
		],
	},
	{
		source:
			'ProgressiveCoders/Spoke, the default auto-opt-out regular expression (DEFAULT_AUTO_OPTOUT_REGEX_LIST_BASE64)',
		language: 'english',
		label: 'optOut',
		replies: [
			'Remove me',
			'Remove my name',
			'Take me off this list',
			'Take me off the list',
			'Lose my number',
			"Don't contact me",
			'Delete my number',
			'I opt out',
			'STOPALL',
		],
	},
	{
		source:
			'replies quoted in issue threads: p2pu/learning-circles#593 ("Stop. Thank you"), #372 ("please stop sending text reminders"); ProgressiveCoders/Spoke#1016 ("Do not EVER contact me again", "Don\'t text back"); kalkun-sms/Kalkun wiki "Stop manager" ("STOP ads")',
		language: 'english',
		label: 'optOut',
		replies: [
			'Stop. Thank you',
			'please stop sending text reminders',
			'Do not EVER contact me again',
			"Don't text back",
			'STOP ads',
		],
	},
	{
		source: 'kalkun-sms/Kalkun wiki "Stop manager" ("START ads")',
		language: 'english',
		label: 'optIn',
		replies: ['START ads'],
	},
	{
		source: 'Braze "Fuzzy opt-out" (its example of opt-out intent)',
		language: 'english',
		label: 'optOut',
		replies: ['leave me alone'],
	},
	{
		source:
			'issue 51 (the classes missed: repeated or spaced, with an object or a reason, phrasings absent from the lists, combining marks)',
		language: 'mixed',
		label: 'optOut',
		replies: [
			'STOP STOP STOP',
			'S T O P',
			'Stop it',
			'stop texting me',
			'I said STOP',
			'Abo kündigen',
			'S\u0332T\u0332O\u0332P\u0332',
			'S\u0336T\u0336O\u0336P\u0336',
			'unsubscribe me',
			'cancel my subscription',
		],
	},
	{
		source:
			'issue 51 ("START, UNSTOP, YES, "подписаться" are correctly not opt-outs"; Twilio\'s START / UNSTOP)',
		language: 'mixed',
		label: 'optIn',
		replies: ['START', 'UNSTOP', 'подписаться'],
	},
	{
		source: 'issue 51 and its brief: questions and sentences that only contain the words',
		language: 'english',
		label: null,
		replies: ['Can I stop by at 3?', "don't stop sending me deals"],
	},
	{
		source:
			'sentences that only contain the words, quoted in the sources above: Spoke#1016; the titles of the consumer-advice pages (remont-mobile-phones.ru, what.com.ua, uwazajnacoklikasz.pl, inteligentes.online, computernachhilfe.net, spamono.com)',
		language: 'mixed',
		label: null,
		replies: [
			'Count me in! We have got to STOP this terrible bill from passing!!',
			'Как отказаться от смс-рассылки?',
			'Як відписатися від розсилки?',
			'Jak wypisać się z Newslettera?',
			'¿Cómo darse de baja de SMS?',
			'Newsletter – wie abmelden?',
			'Cómo darse de baja de los números premium',
		],
	},
];

/**
 * Texts a source labels one way that the package reads the other way, on purpose (docs/guards.md):
 * they count against recall in the corpus, and the test names them.
 */
export const DELIBERATE_DIFFERENCES: Array<{
	text: string;
	label: Label;
	source: string;
	why: string;
}> = [
	{
		text: 'YES',
		label: 'optIn',
		source: 'Twilio, Braze, OneSignal',
		why: 'a reply here answers a mailing or a bot ("Shall I book 3 pm?" "Yes"); read as an opt-in it would never reach the bot',
	},
	{
		text: 'goodbye',
		label: 'optOut',
		source: 'Braze "Fuzzy opt-out"',
		why: 'customers end a conversation with it ("Thanks, goodbye!"); Braze asks for confirmation rather than opting out',
	},
];
