import {
	countryName,
	firstDigitsOf,
	fitsPlan,
	planOfCountry,
	plansOfNumber,
	type CountryPlan,
} from './plans';
import { readWrittenPhone } from './writtenForm';

/** A phone checked against its country's plan: the digits the service takes (E.164 without +), or why not. */
export type PhoneVerdict = { phone: string; country: string } | { problem: string };

export const PHONE_RULE =
	'a phone number must have 7 to 15 digits including the country code, e.g. +375 29 123-45-67';

const SET_DEFAULT = "or set Default Country (in the credential, or in the node's options)";

function lengthsText(lengths: number[]): string {
	const unique = [...new Set(lengths)].sort((a, b) => a - b);
	return unique.length === 1
		? String(unique[0])
		: `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
}

function namesOf(plans: CountryPlan[]): string {
	const names = [...new Set(plans.map((plan) => countryName(plan.country)))];
	return names.length > 3 ? `${names.slice(0, 3).join(', ')} and others` : names.join(', ');
}

/** The national significant number in `digits` for one of `plans`: as written, or after a trunk prefix ("(0)"). */
function nationalNumberOf(
	plans: CountryPlan[],
	digits: string,
): { plan: CountryPlan; number: string } | undefined {
	// a trunk prefix goes first where the rest fits, as libphonenumber does: +375 8029... is 37529..., not 3758029...
	for (const plan of plans) {
		for (const prefix of plan.trunkPrefixes) {
			if (digits.startsWith(prefix) && fitsPlan(plan, digits.slice(prefix.length)))
				return { plan, number: digits.slice(prefix.length) };
		}
	}
	for (const plan of plans) if (fitsPlan(plan, digits)) return { plan, number: digits };
	return undefined;
}

/** Why digits after a calling code do not fit its plans. */
function misfit(callingCode: string, plans: CountryPlan[], number: string): string {
	const prefixes = plans.flatMap((plan) =>
		plan.trunkPrefixes.filter((prefix) => number.startsWith(prefix)),
	);
	const counted = prefixes.length > 0 ? number.slice(prefixes[0].length) : number;
	const names = `${namesOf(plans)} (+${callingCode})`;
	const ofFirst = plans.flatMap((plan) => plan.lengthsByFirstDigit.get(counted[0]) ?? []);
	if (ofFirst.length > 0)
		return `numbers of ${names} that start with ${counted[0]} have ${lengthsText(ofFirst)} digits after +${callingCode}, this one has ${counted.length}`;
	const lengths = plans.flatMap((plan) => plan.lengths);
	if (lengths.includes(counted.length))
		return `numbers of ${names} of ${counted.length} digits start with one of ${firstDigitsOf(plans, counted.length)}, not ${counted[0]}`;
	return `numbers of ${names} have ${lengthsText(lengths)} digits after +${callingCode}, this one has ${counted.length}`;
}

function international(digits: string): PhoneVerdict {
	if (digits.startsWith('0')) return { problem: 'no country code starts with 0' };
	const code = plansOfNumber(digits);
	if (!code) return { problem: `no country has a calling code that starts ${digits.slice(0, 3)}` };
	const found = nationalNumberOf(code.plans, digits.slice(code.callingCode.length));
	if (!found)
		return { problem: misfit(code.callingCode, code.plans, digits.slice(code.callingCode.length)) };
	return { phone: code.callingCode + found.number, country: found.plan.country };
}

function national(digits: string, plan: CountryPlan): PhoneVerdict | undefined {
	for (const prefix of plan.trunkPrefixes) {
		if (digits.startsWith(prefix) && fitsPlan(plan, digits.slice(prefix.length)))
			return { phone: plan.callingCode + digits.slice(prefix.length), country: plan.country };
	}
	// the country's own code without +: 4915123456789 with Default Country DE is 49 151..., not a national 4915...
	if (digits.startsWith(plan.callingCode) && fitsPlan(plan, digits.slice(plan.callingCode.length)))
		return { phone: digits, country: plan.country };
	if (fitsPlan(plan, digits)) return { phone: plan.callingCode + digits, country: plan.country };
	return undefined;
}

/**
 * Checks a phone against its country's numbering plan and returns it as the service takes it:
 * the calling code and the national significant number, digits only ("+44 (0)7700 900123" →
 * 447700900123). Digits without + or 00 are international, as the service reads them; with a
 * Default Country (an ISO code such as BY) they are first read as a national number of it,
 * with its trunk prefix ("8 029 113-00-01" → 375291130001).
 */
export function checkPhoneNumber(raw: unknown, defaultCountry?: string): PhoneVerdict {
	const written = readWrittenPhone(raw);
	// fewer than 7 digits is no number with its country code: only a short national one has them
	if (!written || (written.digits.length < 7 && !defaultCountry)) return { problem: PHONE_RULE };
	if (written.international) {
		const verdict = international(written.digits);
		return 'problem' in verdict
			? { problem: `it is not a valid international number: ${verdict.problem}` }
			: verdict;
	}
	const plan = defaultCountry ? planOfCountry(defaultCountry) : undefined;
	if (plan) {
		const verdict = national(written.digits, plan) ?? international(written.digits);
		if (!('problem' in verdict)) return verdict;
		const shortest = Math.min(...plan.trunkPrefixes.map((prefix) => prefix.length));
		const trunk = plan.trunkPrefixes.filter((prefix) => prefix.length === shortest).join(' or ');
		const after = trunk === '' ? '' : ` after the trunk prefix ${trunk}`;
		return {
			problem: `it is neither a national number of ${countryName(plan.country)} (Default Country ${plan.country}: ${lengthsText(plan.lengths)} digits${after}) nor an international one (${verdict.problem})`,
		};
	}
	const verdict = international(written.digits);
	if (!('problem' in verdict)) return verdict;
	if (written.digits.startsWith('0'))
		return {
			problem: `it is a national number: add the country code, e.g. +375 29 113-00-01 for (029) 113-00-01 in Belarus, ${SET_DEFAULT}`,
		};
	return {
		problem: `it is not a valid international number (${verdict.problem}); if it is a national number, add the country code, e.g. +375 29 113-00-01, ${SET_DEFAULT}`,
	};
}

/** An ISO 3166 code the plan knows, upper case; undefined when `value` is not one. */
export function asCountryCode(value: string): string | undefined {
	return planOfCountry(value)?.country;
}
