// Under 429s (a burst, or a rolling rate limit) every item is sent exactly once: the emulator counts
// what it really sent, per phone and text. No timing is asserted.
import type { INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { phoneOf, smsSendPerItem } from './perItemSms';

const fixture = useSandbox();

function recipients(count: number) {
	return Array.from({ length: count }, (_, index) => ({
		phone: phoneOf(index),
		text: `Your code is ${1000 + index}`,
	}));
}

function smsSend(options: INodeParameters = {}): INodeParameters {
	return smsSendPerItem(String(fixture.account.alphanameIds[0]), options);
}

function statuses(): Record<string, number> {
	return fixture.sandbox.counters().byStatus;
}

function expectEachSentOnce(input: Array<{ phone: string; text: string }>) {
	const counters = fixture.sandbox.counters();
	expect(counters.duplicates).toBe(0);
	expect(counters.messagesSent).toBe(input.length);
	expect(counters.sent.map((group) => `${group.phone}|${group.text}`).sort()).toEqual(
		input.map((item) => `${item.phone}|${item.text}`).sort(),
	);
}

describe('every item is sent exactly once under 429s', () => {
	it('a burst of 429s (Retry-After 0) at the start of 40 items: all retried, each message sent once', async () => {
		fixture.sandbox.setFaults({
			latencyMs: 10,
			rules: [{ apiMethod: 'sendQuickSMS', kind: '429', count: 15, retryAfter: '0' }],
		});
		const input = recipients(40);

		const { items, error } = await fixture.run({ parameters: smsSend(), items: input });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(40);
		expect(items.map((item) => item.pairedItem)).toEqual(
			input.map((_, index) => ({ item: index })),
		);
		expect(statuses()).toEqual({ '200': 40, '429': 15 });
		expectEachSentOnce(input);
	});

	it('a rolling limit of 20 requests per second with 60 items at concurrency 10: refused requests are retried, none sent twice', async () => {
		fixture.sandbox.setFaults({
			latencyMs: 20,
			rateLimit: { perSecond: 20, retryAfterSeconds: 1 },
		});
		const input = recipients(60);

		const { items, error } = await fixture.run({ parameters: smsSend(), items: input });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(60);
		expect(items.map((item) => item.pairedItem)).toEqual(
			input.map((_, index) => ({ item: index })),
		);
		expect(items.every((item) => typeof item.json.sms_id === 'number')).toBe(true);
		expect(statuses()['429']).toBeGreaterThan(0);
		expect(statuses()['200']).toBe(60);
		expectEachSentOnce(input);
	});

	it('the same at concurrency 50 (the maximum) and 25 requests per second', async () => {
		fixture.sandbox.setFaults({
			latencyMs: 20,
			rateLimit: { perSecond: 25, retryAfterSeconds: 1 },
		});
		const input = recipients(80);

		const { items, error } = await fixture.run({
			parameters: smsSend({ concurrency: 50 }),
			items: input,
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(80);
		expect(statuses()['429']).toBeGreaterThan(0);
		expectEachSentOnce(input);
	});

	it('a 500 after processing among 429s: that item is reported, not sent again; the others are sent once', async () => {
		fixture.sandbox.setFaults({
			latencyMs: 10,
			rules: [
				{ apiMethod: 'sendQuickSMS', kind: '429', count: 10, retryAfter: '0' },
				{ apiMethod: 'sendQuickSMS', kind: '500-after', count: 1 },
			],
		});
		const input = recipients(30);

		const { items, error } = await fixture.run({
			parameters: smsSend(),
			items: input,
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(30);
		const failed = items.filter((item) => item.json.error !== undefined);
		expect(failed).toHaveLength(1);
		expect(failed[0].json.description).toMatch(/may have been sent/);
		expect(statuses()).toEqual({ '200': 29, '429': 10, '500': 1 });
		// the one with the unknown outcome was processed by the service: still exactly once
		expectEachSentOnce(input);
	});

	it('Send Batch: a 429 on a chunk is retried; 2,100 recipients in 3 mailings, each sent once', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendBulkSms', kind: '429', count: 1, retryAfter: '0' }],
		});
		const input = Array.from({ length: 2100 }, (_, index) => ({ phone: phoneOf(index) }));

		const { items, error } = await fixture.run({
			parameters: {
				resource: 'sms',
				operation: 'sendBatch',
				buildFrom: 'items',
				mailingName: 'Newsletter',
				senderNameId: String(fixture.account.alphanameIds[0]),
				messageType: 'bulk',
				text: 'Our spring newsletter is out',
				callbackUrl: 'http://127.0.0.1:9/mailing-outcome',
			},
			items: input,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.recipients)).toEqual([1000, 1000, 100]);
		expect(statuses()).toEqual({ '200': 3, '429': 1 });
		const counters = fixture.sandbox.counters();
		expect(counters.messagesSent).toBe(2100);
		expect(counters.duplicates).toBe(0);
	});
});
