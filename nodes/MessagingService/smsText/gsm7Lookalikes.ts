import { isGsm7 } from './gsm7';

/** Characters outside GSM-7 and the GSM-7 text that looks like them ('' removes an invisible one). */
export const GSM7_LOOKALIKES: Readonly<Record<string, string>> = {
	'\u2018': "'", // ‘ left single quotation mark
	'\u2019': "'", // ’ right single quotation mark, the typographic apostrophe
	'\u201A': "'", // ‚ single low-9 quotation mark
	'\u201B': "'", // ‛ single high-reversed-9 quotation mark
	'\u2032': "'", // ′ prime
	'\u02BC': "'", // ʼ modifier letter apostrophe
	'\u00B4': "'", // ´ acute accent
	'`': "'", // grave accent, not in GSM-7
	'\u201C': '"', // “ left double quotation mark
	'\u201D': '"', // ” right double quotation mark
	'\u201E': '"', // „ double low-9 quotation mark
	'\u201F': '"', // ‟ double high-reversed-9 quotation mark
	'\u2033': '"', // ″ double prime
	'\u00AB': '"', // « left guillemet
	'\u00BB': '"', // » right guillemet
	'\u2010': '-', // ‐ hyphen
	'\u2011': '-', // ‑ non-breaking hyphen
	'\u2012': '-', // ‒ figure dash
	'\u2013': '-', // – en dash
	'\u2014': '-', // — em dash
	'\u2015': '-', // ― horizontal bar
	'\u2212': '-', // − minus sign
	'\u2026': '...', // … ellipsis
	'\u00A0': ' ', // no-break space
	'\u2002': ' ', // en space
	'\u2003': ' ', // em space
	'\u2009': ' ', // thin space
	'\u200A': ' ', // hair space
	'\u202F': ' ', // narrow no-break space
	'\u205F': ' ', // medium mathematical space
	'\u3000': ' ', // ideographic space
	'\t': ' ', // tab
	'\u200B': '', // zero-width space
	'\u2060': '', // word joiner
	'\uFEFF': '', // zero-width no-break space (byte order mark)
	'\u00AD': '', // soft hyphen
};

export interface Gsm7Rewrite {
	text: string;
	/** How many characters were replaced (0: the text is unchanged) */
	replaced: number;
}

/**
 * The text with its look-alikes replaced, only when that makes all of it GSM-7: in a text that
 * stays UCS-2 anyway (an emoji, Cyrillic) a replacement saves nothing, and "..." is longer than "…".
 */
export function preferGsm7(text: string): Gsm7Rewrite {
	let replaced = 0;
	const chars = Array.from(text).map((char) => {
		const lookalike = GSM7_LOOKALIKES[char];
		if (lookalike === undefined) return char;
		replaced += 1;
		return lookalike;
	});
	if (replaced === 0 || !chars.every((char) => char === '' || Array.from(char).every(isGsm7)))
		return { text, replaced: 0 };
	return { text: chars.join(''), replaced };
}
