/**
 * Writes nodes/MessagingService/phoneNumbers/numberingPlan.ts, the compact numbering plan the
 * node checks phones against, from libphonenumber's metadata (the devDependency
 * libphonenumber-js): per country its calling code, its trunk prefixes, the lengths of its
 * national significant numbers and the digits they can start with. Nothing else of the metadata
 * (the number ranges of each type, formats, carrier codes) is kept: docs/phone-numbers.md.
 *
 *   npx ts-node --transpile-only scripts/phone-plan/generate.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Metadata, type CountryCode } from 'libphonenumber-js/core';
import metadataJson from 'libphonenumber-js/metadata.max.json';

import { branchesOf, literalsOf } from './regexDigits';

const metadata = new Metadata(metadataJson as never);
const version = (
	JSON.parse(readFileSync(require.resolve('libphonenumber-js/package.json'), 'utf8')) as {
		version: string;
	}
).version;

/** 6,7,8,9 → 6-9 */
function lengthsText(lengths: number[]): string {
	const parts: string[] = [];
	for (let index = 0; index < lengths.length; ) {
		let end = index;
		while (end + 1 < lengths.length && lengths[end + 1] === lengths[end] + 1) end++;
		parts.push(
			end - index >= 2
				? `${lengths[index]}-${lengths[end]}`
				: lengths.slice(index, end + 1).join(','),
		);
		index = end + 1;
	}
	return parts.join(',');
}

/**
 * The lengths and first digits of the national significant numbers: for each digit, the lengths
 * of the pattern's alternatives that start with it, kept to the plan's possible lengths; digits
 * with the same lengths written together ("1-35-9:10 8:7,9").
 */
function rangesText(possible: number[], pattern: string): string {
	const lengthsOfDigit = new Map<string, Set<number>>();
	for (const branch of branchesOf(pattern)) {
		for (const digit of branch.first) {
			const lengths = lengthsOfDigit.get(digit) ?? new Set<number>();
			for (const length of possible)
				if (length >= branch.min && length <= branch.max) lengths.add(length);
			lengthsOfDigit.set(digit, lengths);
		}
	}
	const digitsOfLengths = new Map<string, string>();
	for (const digit of [...lengthsOfDigit.keys()].sort()) {
		const lengths = [...lengthsOfDigit.get(digit)!].sort((a, b) => a - b);
		if (lengths.length === 0) continue;
		const key = lengthsText(lengths);
		digitsOfLengths.set(key, (digitsOfLengths.get(key) ?? '') + digit);
	}
	return [...digitsOfLengths]
		.map(([lengths, digits]) => `${digitsText(digits)}:${lengths}`)
		.join(' ');
}

/** 0123456789 → 0-9, 1235789 → 1-35-9 */
function digitsText(digits: string): string {
	let text = '';
	for (let index = 0; index < digits.length; ) {
		let end = index;
		while (end + 1 < digits.length && Number(digits[end + 1]) === Number(digits[end]) + 1) end++;
		text += end - index >= 2 ? `${digits[index]}-${digits[end]}` : digits.slice(index, end + 1);
		index = end + 1;
	}
	return text;
}

/** The literal trunk prefixes a number written nationally may start with, longest first. */
/** What this script reads of a numbering plan (libphonenumber-js's types leave these methods out). */
interface PlanReader {
	nationalPrefix(): unknown;
	nationalPrefixForParsing(): string | undefined;
	nationalPrefixTransformRule(): string | undefined;
	nationalNumberPattern(): string;
	possibleLengths(): number[];
}

function trunkPrefixes(plan: PlanReader): { prefixes: string[]; simplified: boolean } {
	const given = plan.nationalPrefix();
	const prefix = typeof given === 'string' ? given : '';
	const forParsing = plan.nationalPrefixForParsing();
	const fallback = prefix === '' ? [] : [prefix];
	if (!forParsing || forParsing === prefix) return { prefixes: fallback, simplified: false };
	const literals = plan.nationalPrefixTransformRule() ? undefined : literalsOf(forParsing);
	if (!literals) return { prefixes: fallback, simplified: true };
	const prefixes = [...new Set([...literals, ...fallback].map(String))]
		.filter((text) => text !== '')
		.sort((a, b) => b.length - a.length || a.localeCompare(b));
	return { prefixes, simplified: false };
}

const rows: string[] = [];
const simplified: string[] = [];
const regions: Array<[string, string]> = [];
for (const [code, countries] of Object.entries(
	(metadataJson as { country_calling_codes: Record<string, string[]> }).country_calling_codes,
)) {
	for (const country of countries) regions.push([country, code]);
}
for (const code of Object.keys(
	(metadataJson as { nonGeographic?: Record<string, unknown> }).nonGeographic ?? {},
))
	regions.push(['001', code]);

for (const [country, code] of regions) {
	metadata.selectNumberingPlan((country === '001' ? code : country) as CountryCode);
	const plan = metadata.numberingPlan as unknown as PlanReader;
	const trunk = trunkPrefixes(plan);
	if (trunk.simplified) simplified.push(country);
	rows.push(
		`\t'${country} ${code} ${trunk.prefixes.join(',') || '-'} ${rangesText(plan.possibleLengths(), plan.nationalNumberPattern())}',`,
	);
}

const text = `/**
 * The numbering plan of every country, one line each: ISO code (001 for the non-geographic
 * codes), calling code, trunk prefixes written before a national number ("-": none; the longest
 * first), then the national significant numbers (the digits after the calling code) as
 * first digits and lengths: "1-35-9:10 8:7,9" is 10 digits starting with 1, 2, 3, 5...9, or 7 or 9
 * digits starting with 8. Generated from libphonenumber's metadata (libphonenumber-js
 * ${version}, Apache-2.0 data of Google's libphonenumber) by scripts/phone-plan/generate.ts: run it
 * again rather than edit this file. docs/phone-numbers.md says what is left out.
 */
export const NUMBERING_PLAN: readonly string[] = [
${rows.join('\n')}
];

/** Countries whose trunk prefix rules are kept as their plain trunk prefix only (carrier codes, rewritten prefixes). */
export const SIMPLIFIED_TRUNK_RULES: readonly string[] = [${simplified.map((country) => `'${country}'`).join(', ')}];
`;
writeFileSync(join(__dirname, '../../nodes/MessagingService/phoneNumbers/numberingPlan.ts'), text);
console.log(
	`${rows.length} plans, ${simplified.length} with simplified trunk rules: ${simplified.join(' ')}`,
);
