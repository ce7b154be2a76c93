/**
 * Phones as the world writes them, for the comparison with libphonenumber-js: from its example
 * (mobile) number of every country, variations made with a seeded random source — written
 * forms, a trunk prefix after the code, national forms with and without a Default Country, other
 * last digits, a digit too few or too many, another country's code.
 */
import examples from 'libphonenumber-js/examples.mobile.json';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/max';

import { seededRandom } from '../../harness/seededRandom';

export interface PhoneCase {
	text: string;
	/** the Default Country the number is read with */
	defaultCountry?: string;
	/** the country whose example it was made from, and how */
	from: string;
	variation: string;
}

/** Groups the digits the ways people do: 3-3-4, 2-2-2..., with spaces, dashes, dots or brackets around the first group. */
function written(digits: string, random: () => number): string {
	const separators = [' ', '-', '.', ' ', '\u00a0', ''];
	const separator = separators[Math.floor(random() * separators.length)];
	const groups: string[] = [];
	let rest = digits;
	while (rest.length > 0) {
		const size = rest.length <= 4 ? rest.length : 2 + Math.floor(random() * 3);
		groups.push(rest.slice(0, size));
		rest = rest.slice(size);
	}
	if (groups.length > 1 && random() < 0.3) groups[0] = `(${groups[0]})`;
	return groups.join(separator);
}

function otherDigits(digits: string, count: number, random: () => number): string {
	const kept = digits.slice(0, Math.max(1, digits.length - count));
	let tail = '';
	for (let index = kept.length; index < digits.length; index++)
		tail += String(Math.floor(random() * 10));
	return kept + tail;
}

/** `perCountry` cases per country with an example, the same for a seed. */
export function phoneCorpus(
	seed: number,
	perCountry: number,
	trunkOf: (country: string) => string | undefined,
): PhoneCase[] {
	const random = seededRandom(seed);
	const countries = Object.keys(examples) as CountryCode[];
	const cases: PhoneCase[] = [];
	for (const country of countries) {
		const example = (examples as Record<string, string>)[country];
		const code = getCountryCallingCode(country);
		const trunk = trunkOf(country) ?? '';
		for (let index = 0; index < perCountry; index++) {
			const pick = random();
			const tailed =
				random() < 0.6 ? otherDigits(example, 1 + Math.floor(random() * 4), random) : example;
			const make = (variation: string, text: string, defaultCountry?: string) =>
				cases.push({ text, defaultCountry, from: country, variation });
			if (pick < 0.2) make('international', `+${code} ${written(tailed, random)}`);
			else if (pick < 0.3) make('international with 00', `00${code} ${written(tailed, random)}`);
			else if (pick < 0.34) make('digits with the code, no +', `${code}${tailed}`);
			else if (pick < 0.38)
				make(
					'digits with the code, no +, with a Default Country',
					`${code}${tailed}`,
					random() < 0.5 ? country : countries[Math.floor(random() * countries.length)],
				);
			else if (pick < 0.5 && trunk !== '')
				make(
					'trunk prefix in brackets after the code',
					`+${code} (${trunk})${written(tailed, random)}`,
				);
			else if (pick < 0.56 && trunk !== '')
				make('trunk prefix after the code', `+${code} ${trunk}${written(tailed, random)}`);
			else if (pick < 0.7)
				make('national with Default Country', `${trunk}${written(tailed, random)}`, country);
			else if (pick < 0.76)
				make('national without Default Country', `${trunk}${written(tailed, random)}`);
			else if (pick < 0.84)
				make('a digit too few', `+${code} ${written(tailed.slice(0, -1), random)}`);
			else if (pick < 0.92)
				make(
					'a digit too many',
					`+${code} ${written(tailed + String(Math.floor(random() * 10)), random)}`,
				);
			else {
				const other = countries[Math.floor(random() * countries.length)];
				make(
					'the number under another country code',
					`+${getCountryCallingCode(other)} ${written(tailed, random)}`,
				);
			}
		}
	}
	return cases;
}
