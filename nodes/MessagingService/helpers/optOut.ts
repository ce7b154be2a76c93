import { DEFAULT_OPT_OUT_KEYWORDS, POLITE_WORDS } from './optOutKeywords';

/**
 * Cyrillic and Greek letters that look like Latin ones (after lower-casing), read as the Latin
 * letter on both sides of a comparison: "SТОP" typed with a Cyrillic Т and О is "stop", and a
 * Russian "стоп" typed with a Latin c is "стоп".
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
	а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's',
	α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
};
/** Letters with no decomposition that people replace by the plain one. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = { ł: 'l', ß: 'ss', ø: 'o', đ: 'd' };

const SENTENCE_END = /[.!?;…\n\r。！？]+/u;
const WORD = /[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu;

/**
 * One word as it is compared: NFKC (full-width and styled letters become plain ones), lower case,
 * accents and other combining marks dropped, look-alike letters read as Latin, a letter repeated
 * three times or more read once ("stooop"), hyphens and apostrophes dropped ("opt-out" is "optout",
 * "don't" is "dont").
 */
function comparable(word: string): string {
	const plain = word
		.normalize('NFD')
		.replace(/\p{M}+/gu, '')
		.replace(/./gu, (letter) => PLAIN_LETTERS[letter] ?? LOOK_ALIKES[letter] ?? letter);
	return plain.replace(/(\p{L})\1{2,}/gu, '$1').replace(/['-]/g, '');
}

/** The sentences of a text, each as its words in the form they are compared in (punctuation, emoji and invisible characters left out). */
export function sentencesOf(text: string): string[][] {
	const clean = text
		.normalize('NFKC')
		.toLowerCase()
		.replace(/[\u2018\u2019\u02BC\u0060\u00B4]/g, "'")
		// zero-width spaces, joiners, soft hyphens: invisible, never a word break
		.replace(/\p{Cf}/gu, '');
	return clean
		.split(SENTENCE_END)
		.map((sentence) => (sentence.match(WORD) ?? []).map(comparable).filter((word) => word !== ''))
		.filter((words) => words.length > 0);
}

function phraseOf(text: string): string[] {
	return sentencesOf(text).flat();
}

const POLITE = [...new Set(POLITE_WORDS)].map(phraseOf).sort((a, b) => b.length - a.length);

/** The words of a sentence without the polite ones, wherever they stand. */
function withoutPoliteWords(words: string[]): string[] {
	const kept: string[] = [];
	let index = 0;
	while (index < words.length) {
		const polite = POLITE.find((phrase) => phrase.every((word, offset) => words[index + offset] === word));
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
function keyOf(words: string[]): string {
	return withoutPoliteWords(words).join(' ');
}

/** What a reply's text says about opting out: the keyword found, as the list spells it, or none. */
export interface OptOutMatch {
	optOut: boolean;
	keyword: string | null;
}

/** Every default keyword, each language's list in turn (a keyword shared by languages once). */
export function defaultOptOutKeywords(): string[] {
	return [...new Set(Object.values(DEFAULT_OPT_OUT_KEYWORDS).flat())];
}

/**
 * Recognises replies that ask to stop. The rule: a reply opts out when one of its sentences
 * (split at . ! ? ; … and line breaks) is exactly a keyword, once polite words ("please",
 * "пожалуйста", "bitte", "por favor"...) are set aside. Words are compared after NFKC, lower
 * case, without accents, with look-alike Cyrillic/Greek letters read as Latin; commas, other
 * punctuation and emoji do not count. So "STOP!!", "Stop please", "стоп 🛑" and "Отписаться" opt
 * out, and "don't stop", "stop by tomorrow" and "unstoppable" do not.
 */
export class OptOutRecognizer {
	private readonly keywords = new Map<string, string>();

	/** `keywords`: phrases as the user writes them; each must keep a word once polite words are set aside (see `unusable`). */
	constructor(keywords: readonly string[]) {
		for (const keyword of keywords) {
			const key = keyOf(phraseOf(keyword));
			if (key !== '' && !this.keywords.has(key)) this.keywords.set(key, keyword.trim());
		}
	}

	/** The keywords that could never match: nothing left of them but punctuation, emoji or polite words. */
	static unusable(keywords: readonly string[]): string[] {
		return keywords.filter((keyword) => keyOf(phraseOf(keyword)) === '');
	}

	get size(): number {
		return this.keywords.size;
	}

	match(text: string): OptOutMatch {
		for (const sentence of sentencesOf(text)) {
			const keyword = this.keywords.get(keyOf(sentence));
			if (keyword !== undefined) return { optOut: true, keyword };
		}
		return { optOut: false, keyword: null };
	}
}
