import { createRequire } from 'node:module';
import { SegmentedMessage } from 'sms-segments-calculator';

import { countSmsParts } from '../../../nodes/MessagingService/smsText/smsParts';
import { preferGsm7 } from '../../../nodes/MessagingService/smsText/gsm7Lookalikes';
import { marketingTexts, smsCorpus } from './smsCorpus';

/**
 * The package's parts calculator against sms-segments-calculator (Twilio's, an independent
 * implementation from the registry). The two follow the same 3GPP rules but for one case: the
 * reference never splits a grapheme cluster (a letter with a combining mark, an emoji ZWJ sequence,
 * a flag, a skin tone) between two parts; 3GPP counts UCS-2 units and the package keeps only a
 * surrogate pair and a GSM-7 extension character whole. Where the two differ, each text is
 * checked against both rules: the reference's count is packing its own graphemes whole, the
 * package's is packing code points whole (docs/sms-parts.md).
 */

// split-sms ships no types: what this test reads of it
const splitSms = createRequire(__filename)('split-sms') as {
	split(text: string): { characterSet: 'GSM' | 'Unicode'; parts: unknown[] };
};

function pack(sizes: number[], single: number, split: number): number {
	if (sizes.reduce((sum, size) => sum + size, 0) <= single) return 1;
	let parts = 1;
	let free = split;
	for (const size of sizes) {
		if (size > free) {
			parts += 1;
			free = split;
		}
		free -= size;
	}
	return parts;
}

const ucs2Pack = (pieces: string[]) =>
	pack(
		pieces.map((piece) => piece.length),
		70,
		67,
	);

/** UTF-16 offsets where a part starts, packing code points whole (the package's rule) */
function partStarts(text: string): Set<number> {
	const starts = new Set<number>();
	let offset = 0;
	let free = 67;
	for (const char of Array.from(text)) {
		if (char.length > free) {
			starts.add(offset);
			free = 67;
		}
		free -= char.length;
		offset += char.length;
	}
	return starts;
}

/** The reference's graphemes that the package's parts cut in two */
function cutGraphemes(text: string, graphemes: string[]): string[] {
	const starts = partStarts(text);
	const cut: string[] = [];
	let offset = 0;
	for (const grapheme of graphemes) {
		for (let inside = offset + 1; inside < offset + grapheme.length; inside++) {
			if (starts.has(inside)) cut.push(grapheme);
		}
		offset += grapheme.length;
	}
	return cut;
}

function graphemeKind(grapheme: string): string {
	if (/\u200D/.test(grapheme)) return 'emoji ZWJ sequence';
	if (/[\u{1F1E6}-\u{1F1FF}]/u.test(grapheme)) return 'flag (regional indicator pair)';
	if (/[\u{1F3FB}-\u{1F3FF}]/u.test(grapheme)) return 'emoji with skin tone';
	if (/\uFE0F/.test(grapheme)) return 'emoji with variation selector';
	if (/\p{M}/u.test(grapheme)) return 'letter with combining mark';
	return 'other';
}

// sms-segments-calculator splits every text into graphemes: five times the cost of the rest of this file
// for 10,000 texts. Every fifth text, and the few shortest, keep every kind and lengths from 1 to 1,600 units.
const SEGMENTS_EVERY = 5;
const SHORT = 10;

