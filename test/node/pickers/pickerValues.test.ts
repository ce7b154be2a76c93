import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

/**
 * Every operation with a picker, run in n8n's engine with the picker in each of its modes (From
 * List, By ID, an expression) and with a bad ID from an expression.
 */

const fixture = useSandbox();

async function form(
	version: 'v1' | 'v2',
	method: string,
	fields: Record<string, string | number>,
): Promise<IDataObject> {
	const body = new URLSearchParams({
		token: TEST_API_KEY,
		...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
	});
	const response = await fetch(`${fixture.sandbox.url}/api/${version}/${method}`, {
		method: 'POST',
		body,
	});
	expect(response.status).toBe(200);
	const answer = (await response.json()) as IDataObject;
	return (version === 'v2' ? answer.result : answer) as IDataObject;
}

const chatMessage = async () =>
	(
		await form('v2', 'sendQuickChatMessage', {
			chatname_id: fixture.account.chatnameIds[0],
			phone: '375291234567',
			message: 'Hi',
		})
	).message_id as number;
const chatListMailing = async () =>
	(
		await form('v2', 'sendChatMessageList', {
			chatname_id: fixture.account.chatnameIds[0],
			list_id: fixture.account.listIds[0],
			message: 'Hi',
		})
	).message_id as number;
const smsListMailing = async () =>
	(
		await form('v1', 'sendSmsList', {
			name: 'April',
			message: 'Hi',
			d_schedule: '2026-04-01 10:00',
			list_id: fixture.account.listIds[0],
			alphaname_id: fixture.account.alphanameIds[0],
		})
	).message_id as number;

interface PickerCase {
	title: string;
	resource: string;
	operation: string;
	/** the picker's parameter */
	parameter: string;
	/** its label in errors */
	label: string;
	/** the API method the operation calls, which carries message_id */
	apiMethod: string;
	/** a good ID on the emulator (made fresh for each run) */
	good: () => Promise<number>;
	other?: INodeParameters;
}

const cases: PickerCase[] = [
	{
		title: 'Chat Message > Get Mailing',
		resource: 'chatMessage',
		operation: 'getMailing',
		parameter: 'messageId',
		label: 'Mailing',
		apiMethod: 'getChatMessageData',
		good: chatMessage,
	},
	{
		title: 'Chat Message > Get Delivery Status',
		resource: 'chatMessage',
		operation: 'getDeliveryStatus',
		parameter: 'messageId',
		label: 'Mailing',
		apiMethod: 'getChatDeliveryData',
		good: chatMessage,
	},
	{
		title: 'Chat Message > Get Many Deliveries',
		resource: 'chatMessage',
		operation: 'getManyDeliveries',
		parameter: 'messageId',
		label: 'Mailing',
		apiMethod: 'getChatDeliveryList',
		good: chatMessage,
		other: { returnAll: true },
	},
	{
		title: 'Chat Message > Confirm List Mailing',
		resource: 'chatMessage',
		operation: 'confirmListMailing',
		parameter: 'messageId',
		label: 'Mailing',
		apiMethod: 'confirmChatMessage',
		good: chatListMailing,
	},
	{
		title: 'Reply > Get Many New',
		resource: 'reply',
		operation: 'getManyNew',
		parameter: 'messageId',
		label: 'Mailing',
		apiMethod: 'getNewIncomingMessages',
		good: chatMessage,
	},
	{
		title: 'SMS > Confirm List Mailing',
		resource: 'sms',
		operation: 'confirmListMailing',
		parameter: 'messageId',
		label: 'Mailing',
		apiMethod: 'confirmSendMessageByList',
		good: smsListMailing,
		other: { confirmAction: 'info' },
	},
	{
		title: 'SMS > Send Created Message',
		resource: 'sms',
		operation: 'sendCreatedMessage',
		parameter: 'createdMessageId',
		label: 'Created Message',
		apiMethod: 'sendSMS',
		good: async () => 10000001,
		other: { phone: '375291234567' },
	},
	{
		title: 'SMS > Get Message Status',
		resource: 'sms',
		operation: 'getMessageStatus',
		parameter: 'createdMessageId',
		label: 'Created Message',
		apiMethod: 'checkSMSMessageStatus',
		good: async () => 10000001,
	},
	{
		title: 'SMS > Get Many Deliveries',
		resource: 'sms',
		operation: 'getManyDeliveries',
		parameter: 'messageOrMailingId',
		label: 'Message or Mailing',
		apiMethod: 'getSmsDeliveryList',
		good: async () => 10000002,
		other: { returnAll: true },
	},
];

/** the ID each read asked for (a paged read counts once: its first page, until an empty one) */
function sentIds(apiMethod: string): string[] {
	return fixture.sandbox
		.requests()
		.filter((request) => request.apiMethod === apiMethod)
		.map((request) => ({ ...request.query, ...request.body }))
		.filter((parameters) => Number(parameters.limit_offset ?? 0) === 0)
		.map((parameters) => String(parameters.message_id));
}

describe.each(cases)('$title: the picker', (c) => {
	const run = async (
		picker: INodeParameters,
		items: IDataObject[] = [{}],
		continueOnFail = false,
	) =>
		await fixture.run({
			parameters: params(fixture.account, c.resource, c.operation, {
				...c.other,
				[c.parameter]: picker,
			}),
			items,
			continueOnFail,
		});

	it.each([
		[
			'From List',
			(id: number) => ({ __rl: true, mode: 'list', value: String(id), cachedResultName: 'picked' }),
		],
		['By ID', (id: number) => ({ __rl: true, mode: 'id', value: ` ${id} ` })],
	])('%s sends the chosen ID', async (_mode, picker) => {
		const id = await c.good();
		fixture.sandbox.clearRequests();
		const { error } = await run(picker(id));
		expect(error).toBeUndefined();
		expect(sentIds(c.apiMethod)).toEqual([String(id)]);
	});

	it('an expression gives each item its ID; a bad one is refused naming the field and the item', async () => {
		const [first, third] = [await c.good(), await c.good()];
		fixture.sandbox.clearRequests();
		const { items } = await run(
			{ __rl: true, mode: 'id', value: '={{ $json.id }}' },
			[{ id: first }, { id: 'last mailing' }, { id: String(third) }],
			true,
		);
		expect(sentIds(c.apiMethod).sort()).toEqual([String(first), String(third)].sort());
		const failed = items.filter((item) => item.json.error !== undefined);
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 1 }]);
		expect(failed[0].json.error).toBe(
			`Invalid ${c.label} "last mailing" in item 1: choose one from the list, or enter its ID: a whole number of up to 15 digits`,
		);
	});

	it('nothing chosen: n8n refuses to run the node, naming the field, before any request', async () => {
		await expect(run({ __rl: true, mode: 'list', value: '' })).rejects.toThrow(
			`Parameter "${c.label}" is required`,
		);
		expect(fixture.sandbox.requests()).toEqual([]);
	});
});
