/** The shortest part of the key, from its start, that is taken out of a text where it is cut. */
export const MIN_KEY_PREFIX = 8;

const MASK = '***';

/**
 * The forms the key takes in the texts the package handles: as typed, URL-encoded (both
 * `encodeURIComponent` and the form encoding, where a space is `+`), JSON-escaped, and base64
 * (standard and URL-safe, as in a Basic header or a token echoed back encoded).
 */
export function keyForms(secret: string): string[] {
	if (!secret) return [];
	const base64 = Buffer.from(secret, 'utf8').toString('base64');
	return [...new Set([...textForms(secret), base64, base64.replace(/=+$/, ''), Buffer.from(secret, 'utf8').toString('base64url')])];
}

function textForms(secret: string): string[] {
	return [
		...new Set([
			secret,
			encodeURIComponent(secret),
			new URLSearchParams({ k: secret }).toString().slice(2),
			encodeURIComponent(encodeURIComponent(secret)),
			JSON.stringify(secret).slice(1, -1),
		]),
	];
}

/** Where `form` shows in `text`: whole, or cut to a prefix of MIN_KEY_PREFIX characters or more. */
function spansOf(text: string, form: string): Array<[number, number]> {
	const spans: Array<[number, number]> = [];
	const head = form.slice(0, Math.min(MIN_KEY_PREFIX, form.length));
	for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, at + 1)) {
		let length = head.length;
		while (length < form.length && text[at + length] === form[length]) length++;
		spans.push([at, at + length]);
	}
	return spans;
}

/**
 * Takes the key out of a text in every form it can take there, any cut of it (a prefix of
 * MIN_KEY_PREFIX characters or more, as an error shows a long value it quotes: `"LKahpwDLT29g..."`),
 * and any base64 text that holds it.
 */
const BASE64_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;

/**
 * Base64 runs that hold the key somewhere inside (a whole request echoed back encoded, where the
 * key does not start on a 3-byte boundary and so shows in no form of its own).
 */
function encodedSpans(text: string, secret: string): Array<[number, number]> {
	if (!secret) return [];
	const spans: Array<[number, number]> = [];
	const forms = textForms(secret);
	for (const match of text.matchAll(BASE64_RUN)) {
		const decoded = Buffer.from(match[0].replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
		if (forms.some((form) => spansOf(decoded, form).length > 0)) spans.push([match.index, match.index + match[0].length]);
	}
	return spans;
}

export function redact(text: string, secret: string): string {
	// every form is searched in the original text, and overlapping finds are masked as one
	const spans = [...keyForms(secret).flatMap((form) => spansOf(text, form)), ...encodedSpans(text, secret)].sort((a, b) => a[0] - b[0]);
	if (spans.length === 0) return text;
	let result = '';
	let from = 0;
	for (const [start, end] of spans) {
		if (end <= from) continue;
		if (start >= from) result += `${text.slice(from, start)}${MASK}`;
		from = end;
	}
	return result + text.slice(from);
}

/** A copy of any JSON value with the key taken out of every string in it (keys of objects included). */
export function redactDeep<T>(value: T, secret: string): T {
	if (!secret) return value;
	if (typeof value === 'string') return redact(value, secret) as T;
	if (Array.isArray(value)) return value.map((entry: unknown) => redactDeep(entry, secret)) as T;
	if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
		const copy: Record<string, unknown> = {};
		for (const [name, entry] of Object.entries(value)) copy[redact(name, secret)] = redactDeep(entry, secret);
		return copy as T;
	}
	return value;
}
