import type { INodeParameters } from 'n8n-workflow';

import { countSmsParts } from '../../../nodes/MessagingService/smsText/smsParts';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { smsParts as emulatorSmsParts } from '../../sandbox/format';
import { marketingTexts, smsCorpus } from './smsCorpus';

const fixture = useSandbox();
const send = (overrides: INodeParameters) => params(fixture.account, 'sms', 'send', overrides);
const phoneOf = (index: number) => `37529${String(1_000_000 + index).padStart(7, '0')}`;

/** SMS > Send says the parts and encoding it computed before sending, beside the service's own `parts`. */
describe('SMS > Send: parts and encoding before sending', () => {
	const corpus = smsCorpus(10_000).filter(({ text }) => text.trim() !== '');

	it("computes, for every text of the generated corpus, the parts the emulator's reading of the spec counts", () => {
		const differing = corpus.filter(
			({ text }) => countSmsParts(text).parts !== emulatorSmsParts(text),
		);
		expect(differing.map(({ kind, text }) => `${kind}: ${text}`)).toEqual([]);
	});

	it("says those parts beside the service's own, sending every fifth text of the corpus", async () => {
		const texts = corpus.filter((_, index) => index % 5 === 0);
		const { items, error } = await fixture.run({
			// a Timeout far above the default 30 s: when this sent all 9,899 texts at Concurrency 200 to an
			// emulator in this process, beside busy processes, one answer came later than that; deadlines
			// are tested elsewhere
			parameters: send({
				phone: '={{ $json.phone }}',
				message: '={{ $json.text }}',
				options: { timeout: 600 },
			}),
			items: texts.map(({ text }, index) => ({ phone: phoneOf(index), text })),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(texts.length);
		const differing = items.filter(
			(item) => item.json.computedParts !== item.json.parts || item.json.parts === undefined,
		);
		console.log(
			`SMS > Send through the emulator: computedParts equal the service's parts for ${items.length - differing.length}/${items.length} texts`,
		);
		expect(differing.map((item) => texts[(item.pairedItem as { item: number }).item].text)).toEqual(
			[],
		);
		expect(fixture.sandbox.counters().sent).toHaveLength(texts.length);
	}, 600_000);

	it('names the encoding and the characters that force UCS-2', async () => {
		const { items } = await fixture.runOk({
			parameters: send({ phone: '375291234567', message: `${'a'.repeat(100)} don’t miss it` }),
		});
		expect(items[0].json).toEqual({
			sms_id: expect.any(Number),
			status: 'NEW',
			parts: 2,
			computedParts: 2,
			encoding: 'UCS-2',
			ucs2Characters: ['’'],
		});
	});

	it('Prefer GSM-7 sends the look-alikes replaced, says how many, and lowers the parts of marketing texts', async () => {
		const items = marketingTexts.map((text, index) => ({ phone: phoneOf(index), text }));
		const plain = await fixture.runOk({
			parameters: send({ phone: '={{ $json.phone }}', message: '={{ $json.text }}' }),
			items,
		});
		fixture.sandbox.clearRequests();
		const preferred = await fixture.runOk({
			parameters: send({
				phone: '={{ $json.phone }}',
				message: '={{ $json.text }}',
				options: { preferGsm7: true },
			}),
			items,
		});
		const total = (result: typeof plain) =>
			result.items.reduce((sum, item) => sum + Number(item.json.parts), 0);
		const replaced = preferred.items.reduce(
			(sum, item) => sum + Number(item.json.gsm7Replacements),
			0,
		);
		console.log(
			`Prefer GSM-7 on ${marketingTexts.length} marketing texts: ${total(plain)} parts -> ${total(preferred)} parts ` +
				`(${Math.round((100 * (total(plain) - total(preferred))) / total(plain))}% fewer), ${replaced} characters replaced`,
		);
		expect(total(preferred)).toBeLessThan(total(plain));
		const first = preferred.requests.find((request) => request.query.phone === phoneOf(0));
		expect(first?.query.message).toBe(
			"Spring sale - 20% off everything until Sunday! Don't miss it: shop.example.com/spring",
		);
		expect(preferred.items[0].json).toMatchObject({
			parts: 1,
			computedParts: 1,
			encoding: 'GSM-7',
			gsm7Replacements: 2,
		});
		const emoji = preferred.items[marketingTexts.findIndex((text) => text.includes('🎉'))].json;
		expect(emoji).toMatchObject({ encoding: 'UCS-2', gsm7Replacements: 0 });
	});

	it('Max Parts refuses, before sending, the items that need more; with Continue On Fail the others are sent', async () => {
		const texts = ['Short and plain', `${'a'.repeat(149)}’`, 'Also short', 'a'.repeat(161)];
		const { items, error } = await fixture.run({
			parameters: send({
				phone: '={{ $json.phone }}',
				message: '={{ $json.text }}',
				options: { maxParts: 1 },
			}),
			items: texts.map((text, index) => ({ phone: phoneOf(index), text })),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(items[0].json).toMatchObject({ parts: 1, computedParts: 1, encoding: 'GSM-7' });
		expect(items[1].json.error).toMatch(
			/^Invalid Message "a+\.\.\." in item 1: it needs 3 parts \(UCS-2 because of ’\), more than Max Parts \(1\)$/,
		);
		expect(items[3].json.error).toMatch(
			/in item 3: it needs 2 parts \(GSM-7\), more than Max Parts \(1\)$/,
		);
		const sentTo = fixture.sandbox
			.counters()
			.sent.map((group) => group.phone)
			.sort();
		expect(sentTo).toEqual([phoneOf(0), phoneOf(2)]);
	});
});

describe('SMS > Send Batch: Prefer GSM-7 and Max Parts', () => {
	const batch = (overrides: INodeParameters) =>
		params(fixture.account, 'sms', 'sendBatch', {
			callbackUrl: 'https://example.com/callback',
			...overrides,
		});

	it('sends each personal text with its look-alikes replaced, and leaves out a text over Max Parts', async () => {
		const texts = ['Don’t miss it – 20% off…', `${'a'.repeat(150)}😀`, 'Plain text'];
		const { items, error } = await fixture.run({
			parameters: batch({
				messageType: 'personal',
				personalText: '={{ $json.text }}',
				options: { preferGsm7: true, maxParts: 1 },
			}),
			items: texts.map((text, index) => ({ phone: phoneOf(index), text })),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		const entries = (
			request.body as { messages: Array<{ delivery_list: unknown[] }> }
		).messages.flatMap((mailing) => mailing.delivery_list);
		expect(entries).toEqual([
			{ phone: phoneOf(0), text: "Don't miss it - 20% off..." },
			{ phone: phoneOf(2), text: 'Plain text' },
		]);
		expect(items.find((item) => item.json.error !== undefined)?.json.error).toMatch(
			/in item 1: it needs 3 parts \(UCS-2 because of 😀\), more than Max Parts \(1\)$/,
		);
	});
});
