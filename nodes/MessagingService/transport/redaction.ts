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
	const forms = [
		secret,
		encodeURIComponent(secret),
		new URLSearchParams({ k: secret }).toString().slice(2),
		encodeURIComponent(encodeURIComponent(secret)),
		JSON.stringify(secret).slice(1, -1),
		base64,
		base64.replace(/=+$/, ''),
		Buffer.from(secret, 'utf8').toString('base64url'),
	];
	// longest first, so that a form is masked whole before a shorter one inside it
	return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/** Masks, in `text`, every run that is a prefix of `form` at least MIN_KEY_PREFIX long (the whole form included). */
function maskPrefixes(text: string, form: string): string {
	const head = form.slice(0, MIN_KEY_PREFIX);
	if (form.length < MIN_KEY_PREFIX) return text.split(form).join(MASK);
	let at = text.indexOf(head);
	if (at < 0) return text;
	let result = '';
	let from = 0;
	while (at >= 0) {
		let length = MIN_KEY_PREFIX;
		while (length < form.length && text[at + length] === form[length]) length++;
		result += `${text.slice(from, at)}${MASK}`;
		from = at + length;
		at = text.indexOf(head, from);
	}
	return result + text.slice(from);
}

/**
 * Takes the key out of a text in every form it can take there, and any cut of it (a prefix of
 * MIN_KEY_PREFIX characters or more, as an error shows a long value it quotes: `"LKahpwDLT29g..."`).
 */
export function redact(text: string, secret: string): string {
	let result = text;
	for (const form of keyForms(secret)) result = maskPrefixes(result, form);
	return result;
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
