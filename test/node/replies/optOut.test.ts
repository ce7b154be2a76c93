import {
	ConsentRecognizer,
	defaultOptOutKeywords,
} from '../../../nodes/MessagingService/replies/consent/recognizer';
import { DEFAULT_OPT_OUT_KEYWORDS } from '../../../nodes/MessagingService/replies/consent/optOutKeywords';
import { consentRecognizerOf } from '../../../nodes/MessagingService/replies/consent/options';
import { HARD_CASES, optOutCorpus } from './optOutCorpus';

const recognizer = new ConsentRecognizer({ optOut: defaultOptOutKeywords() });
const optOutOf = (text: string) => recognizer.matchOptOut(text);

describe('opt-out recognition: the rule', () => {
	it.each([
		['STOP!!', 'stop'],
		['Stop please', 'stop'],
		['стоп', 'стоп'],
		['Отписаться', 'отписаться'],
		['ＳＴＯＰ', 'stop'],
		['SТОP', 'stop'], // Cyrillic Т and О
		['Cтоп', 'стоп'], // Latin C
		['st\u200Bop', 'stop'],
		['stooop', 'stop'],
		['opt-out', 'optout'],
		["don't text me", "don't text me"],
		['dont text me', "don't text me"],
		['Thanks for the info. Unsubscribe', 'unsubscribe'],
		['Хочу отписаться, пожалуйста', 'отписаться'],
		['відписатись', 'відписатись'],
		['wypisz mnie proszę', 'wypisz mnie'],
		['Bitte austragen!', 'austragen'],
		['Quiero darme de baja', 'darme de baja'],
		['OTKAZ', 'otkaz'],
	])('%j opts out (keyword %j)', (text, keyword) => {
		expect(optOutOf(text)).toEqual({ optOut: true, keyword });
	});

	it.each([
		"don't stop",
		'stop by tomorrow',
		'unstoppable',
		'Stopwatch',
		'stop sign',
		'Где остановка?',
		'Как отписаться от журнала?',
		'',
		'🛑',
		'please',
		'Thanks!',
	])('%j does not opt out', (text) => {
		expect(optOutOf(text)).toEqual({ optOut: false, keyword: null });
	});

	it('lists keywords in at least English, Russian, Belarusian, Ukrainian, Polish, German and Spanish, with transliterations', () => {
		expect(Object.keys(DEFAULT_OPT_OUT_KEYWORDS)).toEqual(
			expect.arrayContaining([
				'english',
				'russian',
				'russianTransliterated',
				'belarusian',
				'ukrainian',
				'polish',
				'german',
				'spanish',
			]),
		);
		for (const keywords of Object.values(DEFAULT_OPT_OUT_KEYWORDS))
			expect(ConsentRecognizer.unusable(keywords)).toEqual([]);
	});
});

describe('consent recognition: the classes of real writing (issue 51)', () => {
	const consent = consentRecognizerOf({}, () => undefined)!;

	it.each([
		['STOP STOP STOP', 'optOut', 'stop'],
		['S T O P', 'optOut', 'stop'],
		['S.T.O.P.', 'optOut', 'stop'],
		['S\u0332T\u0332O\u0332P\u0332', 'optOut', 'stop'], // an underline after each letter
		['S\u0336T\u0336O\u0336P\u0336', 'optOut', 'stop'], // a strike-through after each letter
		['ꜱᴛᴏᴘ', 'optOut', 'stop'], // small capitals
		['Stop it', 'optOut', 'stop'],
		['I said STOP', 'optOut', 'stop'],
		['stop texting me', 'optOut', 'stop texting me'],
		['Can you stop texting me?', 'optOut', 'stop texting me'],
		['Stop, not interested', 'optOut', 'stop'],
		['Abo kündigen', 'optOut', 'abo kündigen'],
		['Отпишите меня от рассылки', 'optOut', 'отпишите меня от рассылки'],
		['Отпишите меня от всех рассылок', 'optOut', 'отпишите меня'],
		['Ya dije BAJA', 'optOut', 'baja'],
		['START', 'optIn', 'start'],
		['Unstop', 'optIn', 'unstop'],
		['START ads', 'optIn', 'start'],
		['подписаться', 'optIn', 'подписаться'],
		['Hilfe', 'help', 'hilfe'],
		['HELP please', 'help', 'help'],
		['Stop. Start', 'optOut', 'stop'], // opt-out first
	])('%j is %s (keyword %j)', (text, kind, keyword) => {
		expect(consent.match(text)).toEqual({ consent: kind, keyword });
	});

	it.each([
		'Can I stop by at 3?',
		"don't stop sending me deals",
		'I said stop by at 5',
		'I said stop?',
		'Cancel it',
		'I said cancel',
		'YES',
		'Yes',
		'goodbye',
		"Help! I can't log in",
		'Can you help me?',
		'When does the sale start?',
		'Я и ты',
	])('%j is none of them', (text) => {
		expect(consent.match(text)).toEqual({ consent: null, keyword: null });
	});

	it('Opt-In and Help Recognition off: opt-outs only', () => {
		const optOutsOnly = consentRecognizerOf({ optInHelpRecognition: false }, () => undefined)!;
		expect(['STOP', 'START', 'HELP'].map((text) => optOutsOnly.match(text).consent)).toEqual([
			'optOut',
			null,
			null,
		]);
	});
});

