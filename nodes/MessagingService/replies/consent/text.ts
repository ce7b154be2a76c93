/**
 * Cyrillic and Greek letters that look like Latin ones (after lower-casing), read as the Latin
 * letter on both sides of a comparison: "SТОP" typed with a Cyrillic Т and О is "stop", and a
 * Russian "стоп" typed with a Latin c is "стоп".
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
	а: 'a',
	в: 'b',
	е: 'e',
	к: 'k',
	м: 'm',
	н: 'h',
	о: 'o',
	р: 'p',
	с: 'c',
	т: 't',
	у: 'y',
	х: 'x',
	і: 'i',
	ј: 'j',
	ѕ: 's',
	α: 'a',
	ε: 'e',
	ι: 'i',
	κ: 'k',
	ν: 'v',
	ο: 'o',
	ρ: 'p',
	τ: 't',
	υ: 'u',
	χ: 'x',
};
/** Letters with no decomposition that people replace by the plain one, and small capitals that NFKC leaves as they are. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
	ł: 'l',
	ß: 'ss',
	ø: 'o',
	đ: 'd',
	ᴀ: 'a',
	ʙ: 'b',
	ᴄ: 'c',
	ᴅ: 'd',
	ᴇ: 'e',
	ꜰ: 'f',
	ɢ: 'g',
	ʜ: 'h',
	ɪ: 'i',
	ᴊ: 'j',
	ᴋ: 'k',
	ʟ: 'l',
	ᴍ: 'm',
	ɴ: 'n',
	ᴏ: 'o',
	ᴘ: 'p',
	ʀ: 'r',
	ꜱ: 's',
	ᴛ: 't',
	ᴜ: 'u',
	ᴠ: 'v',
	ᴡ: 'w',
	ʏ: 'y',
	ᴢ: 'z',
};

const SENTENCE_END = /([.!?;…\n\r。！？]+)/u;
const WORD = /[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu;
/** Single letters joined by dots, dashes, stars or underscores ("S.T.O.P", "s*t*o*p"): one word, not sentences of one letter. */
const DOTTED_LETTERS = /(?<![\p{L}\p{N}])\p{L}(?:[.\-_*·•~|/+]\p{L}(?![\p{L}\p{N}]))+\.?/gu;

/** One sentence of a reply: its words in the form they are compared in, and whether it asked (ended with "?", or began with "¿"). */
export interface Sentence {
	words: string[];
	question: boolean;
}

/**
 * One word as it is compared: lower case, look-alike letters read as Latin, a letter repeated
 * three times or more read once ("stooop"), hyphens and apostrophes dropped ("opt-out" is
 * "optout", "don't" is "dont"). Accents and other marks are already gone (see `plainText`).
 */
function comparable(word: string): string {
	const plain = word.replace(
		/./gu,
		(letter) => PLAIN_LETTERS[letter] ?? LOOK_ALIKES[letter] ?? letter,
	);
	return plain.replace(/(\p{L})\1{2,}/gu, '$1').replace(/['-]/g, '');
}

/**
 * The text without what does not change its words: NFKC (full-width and styled letters become
 * plain ones), lower case, one apostrophe, no invisible characters, and no combining marks at all.
 * Marks go before words are cut, because a mark NFKC cannot compose with its letter (an underline
 * U+0332 or a strike-through U+0336 after each letter) would otherwise cut "S̲T̲O̲P̲" into four
 * one-letter words.
 */
function plainText(text: string): string {
	return (
		text
			.normalize('NFKC')
			.toLowerCase()
			.replace(/[\u2018\u2019\u02BC\u0060\u00B4]/g, "'")
			// zero-width spaces, joiners, soft hyphens: invisible, never a word break
			.replace(/\p{Cf}/gu, '')
			.normalize('NFD')
			.replace(/\p{M}+/gu, '')
			.replace(DOTTED_LETTERS, (letters) => letters.replace(/[^\p{L}]/gu, ''))
	);
}

/** The sentences of a text (split at . ! ? ; … and line breaks), each as its words (punctuation, emoji and invisible characters left out). */
export function sentencesOf(text: string): Sentence[] {
	const parts = plainText(text).split(SENTENCE_END);
	const sentences: Sentence[] = [];
	for (let index = 0; index < parts.length; index += 2) {
		const words = (parts[index].match(WORD) ?? []).map(comparable).filter((word) => word !== '');
		if (words.length === 0) continue;
		const question =
			(parts[index + 1] ?? '').includes('?') ||
			(parts[index + 1] ?? '').includes('？') ||
			parts[index].includes('¿');
		sentences.push({ words, question });
	}
	return sentences;
}

/** The words of a phrase as they are compared, all sentences together. */
export function phraseOf(text: string): string[] {
	return sentencesOf(text).flatMap((sentence) => sentence.words);
}

/**
 * The sentence with letters spaced out read as one word ("s t o p" is "stop"): a run of three or
 * more one-letter words. Only ever a second reading of a sentence, so "я и ты" keeps its words.
 */
export function withSpacedLettersJoined(words: readonly string[]): string[] {
	const joined: string[] = [];
	let run: string[] = [];
	const flush = () => {
		if (run.length >= 3) joined.push(run.join(''));
		else joined.push(...run);
		run = [];
	};
	for (const word of words) {
		if ([...word].length === 1 && /\p{L}/u.test(word)) {
			run.push(word);
		} else {
			flush();
			joined.push(word);
		}
	}
	flush();
	return joined;
}

/** A sentence that says the same thing several times said once: "stop stop stop", "stop texting me stop texting me". */
export function saidOnce(words: readonly string[]): string[] {
	const single = words.filter((word, index) => index === 0 || word !== words[index - 1]);
	for (let length = 1; length <= single.length / 2; length++) {
		if (single.length % length !== 0) continue;
		if (single.every((word, index) => word === single[index % length]))
			return single.slice(0, length);
	}
	return single;
}
