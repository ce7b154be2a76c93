/**
 * The phones of a Do Not Send To list, normalised as every phone the package sends to
 * (phoneNumbers/validate.ts), so that "+375 (29) 123-45-67", "00375291234567" and, with Default
 * Country BY, "8 029 123-45-67" are one number, and "+44 (0)7700 900123" is 447700900123.
 */
import { isObject } from '../base/guards';
import { checkPhoneNumber } from '../phoneNumbers/validate';

/** Separators of phones written as text: new lines, commas and semicolons. */
const LIST_SEPARATORS = /[\n\r,;]+/;

function fieldOf(entry: Record<string, unknown>, path: string): unknown {
	if (Object.prototype.hasOwnProperty.call(entry, path)) return entry[path];
	let current: unknown = entry;
	for (const key of path.split('.')) {
		if (!isObject(current) || !Object.prototype.hasOwnProperty.call(current, key)) return undefined;
		current = current[key];
	}
	return current;
}

/** The entries a value gives: text split at separators, an array's members, one object or number as itself. */
function entriesOf(value: unknown): unknown[] {
	if (value === undefined || value === null) return [];
	if (typeof value === 'string') return value.split(LIST_SEPARATORS);
	if (Array.isArray(value)) return value;
	return [value];
}

export type SuppressionReading = { phones: Set<string> } | { problem: string };

/**
 * Reads a Do Not Send To value: phones as text (one per line, or separated by commas or
 * semicolons), an array of phones (a national one read in `defaultCountry`), or an array of items or rows (n8n items' `json` is looked
 * into) whose field `phoneField` holds the phone. Blank entries and empty items are skipped; an entry that is not
 * a phone number makes the whole list unreadable, since a list read in part protects nobody.
 */
export function readSuppressionList(
	value: unknown,
	phoneField: string,
	defaultCountry?: string,
): SuppressionReading {
	const phones = new Set<string>();
	const entries = entriesOf(value);
	for (let index = 0; index < entries.length; index++) {
		let entry = entries[index];
		if (isObject(entry)) {
			const row = isObject(entry.json) ? entry.json : entry;
			// an empty item: what a node set to Always Output Data gives for an empty table
			if (Object.keys(row).length === 0) continue;
			entry = fieldOf(row, phoneField);
			if (entry === undefined) {
				const fields = Object.keys(row).slice(0, 8).join(', ');
				return {
					problem: `entry ${index + 1} has no field "${phoneField}" (its fields: ${fields || 'none'}); set Do Not Send To Phone Field to the field that holds the phone`,
				};
			}
		}
		if (entry === null || entry === undefined || (typeof entry === 'string' && entry.trim() === ''))
			continue;
		const verdict = checkPhoneNumber(entry, defaultCountry);
		if ('problem' in verdict) {
			const shown = typeof entry === 'string' ? entry.trim() : JSON.stringify(entry);
			return {
				problem: `entry ${index + 1} "${shown.slice(0, 40)}" is not a phone number (${verdict.problem})`,
			};
		}
		phones.add(verdict.phone);
	}
	return { phones };
}
