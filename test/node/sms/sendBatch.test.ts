import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { itRefusesBadItems, itRefusesBadSettings } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { batchMailing } from '../../harness/direct';
import { MAILINGS_AS_JSON, params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { signedCallback } from '../../harness/signedCallback';

const fixture = useSandbox();
const CALLBACK = 'http://127.0.0.1:9/webhook-waiting/42';

function batchParameters(extra: IDataObject = {}): IDataObject {
	return params(fixture.account, 'sms', 'sendBatch', {
		mailingName: 'Spring sale',
		text: 'Sale starts today',
		callbackUrl: CALLBACK,
		...(extra as INodeParameters),
	});
}

function phoneOf(index: number): string {
	return `37529${String(1000000 + index).padStart(7, '0')}`;
}

describe('SMS > Send Batch, from input items', () => {
	it('gathers all items into one sendBulkSms request: JSON body, key in the query and the body', async () => {
		const { items, requests } = await fixture.runOk({
			parameters: batchParameters(),
			items: [
				{ phone: '+375 29 100-00-01' },
				{ phone: '375291000002' },
				{ phone: '00375291000003' },
			],
		});
		expect(requests).toHaveLength(1);
		const [request] = requests;
		expect(request).toMatchObject({
			httpMethod: 'POST',
			path: '/api/v1/sendBulkSms',
			bodyType: 'json',
			status: 200,
		});
		expect(request.query).toEqual({ token: expect.any(String) });
		expect(request.body).toEqual({
			token: request.query.token,
			callback_url: signedCallback(CALLBACK, 1, 1),
			messages: [
				batchMailing(fixture.account, 'Spring sale', {
					text: 'Sale starts today',
					delivery_list: ['375291000001', '375291000002', '375291000003'],
				}),
			],
		});

		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
			success: 'OK',
			mailingName: 'Spring sale',
			recipients: 3,
			chunk: 1,
			chunks: 1,
		});
		expect(items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(fixture.sandbox.counters().messagesSent).toBe(3);
	});

	it('splits 2,501 recipients with chunk size 1000 into 1000/1000/501, one request per chunk', async () => {
		const input = Array.from({ length: 2501 }, (_, index) => ({ phone: phoneOf(index) }));
		const { items, requests } = await fixture.runOk({
			parameters: batchParameters({ options: { chunkSize: 1000 } }),
			items: input,
		});
		expect(requests.map((request) => request.apiMethod)).toEqual([
			'sendBulkSms',
			'sendBulkSms',
			'sendBulkSms',
		]);
		const mailings = requests.map(
			(request) => (request.body as { messages: IDataObject[] }).messages[0],
		);
		expect(mailings.map((mailing) => mailing.name)).toEqual([
			'Spring sale (part 1 of 3)',
			'Spring sale (part 2 of 3)',
			'Spring sale (part 3 of 3)',
		]);
		expect(mailings.map((mailing) => (mailing.delivery_list as string[]).length)).toEqual([
			1000, 1000, 501,
		]);
		expect((mailings[2].delivery_list as string[])[500]).toBe(phoneOf(2500));

		expect(items.map((item) => [item.json.chunk, item.json.chunks, item.json.recipients])).toEqual([
			[1, 3, 1000],
			[2, 3, 1000],
			[3, 3, 501],
		]);
		const paired = items.map((item) =>
			(item.pairedItem as Array<{ item: number }>).map((pair) => pair.item),
		);
		expect(paired[0]).toEqual(Array.from({ length: 1000 }, (_, index) => index));
		expect(paired[2][0]).toBe(2000);
		expect(paired[2]).toHaveLength(501);
		expect(fixture.sandbox.counters().messagesSent).toBe(2501);
	});

	it("sends a personal mailing with each item's text and the schedule time in the workflow time zone", async () => {
		const { items, error } = await fixture.run({
			parameters: batchParameters({
				messageType: 'personal',
				personalText: '=Hi {{ $json.name }}',
				options: { sendAt: '2026-03-05T10:30:00.000Z' },
			}),
			items: [
				{ phone: '375291000001', name: 'Ann' },
				{ phone: '375291000002', name: 'Bob' },
			],
			timezone: 'Europe/Berlin',
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const [request] = fixture.sandbox.requests();
		expect((request.body as { messages: IDataObject[] }).messages).toEqual([
			batchMailing(fixture.account, 'Spring sale', {
				message_type: 'personal',
				schedule_time: '2026-03-05T11:30:00',
				delivery_list: [
					{ phone: '375291000001', text: 'Hi Ann' },
					{ phone: '375291000002', text: 'Hi Bob' },
				],
			}),
		]);
		// scheduled: nothing is handed over before its time
		expect(fixture.sandbox.counters().messagesSent).toBe(0);
	});

	it('with Continue On Fail, leaves out the bad items (an error item each) and sends the good ones', async () => {
		const { items, requests } = await fixture.runOk({
			parameters: batchParameters({ messageType: 'personal', personalText: '={{ $json.text }}' }),
			items: [
				{ phone: '375291000001', text: 'One' },
				{ phone: '12-ab', text: 'Two' },
				{ phone: '375291000003', text: 'Three' },
				{ phone: '375291000004', text: '' },
			],
			continueOnFail: true,
		});
		expect(requests).toHaveLength(1);
		expect((requests[0].body as { messages: IDataObject[] }).messages[0].delivery_list).toEqual([
			{ phone: '375291000001', text: 'One' },
			{ phone: '375291000003', text: 'Three' },
		]);

		const sent = items.find((item) => item.json.uuid !== undefined)!;
		expect(sent.json).toMatchObject({ recipients: 2, chunk: 1, chunks: 1 });
		expect(sent.pairedItem).toEqual([{ item: 0 }, { item: 2 }]);

		const failed = items.filter((item) => item.json.error !== undefined);
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 3 }]);
		expect(failed[0].json.error).toMatch(/Phone.*item 1/);
		expect(failed[1].json.error).toMatch(/Text.*item 3/);
		expect(items).toHaveLength(3);
	});

	it('without Continue On Fail, stops before any request and names the bad item', async () => {
		const { error } = await fixture.run({
			parameters: batchParameters(),
			items: [{ phone: '375291000001' }, { phone: '375291000002' }, { phone: 'none' }],
		});
		expect(error?.message).toMatch(/Invalid Phone "none" in item 2/);
		expect(fixture.sandbox.requests()).toHaveLength(0);
	});
});

