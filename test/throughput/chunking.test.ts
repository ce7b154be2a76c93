// Send Batch built from input items: many recipients, few requests.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { phoneOf } from './perItemSms';

const fixture = useSandbox();

function sendBatch(options: INodeParameters = {}): INodeParameters {
	return {
		resource: 'sms',
		operation: 'sendBatch',
		buildFrom: 'items',
		mailingName: 'Spring sale',
		senderNameId: String(fixture.account.alphanameIds[0]),
		messageType: 'bulk',
		text: 'Spring sale: 20% off until Sunday',
		callbackUrl: 'http://127.0.0.1:9/mailing-outcome',
		options,
	};
}

function deliveryLists(): string[][] {
	return fixture.sandbox
		.requests()
		.filter((request) => request.apiMethod === 'sendBulkSms')
		.map(
			(request) =>
				(request.body as { messages: IDataObject[] }).messages[0].delivery_list as string[],
		);
}

describe('Send Batch from input items, in chunks', () => {
	it('splits 2,501 recipients with the default chunk size into 1000/1000/501: three requests, each recipient once', async () => {
		const input = Array.from({ length: 2501 }, (_, index) => ({ phone: phoneOf(index) }));

		const { items, error } = await fixture.run({ parameters: sendBatch(), items: input });

		expect(error).toBeUndefined();
		expect(fixture.sandbox.counters().requests).toBe(3);
		const lists = deliveryLists();
		expect(lists.map((list) => list.length)).toEqual([1000, 1000, 501]);
		expect(lists.flat()).toEqual(input.map((item) => item.phone));

		expect(items.map((item) => [item.json.chunk, item.json.chunks, item.json.recipients])).toEqual([
			[1, 3, 1000],
			[2, 3, 1000],
			[3, 3, 501],
		]);
		const paired = items.map((item) =>
			(item.pairedItem as Array<{ item: number }>).map((pair) => pair.item),
		);
		expect(paired.flat()).toEqual(input.map((_, index) => index));
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 2501, duplicates: 0 });
	});

	it('10,000 recipients cost 10 requests with the default chunk size', async () => {
		const input = Array.from({ length: 10000 }, (_, index) => ({ phone: phoneOf(index) }));

		const { items, error } = await fixture.run({ parameters: sendBatch(), items: input });

		expect(error).toBeUndefined();
		expect(fixture.sandbox.counters().requests).toBe(10);
		expect(deliveryLists().map((list) => list.length)).toEqual(Array(10).fill(1000));
		expect(items).toHaveLength(10);
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 10000, duplicates: 0 });
	});

	it('a chunk size of 300 splits 1,000 recipients into 300/300/300/100', async () => {
		const input = Array.from({ length: 1000 }, (_, index) => ({ phone: phoneOf(index) }));

		const { error } = await fixture.run({
			parameters: sendBatch({ chunkSize: 300 }),
			items: input,
		});

		expect(error).toBeUndefined();
		expect(deliveryLists().map((list) => list.length)).toEqual([300, 300, 300, 100]);
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 1000, duplicates: 0 });
	});
});
