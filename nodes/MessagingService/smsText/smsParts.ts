import { gsm7Extension, isGsm7 } from './gsm7';

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsPartsCount {
	parts: number;
	encoding: SmsEncoding;
	/** The characters outside GSM-7 that make the text UCS-2, each once, in order of appearance */
	ucs2Characters: string[];
}

/** Characters (GSM-7 septets or UCS-2 units) in a single-part SMS, and in each part of a split one. */
export const PART_SIZE: Record<SmsEncoding, { single: number; split: number }> = {
	'GSM-7': { single: 160, split: 153 },
	'UCS-2': { single: 70, split: 67 },
};

function unitsOf(char: string, encoding: SmsEncoding): number {
	if (encoding === 'UCS-2') return char.length;
	return gsm7Extension.has(char) ? 2 : 1;
}

/**
 * The parts and encoding of an SMS text. A split message's parts carry a 6-byte header, hence 153
 * and 67. An extension character (ESC plus septet) and a character outside the BMP (a surrogate
 * pair, two UCS-2 units) are never split across parts: when one does not fit, it starts the next.
 */
export function countSmsParts(text: string): SmsPartsCount {
	const chars = Array.from(text);
	const ucs2Characters = [...new Set(chars.filter((char) => !isGsm7(char)))];
	const encoding: SmsEncoding = ucs2Characters.length > 0 ? 'UCS-2' : 'GSM-7';
	const units = chars.map((char) => unitsOf(char, encoding));
	const { single, split } = PART_SIZE[encoding];
	if (units.reduce((sum, size) => sum + size, 0) <= single)
		return { parts: 1, encoding, ucs2Characters };

	let parts = 1;
	let used = 0;
	for (const size of units) {
		if (used + size > split) {
			parts += 1;
			used = 0;
		}
		used += size;
	}
	return { parts, encoding, ucs2Characters };
}