describe('opt-out recognition: the options', () => {
	const warnings: string[] = [];
	const warn = (message: string) => warnings.push(message);
	beforeEach(() => warnings.splice(0));

	it('Default Keywords when the option is not set; Off recognizes nothing', () => {
		expect(consentRecognizerOf({}, warn)?.matchOptOut('stop').optOut).toBe(true);
		expect(
			consentRecognizerOf({ optOutRecognition: 'off', optOutKeywords: 'stop' }, warn),
		).toBeUndefined();
		// My Opt-Out Keywords is read only when the mode asks for it
		expect(
			consentRecognizerOf(
				{ optOutRecognition: 'default', optOutKeywords: 'arrêt' },
				warn,
			)?.matchOptOut('Arrêt !').optOut,
		).toBe(false);
	});

	it("Default Keywords and Mine adds the user's keywords, commas and lines alike", () => {
		const extended = consentRecognizerOf(
			{ optOutRecognition: 'extend', optOutKeywords: 'arrêt, désabonner\nstop promo' },
			warn,
		)!;
		expect(extended.matchOptOut('ARRET!').keyword).toBe('arrêt');
		expect(extended.matchOptOut('Désabonner svp').optOut).toBe(false);
		expect(extended.matchOptOut('Stop promo please').keyword).toBe('stop promo');
		expect(extended.matchOptOut('стоп').keyword).toBe('стоп');
	});

	it('My Keywords Only replaces the list', () => {
		const mine = consentRecognizerOf(
			{ optOutRecognition: 'replace', optOutKeywords: 'stop promo' },
			warn,
		)!;
		expect(mine.matchOptOut('stop promo').optOut).toBe(true);
		expect(mine.matchOptOut('stop').optOut).toBe(false);
		expect(mine.size).toBe(1);
	});

	it('a keyword that could never match is left out, and an empty My Keywords Only falls back to the default list, each with a warning', () => {
		const mine = consentRecognizerOf(
			{ optOutRecognition: 'replace', optOutKeywords: '!!!, please, 🛑' },
			warn,
		)!;
		expect(mine.matchOptOut('stop').optOut).toBe(true);
		expect(warnings).toEqual([
			expect.stringContaining('"!!!", "please", "🛑" left out'),
			expect.stringContaining('the default keywords are used'),
		]);
	});
});

describe('opt-out recognition: the labelled corpus', () => {
	const corpus = optOutCorpus();

	it('holds at least 500 replies, about half opt-outs, in every listed language', () => {
		const optOuts = corpus.filter((reply) => reply.optOut).length;
		expect(corpus.length).toBeGreaterThanOrEqual(500);
		expect(optOuts / corpus.length).toBeGreaterThan(0.45);
		expect(optOuts / corpus.length).toBeLessThan(0.55);
		const languages = new Set(corpus.map((reply) => reply.language));
		for (const language of [
			'english',
			'russian',
			'russianTransliterated',
			'belarusian',
			'ukrainian',
			'polish',
			'german',
			'spanish',
		])
			expect(languages).toContain(language);
	});

	it('recall 100%, precision at least 99%', () => {
		const results = corpus.map((reply) => ({ ...reply, found: optOutOf(reply.text).optOut }));
		const missed = results.filter((reply) => reply.optOut && !reply.found);
		const wrong = results.filter((reply) => !reply.optOut && reply.found);
		const found = results.filter((reply) => reply.found).length;
		const optOuts = results.filter((reply) => reply.optOut).length;
		const recall = (optOuts - missed.length) / optOuts;
		const precision = (found - wrong.length) / found;
		console.log(
			`opt-out corpus: ${corpus.length} replies (${optOuts} opt-outs, ${corpus.length - optOuts} look-alikes); ` +
				`recall ${(recall * 100).toFixed(2)}%, precision ${(precision * 100).toFixed(2)}%; ` +
				`wrongly marked: ${wrong.map((reply) => JSON.stringify(reply.text)).join(', ') || 'none'}`,
		);
		expect(missed.map((reply) => reply.text)).toEqual([]);
		expect(recall).toBe(1);
		expect(precision).toBeGreaterThanOrEqual(0.99);
		// the hard cases are the only errors, and they are errors: the rule is what this measures
		expect(wrong.map((reply) => reply.text).sort()).toEqual(
			HARD_CASES.map((hard) => hard.text).sort(),
		);
	});
});
