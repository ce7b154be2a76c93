/** The shortest part of the key, from its start, that is taken out of a text where it is cut. */
export const MIN_KEY_PREFIX = 8;

const MASK = '***';

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

/**
 * What a text form of the key looks like inside a longer base64 text (a whole request echoed back
 * encoded): at each of the three byte alignments, the characters that only the key decides, in
 * the standard and the URL-safe alphabet.
 */
function base64Cores(form: string): string[] {
	const bytes = Buffer.from(form, 'utf8');
	const cores: string[] = [];
	for (const shift of [0, 1, 2]) {
		const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
		const core = encoded.slice(shift === 0 ? 0 : 4, Math.floor((shift + bytes.length) / 3) * 4);
		if (core.length >= MIN_KEY_PREFIX)
			cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
	}
	return cores;
}

/**
 * The forms the key takes in the texts the package handles: as typed, URL-encoded (both
 * `encodeURIComponent` and the form encoding, where a space is `+`, and twice), JSON-escaped,
 * and base64 (standard and URL-safe, alone or inside a longer base64 text).
 */
export function keyForms(secret: string): string[] {
	if (!secret) return [];
	const base64 = Buffer.from(secret, 'utf8').toString('base64');
	const text = textForms(secret);
	const encoded = [
		base64,
		base64.replace(/=+$/, ''),
		Buffer.from(secret, 'utf8').toString('base64url'),
		...text.flatMap(base64Cores),
	];
	return [...new Set([...text, ...encoded])];
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
 * also where it is encoded inside a longer base64 text.
 */
export function redact(text: string, secret: string): string {
	return redactForms(text, keyForms(secret));
}

function redactForms(text: string, forms: string[]): string {
	// every form is searched in the original text, and overlapping finds are masked as one
	const spans = forms.flatMap((form) => spansOf(text, form)).sort((a, b) => a[0] - b[0]);
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
	return secret ? redactDeepWith(value, keyForms(secret)) : value;
}

function redactDeepWith<T>(value: T, forms: string[]): T {
	if (typeof value === 'string') return redactForms(value, forms) as T;
	if (Array.isArray(value)) return value.map((entry: unknown) => redactDeepWith(entry, forms)) as T;
	if (
		typeof value === 'object' &&
		value !== null &&
		Object.getPrototypeOf(value) === Object.prototype
	) {
		const copy: Record<string, unknown> = {};
		for (const [name, entry] of Object.entries(value))
			copy[redactForms(name, forms)] = redactDeepWith(entry, forms);
		return copy as T;
	}
	return value;
}

/** Takes the key out of many values at once (the forms of the key are worked out once). */
export function redactAll<T>(values: T[], secret: string): T[] {
	if (!secret) return values;
	const forms = keyForms(secret);
	return values.map((value) => redactDeepWith(value, forms));
}
