/**
 * What people and programs put between the digits of a phone number: every space (also the
 * non-breaking and zero-width ones), every dash (hyphen, en dash, non-breaking hyphen, minus
 * sign...), dots, slashes and brackets.
 */
const SEPARATORS = /[\s\p{Pd}\u2212\u200B-\u200D\u2060.()/[\]]/gu;

/**
 * Normalises a phone number the way people write them: the separators go, and so does a leading
 * + or 00; what remains must be 7 to 15 digits (country code included).
 * Returns the digits, or undefined when the number cannot be one.
 */
export function normalizePhone(raw: unknown): string | undefined {
	if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
	let phone = String(raw).trim().replace(SEPARATORS, '');
	if (phone.startsWith('+')) phone = phone.slice(1);
	// `+00375...` is written by people who mix both forms: the same number as `00375...`
	if (phone.startsWith('00')) phone = phone.slice(2);
	return /^\d{7,15}$/.test(phone) ? phone : undefined;
}

export const PHONE_RULE = 'a phone number must have 7 to 15 digits including the country code, e.g. +375 29 123-45-67';
