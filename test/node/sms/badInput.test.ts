import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { TEST_API_KEY } from '../../harness/keys';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

/** Calls the emulator directly (setup only): GET/POST with the key and parameters in the query. */
async function direct(verb: 'GET' | 'POST', method: string, query: Record<string, string>, form?: Record<string, string>) {
	const url = `${fixture.sandbox.url}/api/v1/${method}?${new URLSearchParams(form ? query : { token: TEST_API_KEY, ...query })}`;
	const response = await fetch(url, {
		method: verb,
		...(form ? { body: new URLSearchParams({ token: TEST_API_KEY, ...form }) } : {}),
	});
	return (await response.json()) as IDataObject;
}

const alphaname = () => String(fixture.account.alphanameIds[0]);

interface ItemCase {
	name: string;
	/** the label the error must name */
	field: string;
	/** the API method each good item calls once */
	method: string;
	/** the node's parameters; `={{ $json.v }}` reads each item's value */
	parameters: () => INodeParameters;
	/** the values of items 0, 1 (bad) and 2 */
	values: () => Promise<unknown[]> | unknown[];
}

const sms = (operation: string, rest: INodeParameters): INodeParameters => ({ resource: 'sms', operation, ...rest });
const otp = (rest: INodeParameters): INodeParameters => ({
	resource: 'verificationCode',
	operation: 'send',
	phone: '375291000001',
	...rest,
});
const quick = (rest: INodeParameters): INodeParameters =>
	sms('send', { phone: '375291000001', message: 'Hi', senderNameId: alphaname(), ...rest });

