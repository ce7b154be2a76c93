import { DEFAULT_HELP_KEYWORDS, DEFAULT_OPT_IN_KEYWORDS } from './optInHelpKeywords';
import { DEFAULT_OPT_OUT_KEYWORDS, PLAIN_WORD_OPT_OUTS, POLITE_WORDS } from './optOutKeywords';
import { ASKING_FRAMES, INSISTING_FRAMES, TRAILING_OBJECTS } from './phrasing';
import { phraseOf, saidOnce, sentencesOf, withSpacedLettersJoined, type Sentence } from './text';

/** What a reply says about consent: it asks to stop, to get messages again, or for help. */
export type Consent = 'optOut' | 'optIn' | 'help';

/** What a reply's text says about consent: the class and the keyword found, as the list spells it, or none. */
export interface ConsentMatch {
	consent: Consent | null;
	keyword: string | null;
}

/** What a reply's text says about opting out (the opt-out part of a ConsentMatch). */
export interface OptOutMatch {
	optOut: boolean;
	keyword: string | null;
}

/** Phrases as words, longest first, by the word they start (or end) with: a lookup per word rather than a scan of every phrase. */
function indexed(phrases: readonly string[], by: 'first' | 'last'): Map<string, string[][]> {
	const index = new Map<string, string[][]>();
	const all = [...new Set(phrases)]
		.map(phraseOf)
		.filter((words) => words.length > 0)
		.sort((a, b) => b.length - a.length);
	for (const words of all) {
		const key = by === 'first' ? words[0] : words[words.length - 1];
		index.set(key, [...(index.get(key) ?? []), words]);
	}
	return index;
}
const POLITE = indexed(POLITE_WORDS, 'first');
const INSISTING = indexed(INSISTING_FRAMES, 'first');
const ASKING = indexed(ASKING_FRAMES, 'first');
const TRAILING = indexed(TRAILING_OBJECTS, 'last');
const PLAIN_WORDS: ReadonlySet<string> = new Set(
	PLAIN_WORD_OPT_OUTS.map((keyword) => phraseOf(keyword).join(' ')),
);

const startsWith = (words: readonly string[], phrase: readonly string[], at: number) =>
	phrase.every((word, offset) => words[at + offset] === word);

/** The words of a sentence without the polite ones, wherever they stand. */
function withoutPoliteWords(words: readonly string[]): string[] {
	const kept: string[] = [];
	let index = 0;
	while (index < words.length) {
		const polite = POLITE.get(words[index])?.find((phrase) => startsWith(words, phrase, index));
		if (polite) {
			index += polite.length;
		} else {
			kept.push(words[index]);
			index++;
		}
	}
	return kept;
}

/** The key a keyword or a sentence is looked up by. */
function keyOf(words: readonly string[]): string {
	return withoutPoliteWords(words).join(' ');
}

/**
 * The sentence without the frames before its keyword and the objects after it, or undefined when
 * it has none. A question keeps its insisting frames ("I said stop?"), so it is read only when it
 * asks ("Can you stop texting me?").
 */
function core(words: readonly string[], question: boolean, framed = true): string[] | undefined {
	let start = 0;
	let end = words.length;
	let asked = false;
	for (let found = framed; found; ) {
		found = false;
		const asking = ASKING.get(words[start])?.find(
			(phrase) => startsWith(words, phrase, start) && start + phrase.length < end,
		);
		const insisting = question
			? undefined
			: INSISTING.get(words[start])?.find(
					(phrase) => startsWith(words, phrase, start) && start + phrase.length < end,
				);
		const frame = asking ?? insisting;
		if (frame) {
			asked ||= frame === asking;
			start += frame.length;
			found = true;
		}
	}
	if (question && !asked && framed) return undefined;
	for (let found = true; found; ) {
		found = false;
		const object = TRAILING.get(words[end - 1])?.find(
			(phrase) => end - phrase.length > start && startsWith(words, phrase, end - phrase.length),
		);
		if (object) {
			end -= object.length;
			found = true;
		}
	}
	return start === 0 && end === words.length ? undefined : saidOnce(words.slice(start, end));
}

/** Every default keyword of a class, each language's list in turn (a keyword shared by languages once). */
function defaults(lists: Readonly<Record<string, readonly string[]>>): string[] {
	return [...new Set(Object.values(lists).flat())];
}

/** Every default opt-out keyword. */
export function defaultOptOutKeywords(): string[] {
	return defaults(DEFAULT_OPT_OUT_KEYWORDS);
}

