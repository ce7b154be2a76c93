// Many items at once: with concurrency on and answers coming back out of order, every output item
// stays at its input's position and is paired to it.
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { byId } from '../harness/params';
import { useSandbox } from '../harness/sandbox';
import { phoneOf, smsSendPerItem } from './perItemSms';

const fixture = useSandbox();

function smsSend(options: INodeParameters = {}): INodeParameters {
	return smsSendPerItem(String(fixture.account.alphanameIds[0]), options);
}

function pairedIndexes(items: INodeExecutionData[]): unknown[] {
	return items.map((item) => item.pairedItem);
}

function isAscending(values: number[]): boolean {
	return values.every((value, index) => index === 0 || values[index - 1] < value);
}

/** The first `slow` requests are answered `delayMs` later than the rest: answers overtake each other. */
function slowFirstAnswers(apiMethod: string, slow: number, delayMs = 250) {
	fixture.sandbox.setFaults({
		latencyMs: 20,
		rules: [{ apiMethod, kind: 'delay', delayMs, count: slow }],
	});
}

describe('output order and pairing with concurrency', () => {
	it('SMS > Send, 60 items at the default concurrency: output i belongs to input i though answers came back out of order', async () => {
		slowFirstAnswers('sendQuickSMS', 6);
		const input = Array.from({ length: 60 }, (_, index) => ({
			phone: phoneOf(index),
			text: `Order ${index} has shipped`,
		}));

		const { items, error } = await fixture.run({ parameters: smsSend(), items: input });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(60);
		expect(pairedIndexes(items)).toEqual(input.map((_, index) => ({ item: index })));
		// sms ids are given in the order the emulator processed the requests: not the input order
		const smsIds = items.map((item) => item.json.sms_id as number);
		expect(new Set(smsIds).size).toBe(60);
		expect(isAscending(smsIds)).toBe(false);
		// each input went out once, with its own phone and text
		const sent = fixture.sandbox
			.requests()
			.map((request) => `${request.query.phone as string}|${request.query.message as string}`);
		expect(sent.sort()).toEqual(input.map((item) => `${item.phone}|${item.text}`).sort());
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 60, duplicates: 0 });
	});

	it('Template > Create, 60 items at concurrency 50: each output is the template its own input created', async () => {
		slowFirstAnswers('createTemplateMessage', 10);
		const input = Array.from({ length: 60 }, (_, index) => ({
			name: `Template ${index}`,
			message: `Text ${index}`,
		}));

		const { items, error } = await fixture.run({
			parameters: {
				resource: 'template',
				operation: 'create',
				name: '={{ $json.name }}',
				message: '={{ $json.message }}',
				options: { concurrency: 50 },
			},
			items: input,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.name, item.json.message])).toEqual(
			input.map((item) => [item.name, item.message]),
		);
		expect(pairedIndexes(items)).toEqual(input.map((_, index) => ({ item: index })));
		// the first ten requests were answered 250 ms after the others had been: answers overtook them
		const delayed = fixture.sandbox
			.requests()
			.filter((request) => request.fault === 'delay')
			.map((request) => (request.body as IDataObject).name);
		expect(delayed).toHaveLength(10);
		expect(fixture.sandbox.requests()).toHaveLength(60);
	});

	it('with Continue On Fail, a failed item keeps its place among the others', async () => {
		slowFirstAnswers('sendQuickSMS', 5);
		const input = Array.from({ length: 40 }, (_, index) => ({
			phone: index % 7 === 3 ? 'not a phone' : phoneOf(index),
			text: `Reminder ${index}`,
		}));

		const { items, error } = await fixture.run({
			parameters: smsSend(),
			items: input,
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(40);
		expect(pairedIndexes(items)).toEqual(input.map((_, index) => ({ item: index })));
		items.forEach((item, index) => {
			if (index % 7 === 3) expect(item.json.error).toEqual(expect.stringMatching(/phone/i));
			else
				expect(item.json).toEqual(
					expect.objectContaining({ sms_id: expect.any(Number), status: 'NEW' }),
				);
		});
		const failed = input.filter((_, index) => index % 7 === 3).length;
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 40 - failed, duplicates: 0 });
	});

	it('5,000 items at the defaults, items read ahead, answers out of order, bad phones with Continue On Fail: every output in place, each message once, never more than 200 in flight', async () => {
		fixture.sandbox.setFaults({
			latencyMs: 5,
			rules: [{ apiMethod: 'sendQuickSMS', kind: 'delay', delayMs: 100, count: 300 }],
		});
		const input = Array.from({ length: 5000 }, (_, index) => ({
			phone: index % 997 === 5 ? 'not a phone' : phoneOf(index),
			text: `Notice ${index}`,
		}));

		const { items, error } = await fixture.run({
			parameters: smsSend(),
			items: input,
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(pairedIndexes(items)).toEqual(input.map((_, index) => ({ item: index })));
		items.forEach((item, index) => {
			if (index % 997 === 5) expect(item.json.error).toEqual(expect.stringMatching(/phone/i));
			else expect(item.json.sms_id).toEqual(expect.any(Number));
		});
		const bad = input.filter((_, index) => index % 997 === 5).length;
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 5000 - bad, duplicates: 0 });
		expect(
			Math.max(...fixture.sandbox.requests().map((request) => request.inFlight)),
		).toBeLessThanOrEqual(200);
		// 9 s alone; at nice 10 beside two busy processes it ran past 120 s (and its sends on into the next test)
	}, 600_000);

	it('at Concurrency 1, one item at a time: each item reads its template and sends before the next item asks anything', async () => {
		fixture.sandbox.setFaults({ latencyMs: 20 });
		const input = Array.from({ length: 6 }, (_, index) => ({ phone: phoneOf(index) }));
		const parameters: INodeParameters = {
			...smsSend({ concurrency: 1 }),
			messageFrom: 'template',
			messageTemplate: byId(fixture.account.templateIds[0]),
		};

		const { items, error } = await fixture.run({ parameters, items: input });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(6);
		const requests = fixture.sandbox.requests();
		expect(requests.map((request) => request.apiMethod)).toEqual(
			input.flatMap(() => ['getTemplateMessageById', 'sendQuickSMS']),
		);
		expect(
			requests
				.filter((request) => request.apiMethod === 'sendQuickSMS')
				.map((request) => request.query.phone),
		).toEqual(input.map((item) => item.phone));
		expect(Math.max(...requests.map((request) => request.inFlight))).toBe(1);
	});
});
