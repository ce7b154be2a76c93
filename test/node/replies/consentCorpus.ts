// The consent corpus: the replies of consentCorpusSources.ts and consentCorpusPhrasings.ts, each in
// the forms people type it. A reply with a label (opt-out, opt-in, help) comes as written, in
// capitals with "!!", with a polite word of its language and with an emoji; a one-word keyword of
// a published list also said twice, spaced out, dotted, or with an underline or a strike-through
// after each letter (combining marks NFKC cannot compose), one of these each in turn. A reply without a label comes as
// written, in capitals and with an emoji.
import { DELIBERATE_DIFFERENCES, SOURCE_GROUPS, type Label } from './consentCorpusSources';
import { PHRASING_GROUPS } from './consentCorpusPhrasings';

const POLITE: Record<string, string> = {
	english: 'please',
	mixed: 'please',
	russian: 'пожалуйста',
	russianTransliterated: 'pozhaluysta',
	belarusian: 'калі ласка',
	ukrainian: 'будь ласка',
	polish: 'proszę',
	german: 'bitte',
	spanish: 'por favor',
};

export interface ConsentReply {
	text: string;
	label: Label;
	language: string;
	source: string;
}

const marked = (word: string, mark: string) => [...word].map((letter) => letter + mark).join('');

const STYLES: Array<(upper: string) => string> = [
	(upper) => `${upper} ${upper}`,
	(upper) => [...upper].join(' '),
	(upper) => [...upper].join('.'),
	(upper) => marked(upper, '\u0332'),
	(upper) => marked(upper, '\u0336'),
];
let styled = 0;

/** The form a one-word keyword of a published list also comes in: each keyword the next of the five styles, so each style is about a fifth of them. */
function styledForms(reply: string): string[] {
	if (!/^\p{L}{3,}$/u.test(reply)) return [];
	return [STYLES[styled++ % STYLES.length](reply.toUpperCase())];
}

function formsOf(reply: string, label: Label, language: string, published: boolean): string[] {
	if (label === null) return [reply, `${reply.toUpperCase()}!`, `${reply} 😊`];
	return [
		reply,
		`${reply.toUpperCase()}!!`,
		`${reply} ${POLITE[language] ?? 'please'}`,
		`${reply} 🙏`,
		...(published ? styledForms(reply) : []),
	];
}

export function consentCorpus(): ConsentReply[] {
	styled = 0;
	const corpus: ConsentReply[] = [];
	const seen = new Set<string>();
	for (const [groups, published] of [
		[SOURCE_GROUPS, true],
		[PHRASING_GROUPS, false],
	] as const) {
		for (const { source, language, label, replies } of groups) {
			for (const reply of replies) {
				for (const text of formsOf(reply, label, language, published)) {
					if (seen.has(text)) continue;
					seen.add(text);
					corpus.push({ text, label, language, source });
				}
			}
		}
	}
	for (const { text, label, source } of DELIBERATE_DIFFERENCES)
		corpus.push({ text, label, language: 'english', source });
	return corpus;
}