const itemCases: ItemCase[] = [
	{
		name: 'Send: phone with letters',
		field: 'Phone',
		method: 'sendQuickSMS',
		parameters: () => quick({ phone: '={{ $json.v }}' }),
		values: () => ['375291000001', '12ab', '+375 29 100-00-03'],
	},
	{
		name: 'Send: phone too short',
		field: 'Phone',
		method: 'sendQuickSMS',
		parameters: () => quick({ phone: '={{ $json.v }}' }),
		values: () => ['375291000001', '+37 5', '375291000003'],
	},
	{
		name: 'Send: sender name given as a name, not an ID',
		field: 'Sender Name ID',
		method: 'sendQuickSMS',
		parameters: () => quick({ senderNameId: '={{ $json.v }}' }),
		values: () => [alphaname(), 'DemoShop', alphaname()],
	},
	{
		name: 'Send: empty message',
		field: 'Message',
		method: 'sendQuickSMS',
		parameters: () => quick({ message: '={{ $json.v }}' }),
		values: () => ['Hi', '   ', 'Hello'],
	},
	{
		name: 'Send: forwarding time 2',
		field: 'Forward After \\(Minutes\\)',
		method: 'sendQuickSMS',
		parameters: () => quick({ options: { forwarding: true, forwardingTime: '={{ $json.v }}' } }),
		values: () => [5, 2, 60],
	},
	{
		name: 'Send: forwarding time 61',
		field: 'Forward After \\(Minutes\\)',
		method: 'sendQuickSMS',
		parameters: () => quick({ options: { forwarding: true, forwardingTime: '={{ $json.v }}' } }),
		values: () => [30, 61, 10],
	},
	{
		name: 'Send: forwarding time while forwarding is off',
		field: 'Forward After \\(Minutes\\)',
		method: 'sendQuickSMS',
		parameters: () => quick({ options: { forwarding: '={{ $json.v }}', forwardingTime: 15 } }),
		values: () => [true, false, true],
	},
	{
		name: 'Verification code: code with letters',
		field: 'Verification Code',
		method: 'sendOtpAppOne',
		parameters: () => otp({ codeSource: 'given', code: '={{ $json.v }}' }),
		values: () => ['123456', '12a456', '654321'],
	},
	{
		name: 'Verification code: code of 17 digits',
		field: 'Verification Code',
		method: 'sendOtpAppOne',
		parameters: () => otp({ codeSource: 'given', code: '={{ $json.v }}' }),
		values: () => ['1234567890123456', '12345678901234567', '1'],
	},
	{
		name: 'Verification code: generated length 17',
		field: 'Code Length',
		method: 'sendOtpAppTwo',
		parameters: () => otp({ channel: 'appTwo', codeLength: '={{ $json.v }}' }),
		values: () => [4, 17, 16],
	},
	{
		name: 'Verification code: bad phone',
		field: 'Phone',
		method: 'sendOtpAppOne',
		parameters: () => otp({ phone: '={{ $json.v }}' }),
		values: () => ['375291000001', 'call me', '375291000003'],
	},
	{
		name: 'Create Message: send time in a wrong format',
		field: 'Send At',
		method: 'createSmsMessage',
		parameters: () => sms('createMessage', { message: 'Hi', additionalFields: { sendAt: '={{ $json.v }}' } }),
		values: () => ['2026-03-05T10:30:00', 'tomorrow at noon', '2026-03-05T10:30:00.000Z'],
	},
	{
		name: 'Get Batch Status: not a UUID',
		field: 'Batch UUID',
		method: 'statusBulkSms',
		parameters: () => sms('getBatchStatus', { uuid: '={{ $json.v }}' }),
		values: async () => {
			const sent = async () =>
				String(
					(
						await fetch(`${fixture.sandbox.url}/api/v1/sendBulkSms?token=${TEST_API_KEY}`, {
							method: 'POST',
							headers: { 'Content-Type': 'application/json' },
							body: JSON.stringify({
								token: TEST_API_KEY,
								callback_url: 'http://127.0.0.1:9/cb',
								messages: [
									{ alphaname_id: alphaname(), name: 'x', message_type: 'bulk', text: 'Hi', delivery_list: ['375291000001'] },
								],
							}),
						}).then(async (response) => (await response.json()) as IDataObject)
					).uuid,
				);
			return [await sent(), 'batch-1', await sent()];
		},
	},
	{
		name: 'Get Status: SMS ID with letters',
		field: 'SMS ID',
		method: 'checkSMS',
		parameters: () => sms('getStatus', { smsId: '={{ $json.v }}' }),
		values: async () => {
			const send = async (phone: string) =>
				(await direct('POST', 'sendQuickSMS', { message: 'Hi', phone, alphaname_id: alphaname() })).sms_id;
			return [await send('375291000001'), 'sms-30000001', await send('375291000002')];
		},
	},
	{
		name: 'Send Created Message: bad phone',
		field: 'Phone',
		method: 'sendSMS',
		parameters: () => sms('sendCreatedMessage', { createdMessageId: '={{ $json.id }}', phone: '={{ $json.v }}' }),
		values: () => ['375291000001', '+375-29', '375291000003'],
	},
	{
		name: 'Send to List: list given by name',
		field: 'Subscriber List ID',
		method: 'sendSmsList',
		parameters: () =>
			sms('sendToList', { listId: '={{ $json.v }}', mailingName: 'M', message: 'Hi', senderNameId: alphaname() }),
		values: () => [String(fixture.account.listIds[0]), 'Customers', String(fixture.account.listIds[1])],
	},
	{
		name: 'Send to List: send time in a wrong format',
		field: 'Send At',
		method: 'sendSmsList',
		parameters: () =>
			sms('sendToList', {
				listId: String(fixture.account.listIds[0]),
				mailingName: 'M',
				message: 'Hi',
				senderNameId: alphaname(),
				sendAt: '={{ $json.v }}',
			}),
		values: () => ['2026-03-05T10:30:00', '31/03/2026 14:30', '2026-03-06T10:30:00'],
	},
	{
		name: 'Confirm List Mailing: mailing ID not a whole number',
		field: 'Mailing',
		method: 'confirmSendMessageByList',
		parameters: () => sms('confirmListMailing', { messageId: '={{ $json.v }}', confirmAction: 'info' }),
		values: async () => {
			const list = async () =>
				(
					await direct('POST', 'sendSmsList', {}, {
						name: 'L',
						message: 'Hi',
						d_schedule: '2026-03-05 10:30',
						list_id: String(fixture.account.listIds[0]),
						alphaname_id: alphaname(),
					})
				).message_id;
			return [await list(), '12.5', await list()];
		},
	},
];

