import type { IExecuteFunctions } from 'n8n-workflow';

import { invalidField } from '../base/validation';
import { readCredential } from '../transport/request';
import { asCountryCode, checkPhoneNumber, PHONE_RULE } from '../phoneNumbers/validate';
import { readWrittenPhone } from '../phoneNumbers/writtenForm';
import { credentialCountries } from './processMemory';

export { PHONE_RULE };

/**
 * The digits of a phone the service gave or a person wrote, without checking it against a
 * numbering plan: separators, a leading + or 00 removed, 7 to 15 digits left. For the phones the
 * service sends back (replies, chats), which are keys, not numbers to send to; what the package
 * sends to is checked per country (checkPhoneOfItem).
 */
export function normalizePhone(raw: unknown): string | undefined {
	const written = readWrittenPhone(raw);
	return written && /^\d{7,15}$/.test(written.digits) ? written.digits : undefined;
}

export const DEFAULT_COUNTRY = 'Default Country';
export const DEFAULT_COUNTRY_RULE =
	'give the ISO 3166 code of a country, e.g. BY, GB or US, or leave it empty';

/** Reads the credential's Default Country for the run; a credential that cannot be read is reported by the requests. */
export async function loadDefaultCountry(context: IExecuteFunctions): Promise<void> {
	try {
		const value = (await readCredential(context, 0)).defaultCountry;
		credentialCountries.set(context, typeof value === 'string' ? value.trim() : '');
	} catch {
		credentialCountries.set(context, '');
	}
}

/**
 * The Default Country national numbers are read in for item `itemIndex`: the node's option,
 * else the credential's; undefined when neither is set.
 */
export function defaultCountryOf(
	context: IExecuteFunctions,
	itemIndex: number,
): string | undefined {
	const option = context.getNodeParameter('options.defaultCountry', itemIndex, '');
	const given = typeof option === 'string' ? option.trim() : '';
	if (given !== '') {
		const country = asCountryCode(given);
		if (!country)
			throw invalidField(
				context.getNode(),
				DEFAULT_COUNTRY,
				option,
				DEFAULT_COUNTRY_RULE,
				itemIndex,
			);
		return country;
	}
	const stored = credentialCountries.get(context) ?? '';
	if (stored === '') return undefined;
	const country = asCountryCode(stored);
	if (!country)
		throw invalidField(
			context.getNode(),
			`${DEFAULT_COUNTRY} (in the credential)`,
			stored,
			DEFAULT_COUNTRY_RULE,
			itemIndex,
		);
	return country;
}

/** A phone the package is to send to, checked against its country's plan: the digits the service takes, or undefined and why. */
export function phoneOfItem(
	context: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
): { phone: string } | { problem: string } {
	return checkPhoneNumber(value, defaultCountryOf(context, itemIndex));
}
