/**
 * What people and programs put between the digits of a phone number: every space (also the
 * non-breaking and zero-width ones), every dash (hyphen, en dash, non-breaking hyphen, minus
 * sign...), dots, slashes and brackets.
 */
const SEPARATORS = /[\s\p{Pd}\u2212\u200B-\u200D\u2060.()/[\]]/gu;

/** A phone as written, reduced to its digits; `international` when it was written with + or 00. */
export interface WrittenPhone {
	digits: string;
	international: boolean;
}

/**
 * The digits of a phone as people write it: separators removed, a leading + or 00 read as the
 * international form. Undefined when what is left is not 4 to 17 digits (no country's number
 * is shorter, and none with its code longer than 15 digits plus a trunk prefix).
 */
export function readWrittenPhone(raw: unknown): WrittenPhone | undefined {
	if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
	let text = String(raw).trim().replace(SEPARATORS, '');
	let international = false;
	if (text.startsWith('+')) {
		text = text.slice(1);
		international = true;
	}
	// `+00375...` is written by people who mix both forms: the same number as `00375...`
	if (text.startsWith('00')) {
		text = text.slice(2);
		international = true;
	}
	return /^\d{4,17}$/.test(text) ? { digits: text, international } : undefined;
}