describe('bad input of per-item operations is refused before any request, naming the field and the item', () => {
	it.each(itemCases.map((testCase) => [testCase.name, testCase]))('%s', async (_name, testCase) => {
		const created = await direct('GET', 'createSmsMessage', { message: 'Stored' });
		const values = await testCase.values();
		const items = values.map((v) => ({ v, id: created.message_id }));
		fixture.sandbox.clearRequests();

		const { items: outputs, error } = await fixture.run({
			parameters: testCase.parameters(),
			items,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();

		const failed = outputs.filter((item) => item.json.error !== undefined);
		expect(failed).toHaveLength(1);
		expect(failed[0].pairedItem).toEqual({ item: 1 });
		expect(String(failed[0].json.error)).toMatch(new RegExp(`^Invalid ${testCase.field} .* in item 1: `));

		// the good items went through, one request each; so the bad item sent none
		const succeeded = outputs.filter((item) => item.json.error === undefined);
		expect(new Set(succeeded.map((item) => (item.pairedItem as { item: number }).item))).toEqual(new Set([0, 2]));
		const calls = fixture.sandbox.requests();
		expect(calls.map((call) => call.apiMethod)).toEqual([testCase.method, testCase.method]);
		expect(calls.every((call) => call.status === 200)).toBe(true);

		// without Continue On Fail the node stops with the same message
		const stopped = await fixture.run({ parameters: testCase.parameters(), items: [items[1]] });
		expect(stopped.error?.message).toMatch(new RegExp(`^Invalid ${testCase.field} .* in item 0: `));
	});
});

interface BatchCase {
	name: string;
	field: string;
	parameters: () => INodeParameters;
	items: () => IDataObject[];
	/** the items refused; the others must still go out */
	bad: number[];
}

const CALLBACK = 'http://127.0.0.1:9/cb';
const fromItems = (rest: INodeParameters = {}): INodeParameters =>
	sms('sendBatch', {
		buildFrom: 'items',
		mailingName: 'Sale',
		senderNameId: alphaname(),
		messageType: 'bulk',
		text: 'Hi',
		recipientsFrom: 'define',
		recipientPhone: '={{ $json.phone }}',
		callbackUrl: CALLBACK,
		...rest,
	});
const asJson = (): INodeParameters =>
	sms('sendBatch', { buildFrom: 'json', messagesJson: '={{ JSON.stringify($json.mailings) }}', callbackUrl: CALLBACK });
const mailing = (rest: IDataObject = {}): IDataObject => ({
	name: 'Sale',
	alphaname_id: alphaname(),
	message_type: 'bulk',
	text: 'Hi',
	delivery_list: ['375291000001'],
	...rest,
});
const phones = (...list: string[]) => list.map((phone) => ({ phone, text: `for ${phone}` }));

const batchCases: BatchCase[] = [
	{
		name: 'items: bad phone',
		field: 'Phone',
		parameters: () => fromItems(),
		items: () => phones('375291000001', '123', '375291000003'),
		bad: [1],
	},
	{
		name: 'items: personal mailing item without text',
		field: 'Text',
		parameters: () => fromItems({ messageType: 'personal', personalText: '={{ $json.text }}' }),
		items: () => [...phones('375291000001'), { phone: '375291000002' }, ...phones('375291000003')],
		bad: [1],
	},
	{
		name: 'items: callback URL expression that gives nothing',
		field: 'Callback URL',
		parameters: () => fromItems({ callbackUrl: '={{ $json.resumeUrl }}' }),
		items: () => phones('375291000001', '375291000002'),
		bad: [0, 1],
	},
	{
		name: 'items: callback URL that is not http(s)',
		field: 'Callback URL',
		parameters: () => fromItems({ callbackUrl: 'ftp://example.com/cb' }),
		items: () => phones('375291000001', '375291000002'),
		bad: [0, 1],
	},
	{
		name: 'items: schedule time in a wrong format',
		field: 'Send At',
		parameters: () => fromItems({ options: { sendAt: 'next friday' } }),
		items: () => phones('375291000001', '375291000002'),
		bad: [0, 1],
	},
	{
		name: 'items: chunk size above the maximum',
		field: 'Chunk Size',
		parameters: () => fromItems({ options: { chunkSize: 20000 } }),
		items: () => phones('375291000001', '375291000002'),
		bad: [0, 1],
	},
	{
		name: 'JSON: empty delivery list',
		field: 'Mailings \\(JSON\\)',
		parameters: asJson,
		items: () => [{ mailings: [mailing()] }, { mailings: [mailing({ delivery_list: [] })] }, { mailings: [mailing()] }],
		bad: [1],
	},
	{
		name: 'JSON: schedule_time in a wrong format',
		field: 'Mailings \\(JSON\\)',
		parameters: asJson,
		items: () => [
			{ mailings: [mailing()] },
			{ mailings: [mailing({ schedule_time: '2026-03-05 10:30' })] },
			{ mailings: [mailing({ schedule_time: '2026-03-05T10:30:00' })] },
		],
		bad: [1],
	},
	{
		name: 'JSON: personal entry without text',
		field: 'Mailings \\(JSON\\)',
		parameters: asJson,
		items: () => [
			{ mailings: [mailing()] },
			{ mailings: [mailing({ message_type: 'personal', text: undefined, delivery_list: [{ phone: '375291000001' }] })] },
			{ mailings: [mailing()] },
		],
		bad: [1],
	},
	{
		name: 'JSON: bulk mailing without text',
		field: 'Mailings \\(JSON\\)',
		parameters: asJson,
		items: () => [{ mailings: [mailing()] }, { mailings: [mailing({ text: '' })] }, { mailings: [mailing()] }],
		bad: [1],
	},
];

describe('bad input of SMS > Send Batch is refused before any request, naming the field and the item', () => {
	it.each(batchCases.map((testCase) => [testCase.name, testCase]))('%s', async (_name, testCase) => {
		const input = testCase.items();
		const { items: outputs, error } = await fixture.run({
			parameters: testCase.parameters(),
			items: input,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();

		const failed = outputs.filter((item) => item.json.error !== undefined);
		const failedItems = failed.flatMap((item) =>
			(Array.isArray(item.pairedItem) ? item.pairedItem : [item.pairedItem]).map((pair) => (pair as { item: number }).item),
		);
		expect(failedItems.sort()).toEqual(testCase.bad);
		for (const item of failed) expect(String(item.json.error)).toMatch(new RegExp(`^Invalid ${testCase.field} .* in item ${testCase.bad[0]}: `));

		const good = input.map((_, index) => index).filter((index) => !testCase.bad.includes(index));
		const succeeded = outputs.filter((item) => item.json.error === undefined);
		const succeededItems = succeeded.flatMap((item) =>
			(Array.isArray(item.pairedItem) ? item.pairedItem : [item.pairedItem]).map((pair) => (pair as { item: number }).item),
		);
		expect(succeededItems.sort()).toEqual(good);

		const calls = fixture.sandbox.requests();
		expect(calls.every((call) => call.apiMethod === 'sendBulkSms' && call.status === 200)).toBe(true);
		const sentPhones = calls.flatMap((call) =>
			((call.body as { messages: IDataObject[] }).messages).flatMap((sent) =>
				(sent.delivery_list as Array<string | IDataObject>).map((entry) => (typeof entry === 'string' ? entry : entry.phone)),
			),
		);
		if (testCase.parameters().buildFrom === 'items') {
			expect(sentPhones.sort()).toEqual(good.map((index) => String(input[index].phone)).sort());
		} else {
			expect(calls).toHaveLength(good.length);
		}

		const stopped = await fixture.run({ parameters: testCase.parameters(), items: input });
		expect(stopped.error?.message).toMatch(new RegExp(`^Invalid ${testCase.field} .* in item ${testCase.bad[0]}: `));
	});
});