describe('SMS > Send Batch, recipients from fields of each item (the default)', () => {
	function fieldParameters(extra: IDataObject = {}): IDataObject {
		const parameters = batchParameters(extra);
		delete parameters.recipientsFrom;
		delete parameters.recipientPhone;
		return parameters;
	}

	it('reads the "phone" field of each item by default, and the "text" field for own texts', async () => {
		const { items, request } = await fixture.runOk({
			parameters: fieldParameters({ messageType: 'personal' }),
			items: [
				{ phone: '+375 29 100-00-01', text: 'Hi Ann' },
				{ phone: 375291000002, text: 'Hi Bob' },
			],
		});
		expect((request.body as { messages: IDataObject[] }).messages[0].delivery_list).toEqual([
			{ phone: '375291000001', text: 'Hi Ann' },
			{ phone: '375291000002', text: 'Hi Bob' },
		]);
		expect(items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('reads the fields it is given, nested ones with dots, and a field whose name has a dot first', async () => {
		const { request } = await fixture.runOk({
			parameters: fieldParameters({
				messageType: 'personal',
				phoneField: 'contact.mobile',
				personalTextField: 'sms.text',
			}),
			items: [
				{ contact: { mobile: '375291000001' }, sms: { text: 'nested' } },
				{ contact: { mobile: '375291000002' }, 'sms.text': 'dotted name', sms: { text: 'nested' } },
			],
		});
		expect((request.body as { messages: IDataObject[] }).messages[0].delivery_list).toEqual([
			{ phone: '375291000001', text: 'nested' },
			{ phone: '375291000002', text: 'dotted name' },
		]);
	});

	it('stops before any request at an item without the field, naming the item, the setting and the fields it has', async () => {
		const { error } = await fixture.run({
			parameters: fieldParameters(),
			items: [{ phone: '375291000001' }, { name: 'Bob', mobile: '375291000002' }],
		});
		expect(error?.message).toBe('Item 1 has no field "phone"');
		expect(error?.description).toMatch(
			/Set "Phone Field" to the name of the field .*\(its fields are: name, mobile\)/,
		);
		expect(fixture.sandbox.requests()).toHaveLength(0);
	});

	it('with Continue On Fail, leaves out an item without the field or with a bad phone and sends the others', async () => {
		const { items, request } = await fixture.runOk({
			parameters: fieldParameters(),
			items: [{ phone: '375291000001' }, {}, { phone: 'call me' }, { phone: '375291000004' }],
			continueOnFail: true,
		});
		expect((request.body as { messages: IDataObject[] }).messages[0].delivery_list).toEqual([
			'375291000001',
			'375291000004',
		]);
		const failed = items.filter((item) => item.json.error !== undefined);
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 2 }]);
		expect(failed[0].json.error).toBe('Item 1 has no field "phone"');
		expect(failed[1].json.error).toMatch(/^Invalid Phone \(field "phone"\) "call me" in item 2/);
	});
});