export function defaultOptInKeywords(): string[] {
	return defaults(DEFAULT_OPT_IN_KEYWORDS);
}

export function defaultHelpKeywords(): string[] {
	return defaults(DEFAULT_HELP_KEYWORDS);
}

/** A class's keywords by the key they are looked up by. */
function keyed(keywords: readonly string[]): Map<string, string> {
	const map = new Map<string, string>();
	for (const keyword of keywords) {
		const key = keyOf(phraseOf(keyword));
		if (key !== '' && !map.has(key)) map.set(key, keyword.trim());
	}
	return map;
}

/** The keywords of each class; opt-in and help may be empty (not recognised). */
export interface ConsentKeywords {
	optOut: readonly string[];
	optIn?: readonly string[];
	help?: readonly string[];
}

/**
 * Recognises what a reply asks about consent. The rule: a reply opts out when one of its
 * sentences (split at . ! ? ; … and line breaks) is an opt-out keyword once polite words
 * ("please", "пожалуйста", "bitte", "por favor"...) are set aside, said once or more ("STOP STOP"),
 * or such a keyword between a frame and objects ("I said STOP", "stop it already"; see
 * phrasing.ts), unless the keyword is also a plain word ("cancel", "end"). Opt-in keywords count
 * alone or with their object ("START ads"); a help keyword only when the reply says nothing else
 * ("HELP", "Info please"; not "Help! I can't log in"). Words are compared after NFKC, lower case, without
 * accents or other marks, with look-alike Cyrillic/Greek letters read as Latin and spaced or
 * dotted letters read as one word ("S T O P", "S.T.O.P"); punctuation and emoji do not count. A
 * reply that says several: opt-out first, then opt-in, then help.
 */
export class ConsentRecognizer {
	private readonly classes: Array<[Consent, Map<string, string>]>;

	/** `keywords`: phrases as the user writes them; each must keep a word once polite words are set aside (see `unusable`). */
	constructor(keywords: ConsentKeywords) {
		this.classes = [
			['optOut', keyed(keywords.optOut)],
			['optIn', keyed(keywords.optIn ?? [])],
			['help', keyed(keywords.help ?? [])],
		];
	}

	/** The keywords that could never match: nothing left of them but punctuation, emoji or polite words. */
	static unusable(keywords: readonly string[]): string[] {
		return keywords.filter((keyword) => keyOf(phraseOf(keyword)) === '');
	}

	/** How many opt-out keywords it knows. */
	get size(): number {
		return this.classes[0][1].size;
	}

	/** The class and keyword a sentence is, in one of its readings, or undefined. */
	private sentenceMatch(sentence: Sentence): ConsentMatch | undefined {
		const spaced = withSpacedLettersJoined(sentence.words);
		const readings =
			spaced.length === sentence.words.length ? [sentence.words] : [sentence.words, spaced];
		for (const reading of readings) {
			const words = saidOnce(withoutPoliteWords(reading));
			for (const [consent, keywords] of this.classes) {
				const keyword = keywords.get(words.join(' '));
				if (keyword !== undefined) return { consent, keyword };
			}
			const inner = core(words, sentence.question)?.join(' ');
			const keyword =
				inner === undefined || PLAIN_WORDS.has(inner) ? undefined : this.classes[0][1].get(inner);
			if (keyword !== undefined) return { consent: 'optOut', keyword };
			const object = sentence.question ? undefined : core(words, false, false)?.join(' ');
			const optIn = object === undefined ? undefined : this.classes[1][1].get(object);
			if (optIn !== undefined) return { consent: 'optIn', keyword: optIn };
		}
		return undefined;
	}

	match(text: string): ConsentMatch {
		const sentences = sentencesOf(text).filter(
			(sentence) => withoutPoliteWords(sentence.words).length > 0,
		);
		const found = sentences.map((sentence) => this.sentenceMatch(sentence));
		for (const consent of ['optOut', 'optIn'] as const) {
			const first = found.find((match) => match?.consent === consent);
			if (first) return first;
		}
		// a help request with something else to say ("Help! I can't log in") is a question for the bot or a person
		const help = found.every((match) => match?.consent === 'help') ? found[0] : undefined;
		return help ?? { consent: null, keyword: null };
	}

	/** The opt-out part of `match`. */
	matchOptOut(text: string): OptOutMatch {
		const { consent, keyword } = this.match(text);
		return consent === 'optOut' ? { optOut: true, keyword } : { optOut: false, keyword: null };
	}
}
