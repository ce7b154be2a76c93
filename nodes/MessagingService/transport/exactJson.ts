import { jsonParse } from 'n8n-workflow';

/** Integers with more digits than this may be beyond 2^53 (9007199254740991 has 16). */
const SAFE_DIGITS = 15;
const LONG_DIGITS = new RegExp(`\\d{${SAFE_DIGITS + 1},}`);

function isDigit(code: number): boolean {
	return code >= 48 && code <= 57;
}

/**
 * Writes every integer of a JSON text that JavaScript numbers cannot hold exactly as a string,
 * so that `12345678901234567890` keeps its digits. One pass over the text, no recursion.
 */
function quoteUnsafeIntegers(text: string): string {
	const parts: string[] = [];
	let copiedUpTo = 0;
	let inString = false;
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (inString) {
			if (code === 92 /* \ */) index++;
			else if (code === 34 /* " */) inString = false;
			continue;
		}
		if (code === 34) {
			inString = true;
			continue;
		}
		if (code !== 45 /* - */ && !isDigit(code)) continue;
		let end = index + 1;
		while (end < text.length && isDigit(text.charCodeAt(end))) end++;
		const next = text.charCodeAt(end);
		const isInteger = !((next === 46 /* . */ || next === 101 /* e */ || next === 69) /* E */);
		const token = text.slice(index, end);
		if (isInteger && token !== '-' && !Number.isSafeInteger(Number(token))) {
			parts.push(text.slice(copiedUpTo, index), `"${token}"`);
			copiedUpTo = end;
		}
		// a fraction or exponent is skipped digit by digit by the loop (no quoting inside a number)
		index = isInteger ? end - 1 : end;
		while (!isInteger && index < text.length && /[\d.eE+-]/.test(text[index])) index++;
		if (!isInteger) index--;
	}
	if (copiedUpTo === 0) return text;
	parts.push(text.slice(copiedUpTo));
	return parts.join('');
}

/**
 * Parses the service's JSON answer. Integers beyond 2^53 (IDs, mostly) become strings with
 * their exact digits instead of being rounded; every other value is parsed as JSON.parse does.
 */
export function parseExactJson(text: string): unknown {
	return jsonParse(LONG_DIGITS.test(text) ? quoteUnsafeIntegers(text) : text);
}