describe('SMS > Send Batch, mailings as JSON', () => {
	it('sends one request per item with its mailings, phones normalised, outputs paired', async () => {
		const alphanameId = String(fixture.account.alphanameIds[1]);
		const mailings = (name: string) => [
			{
				name,
				alphaname_id: alphanameId,
				message_type: 'bulk',
				text: 'Hello',
				delivery_list: ['+375 29 100-00-01'],
			},
			{
				name: `${name} personal`,
				alphaname_id: Number(alphanameId),
				message_type: 'personal',
				schedule_time: '2026-03-05T10:30:00',
				delivery_list: [{ phone: '375291000002', text: 'Hi' }],
			},
		];
		const { items, requests } = await fixture.runOk({
			parameters: params(fixture.account, 'sms', 'sendBatch', {
				...MAILINGS_AS_JSON,
				callbackUrl: CALLBACK,
			}),
			items: [{ mailings: mailings('A') }, { mailings: mailings('B') }],
		});
		expect(requests).toHaveLength(2);
		const body = requests[0].body as { messages: IDataObject[]; callback_url: string };
		expect(body.callback_url).toEqual(signedCallback(CALLBACK, 1, 2));
		expect((requests[1].body as { callback_url: string }).callback_url).toEqual(
			signedCallback(CALLBACK, 2, 2),
		);
		expect(body.messages).toEqual([
			{
				name: 'A',
				alphaname_id: alphanameId,
				message_type: 'bulk',
				text: 'Hello',
				delivery_list: ['375291000001'],
			},
			{
				name: 'A personal',
				alphaname_id: alphanameId,
				message_type: 'personal',
				schedule_time: '2026-03-05T10:30:00',
				delivery_list: [{ phone: '375291000002', text: 'Hi' }],
			},
		]);
		expect((requests[1].body as { messages: IDataObject[] }).messages[0].name).toBe('B');
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(
			items.every((item) => typeof item.json.uuid === 'string' && item.json.success === 'OK'),
		).toBe(true);
	});
});

describe('SMS > Send Batch: bad input is refused before any request, naming the field and the item', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.sms.sendBatch);
	itRefusesBadSettings(fixture, badInputTable.badSettings.sms.sendBatch);
});