describe('SMS parts and encoding before sending', () => {
	const corpus = smsCorpus(10_000);

	it('equal split-sms (a second independent implementation, counting 3GPP units as the package does) on all 10,000 generated texts', () => {
		const differing = corpus.filter(({ text }) => {
			const ours = countSmsParts(text);
			const reference = splitSms.split(text);
			return (
				ours.parts !== reference.parts.length ||
				ours.encoding !== (reference.characterSet === 'GSM' ? 'GSM-7' : 'UCS-2')
			);
		});
		console.log(
			`SMS parts corpus: parts and encoding equal to split-sms for ${corpus.length - differing.length}/${corpus.length} texts`,
		);
		expect(differing.map(({ kind, text }) => `${kind}: ${text}`)).toEqual([]);
	}, 180_000);

	it('equal sms-segments-calculator on over 2,000 of the generated texts (and the 3GPP rule where it keeps a grapheme whole)', () => {
		const texts = corpus.filter(
			({ text }, index) => index % SEGMENTS_EVERY === 0 || text.length < SHORT,
		);
		const differences = new Map<string, number>();
		let same = 0;
		for (const { kind, text } of texts) {
			const ours = countSmsParts(text);
			const reference = new SegmentedMessage(text);
			expect([kind, text, ours.encoding]).toEqual([kind, text, reference.encodingName]);
			if (ours.parts === reference.segmentsCount) {
				same += 1;
				continue;
			}
			// a difference is only ever the reference keeping a multi-code-point grapheme whole across a part boundary
			expect(ours.encoding).toBe('UCS-2');
			expect(ucs2Pack(reference.graphemes)).toBe(reference.segmentsCount);
			expect(ucs2Pack(Array.from(text))).toBe(ours.parts);
			const cut = cutGraphemes(text, reference.graphemes);
			expect(cut.length).toBeGreaterThan(0);
			for (const key of new Set(cut.map(graphemeKind))) {
				expect(key).not.toBe('other');
				differences.set(key, (differences.get(key) ?? 0) + 1);
			}
		}
		const lengths = texts.map(({ text }) => text.length);
		const kinds = new Set(texts.map(({ kind }) => kind));
		console.log(
			`SMS parts corpus: ${texts.length} texts (${[...kinds].join(', ')}; lengths ${Math.min(...lengths)} to ${Math.max(...lengths)} UTF-16 units). ` +
				`Encoding equal to sms-segments-calculator: ${texts.length}/${texts.length}. Parts equal: ${same}/${texts.length}; ` +
				`the other ${texts.length - same} follow the 3GPP rule where the reference keeps whole a grapheme that a part boundary cuts (texts by grapheme cut): ` +
				([...differences].map(([key, count]) => `${key}: ${count}`).join('; ') || 'none'),
		);
		expect(Math.min(...lengths)).toBe(1);
		expect(Math.max(...lengths)).toBeGreaterThanOrEqual(1590);
	}, 180_000);

	it.each([
		['160 GSM-7 characters', 'a'.repeat(160), 1, 'GSM-7'],
		['161 GSM-7 characters', 'a'.repeat(161), 2, 'GSM-7'],
		['306 and 307 GSM-7 characters', 'a'.repeat(307), 3, 'GSM-7'],
		['80 extension characters (160 septets)', '€'.repeat(80), 1, 'GSM-7'],
		[
			'an extension character at septet 153 starts part 2',
			`${'a'.repeat(152)}€${'a'.repeat(10)}`,
			2,
			'GSM-7',
		],
		[
			'an extension character that would straddle parts 1 and 2',
			`${'a'.repeat(152)}€${'a'.repeat(152)}`,
			3,
			'GSM-7',
		],
		['70 UCS-2 units', 'б'.repeat(70), 1, 'UCS-2'],
		['71 UCS-2 units', 'б'.repeat(71), 2, 'UCS-2'],
		['35 emoji (70 units)', '😀'.repeat(35), 1, 'UCS-2'],
		[
			'a surrogate pair that would straddle parts 1 and 2',
			`${'б'.repeat(66)}😀${'б'.repeat(66)}`,
			3,
			'UCS-2',
		],
		['one ’ in 150 characters', `${'a'.repeat(149)}’`, 3, 'UCS-2'],
	])('%s', (_name, text, parts, encoding) => {
		expect(countSmsParts(text)).toMatchObject({ parts, encoding });
		expect(new SegmentedMessage(text)).toMatchObject({
			segmentsCount: parts,
			encodingName: encoding,
		});
	});

	it('names the characters that force UCS-2, each once', () => {
		expect(countSmsParts('Don’t miss it — it’s 50% off 🎉').ucs2Characters).toEqual([
			'’',
			'—',
			'🎉',
		]);
		expect(countSmsParts('Plain [GSM] text € {ok}').ucs2Characters).toEqual([]);
	});

	it('Prefer GSM-7 replaces look-alikes only when the whole text becomes GSM-7, and counts them', () => {
		expect(preferGsm7('Don’t miss it – “50%” off…\u00A0now')).toEqual({
			text: 'Don\'t miss it - "50%" off... now',
			replaced: 6,
		});
		expect(preferGsm7('It’s your birthday 🎉')).toEqual({
			text: 'It’s your birthday 🎉',
			replaced: 0,
		});
		expect(preferGsm7('Plain text')).toEqual({ text: 'Plain text', replaced: 0 });
		const before = marketingTexts.reduce((sum, text) => sum + countSmsParts(text).parts, 0);
		const after = marketingTexts.reduce(
			(sum, text) => sum + countSmsParts(preferGsm7(text).text).parts,
			0,
		);
		expect(after).toBeLessThan(before);
	});
});
