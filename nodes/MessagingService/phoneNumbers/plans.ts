import { NUMBERING_PLAN } from './numberingPlan';
import { regionNames } from './processMemory';

/** One country's numbering plan (a line of numberingPlan.ts). */
export interface CountryPlan {
	/** ISO 3166 code; 001 for the non-geographic codes (international freephone, satellite networks) */
	country: string;
	callingCode: string;
	/** what a national number is written with before its national significant number, longest first */
	trunkPrefixes: string[];
	/** every length its national significant numbers have */
	lengths: number[];
	/** the lengths of the numbers that start with each digit */
	lengthsByFirstDigit: Map<string, number[]>;
}

/** 1-35-9 → 1235789 */
function digitsOf(text: string): string {
	return text.replace(/(\d)-(\d)/g, (_, low: string, high: string) => {
		let digits = '';
		for (let digit = Number(low); digit <= Number(high); digit++) digits += String(digit);
		return digits;
	});
}

function lengthsOf(text: string): number[] {
	return text.split(',').flatMap((part) => {
		const [low, high = low] = part.split('-').map(Number);
		return Array.from({ length: high - low + 1 }, (_, offset) => low + offset);
	});
}

/** The plans by calling code and by country, read once from NUMBERING_PLAN. */
function tablesOf(lines: readonly string[]): {
	byCallingCode: ReadonlyMap<string, CountryPlan[]>;
	byCountry: ReadonlyMap<string, CountryPlan>;
} {
	const byCallingCode = new Map<string, CountryPlan[]>();
	const byCountry = new Map<string, CountryPlan>();
	for (const line of lines) {
		const [country, callingCode, trunk, ...ranges] = line.split(' ');
		const lengthsByFirstDigit = new Map<string, number[]>();
		for (const range of ranges) {
			const [digits, lengths] = range.split(':');
			for (const digit of digitsOf(digits)) lengthsByFirstDigit.set(digit, lengthsOf(lengths));
		}
		const lengths = [...new Set([...lengthsByFirstDigit.values()].flat())].sort((a, b) => a - b);
		const plan: CountryPlan = {
			country,
			callingCode,
			trunkPrefixes: trunk === '-' ? [] : trunk.split(','),
			lengths,
			lengthsByFirstDigit,
		};
		byCallingCode.set(callingCode, [...(byCallingCode.get(callingCode) ?? []), plan]);
		if (country !== '001') byCountry.set(country, plan);
	}
	return { byCallingCode, byCountry };
}

const { byCallingCode, byCountry } = tablesOf(NUMBERING_PLAN);

/** The plans of the calling code `digits` starts with (calling codes are 1 to 3 digits, none the start of another). */
export function plansOfNumber(
	digits: string,
): { callingCode: string; plans: CountryPlan[] } | undefined {
	for (let size = 1; size <= 3; size++) {
		const plans = byCallingCode.get(digits.slice(0, size));
		if (plans) return { callingCode: digits.slice(0, size), plans };
	}
	return undefined;
}

/** The plan of an ISO 3166 country code (any case), e.g. BY or gb. */
export function planOfCountry(country: string): CountryPlan | undefined {
	return byCountry.get(country.trim().toUpperCase());
}

/** Whether a national significant number has a length the plan gives the numbers that start with its first digit. */
export function fitsPlan(plan: CountryPlan, nationalNumber: string): boolean {
	return plan.lengthsByFirstDigit.get(nationalNumber[0])?.includes(nationalNumber.length) === true;
}

/** The digits the plans' numbers of `length` digits start with, e.g. 2345689. */
export function firstDigitsOf(plans: CountryPlan[], length: number): string {
	const digits = new Set<string>();
	for (const plan of plans)
		for (const [digit, lengths] of plan.lengthsByFirstDigit)
			if (lengths.includes(length)) digits.add(digit);
	return [...digits].sort().join('');
}

/** The countries whose plans the package knows. */
export function countriesOfPlans(): string[] {
	return [...byCountry.keys()];
}

/** A country's English name (its code where the runtime has no names), e.g. "Belarus". */
export function countryName(country: string): string {
	if (country === '001') return 'an international network';
	try {
		regionNames.names ??= new Intl.DisplayNames(['en'], { type: 'region' });
		return regionNames.names.of(country) ?? country;
	} catch {
		return country;
	}
}
