import { endpoints, type ApiMethod } from '../../nodes/MessagingService/transport/endpoints';
import { TEST_API_KEY } from '../harness/keys';
import { PROBE_NODE_TYPE } from '../harness/probeNode';
import { useSandbox } from '../harness/sandbox';

const fixture = useSandbox();

/** Where the spec puts `token`, read from the spec again (not from the endpoint table). */
const specKeyPlaces: Record<ApiMethod, Array<'query' | 'body'>> = {
	sendBulkChat: ['query', 'body'],
	statusBulkChat: ['query'],
	sendQuickChatMessage: ['body'],
	getChatDeliveryData: ['body'],
	sendChatMessageList: ['body'],
	confirmChatMessage: ['query'],
	getChatMessages: ['query'],
	getChatMessageData: ['query'],
	getChatDeliveryList: ['body'],
	getNewIncomingMessages: ['body'],
	readResponseStatus: ['body'],
	getTemplateMessages: ['query'],
	getTemplateMessageById: ['query'],
	createTemplateMessage: ['body'],
	editTemplateMessage: ['body'],
	deleteTemplateMessage: ['body'],
	sendBulkSms: ['query', 'body'],
	statusBulkSms: ['query'],
	sendQuickSMS: ['query'],
	sendOtpAppOne: ['query'],
	sendOtpAppTwo: ['query'],
	createSmsMessage: ['query'],
	checkSMSMessageStatus: ['query'],
	sendSMS: ['query'],
	checkSMS: ['query'],
	getMessagesList: ['query'],
	getSmsDeliveryList: ['query'],
	sendSmsList: ['body'],
	confirmSendMessageByList: ['body'],
	getSMSMessages: ['query'],
};

function parametersFor(method: ApiMethod): Record<string, unknown> {
	const { alphanameIds, chatnameIds, listIds, templateIds } = fixture.account;
	const phone = '375291234567';
	const mailing = {
		alphaname_id: String(alphanameIds[0]),
		name: 'probe',
		message_type: 'bulk',
		delivery_list: [phone],
	};
	const table: Partial<Record<ApiMethod, Record<string, unknown>>> = {
		sendBulkChat: { messages: [{ ...mailing, content: { type: 'text', text: 'hi' } }] },
		sendBulkSms: { callback_url: 'http://127.0.0.1:9/cb', messages: [{ ...mailing, text: 'hi' }] },
		statusBulkChat: { uuid: '00000000-0000-4000-8000-000000000000' },
		statusBulkSms: { uuid: '00000000-0000-4000-8000-000000000000' },
		sendQuickChatMessage: { chatname_id: chatnameIds[0], phone, message: 'hi' },
		sendChatMessageList: { chatname_id: chatnameIds[0], list_id: listIds[0], message: 'hi' },
		getTemplateMessageById: { template_id: templateIds[0] },
		createTemplateMessage: { name: 'probe', message: 'hi' },
		editTemplateMessage: { template_id: templateIds[0], name: 'probe', message: 'hi' },
		deleteTemplateMessage: { template_id: templateIds[1] },
		readResponseStatus: { incoming_messages: '1' },
		sendQuickSMS: { phone, message: 'hi', alphaname_id: alphanameIds[0] },
		sendOtpAppOne: { phone, message: '1234' },
		sendOtpAppTwo: { phone, message: '1234' },
		createSmsMessage: { message: 'hi', alphaname_id: alphanameIds[0] },
		sendSMS: { message_id: 1, phone },
		checkSMS: { sms_id: 1 },
		sendSmsList: {
			name: 'probe',
			message: 'hi',
			d_schedule: '2026-03-02 10:00',
			list_id: listIds[0],
			alphaname_id: alphanameIds[0],
		},
		confirmSendMessageByList: { message_id: 1, confirm: 0 },
	};
	const needsMessageId = [
		'getChatDeliveryData',
		'confirmChatMessage',
		'getChatMessageData',
		'getChatDeliveryList',
		'getNewIncomingMessages',
		'checkSMSMessageStatus',
		'getSmsDeliveryList',
	];
	return table[method] ?? (needsMessageId.includes(method) ? { message_id: 1 } : {});
}

function placesOfKey(request: {
	query: Record<string, unknown>;
	body: Record<string, unknown> | null;
}) {
	const places: Array<'query' | 'body'> = [];
	if (request.query.token !== undefined) places.push('query');
	if (request.body && request.body.token !== undefined) places.push('body');
	return places;
}

describe('the API key travels exactly where the spec puts it', () => {
	it('covers all 30 methods of the endpoint table', () => {
		expect(Object.keys(endpoints).sort()).toEqual(Object.keys(specKeyPlaces).sort());
		expect(Object.keys(endpoints)).toHaveLength(30);
	});

	it.each(Object.keys(endpoints) as ApiMethod[])('%s', async (method) => {
		await fixture.run({
			nodeType: PROBE_NODE_TYPE,
			parameters: { method, parameters: JSON.stringify(parametersFor(method)) },
			continueOnFail: true,
		});
		const requests = fixture.sandbox.requests();
		expect(requests).toHaveLength(1);
		const [request] = requests;
		expect(request.path).toBe(endpoints[method].path);
		expect(request.httpMethod).toBe(endpoints[method].verb);
		expect(placesOfKey(request)).toEqual(specKeyPlaces[method]);
		expect(request.token).toBe(TEST_API_KEY);
		// the emulator refuses a key found anywhere but the spec's place with 401
		expect(request.status).not.toBe(401);
		if (specKeyPlaces[method].includes('body') && !specKeyPlaces[method].includes('query')) {
			expect(JSON.stringify(request.query)).not.toContain(TEST_API_KEY);
		}
	});
});

/** The old key placeholder, values built from it, the key's own name, and look-alikes of the key's place. */
const TRICKY_VALUES = [
	'{{messagingServiceApiKey}}',
	' {{messagingServiceApiKey}} ',
	'{{messagingServiceApiKey}}{{messagingServiceApiKey}}',
	encodeURIComponent('{{messagingServiceApiKey}}'),
	'token',
	'token={{messagingServiceApiKey}}',
	'{{ $credentials.apiKey }}',
];

/** Every parameter of a method set to `value` (files left out; the batch messages carry it in their texts). */
function everyParameterAs(method: ApiMethod, value: string): Record<string, unknown> {
	const parameters: Record<string, unknown> = {};
	for (const [name, place] of Object.entries(endpoints[method].parameters)) {
		if (place === 'file') continue;
		parameters[name] =
			name === 'messages' ? [{ name: value, text: value, delivery_list: [value] }] : value;
	}
	return parameters;
}

/** The request as the service received it, without the `token` slots: where the key must not be. */
function withoutKeySlots(request: {
	query: Record<string, unknown>;
	body: Record<string, unknown> | null;
}) {
	const query: Record<string, unknown> = { ...request.query };
	const body: Record<string, unknown> = { ...(request.body ?? {}) };
	delete query.token;
	delete body.token;
	return { query, body };
}

describe('no value sent by a user can become the key', () => {
	const cases = (Object.keys(endpoints) as ApiMethod[]).flatMap((method) =>
		TRICKY_VALUES.map((value) => [method, value] as const),
	);

	it.each(cases)(
		'%s with every parameter set to %j: the service receives the value, the key only in its token places',
		async (method, value) => {
			await fixture.run({
				nodeType: PROBE_NODE_TYPE,
				parameters: { method, parameters: JSON.stringify(everyParameterAs(method, value)) },
				continueOnFail: true,
			});
			const requests = fixture.sandbox.requests();
			expect(requests).toHaveLength(1);
			const [request] = requests;
			const received = withoutKeySlots(request);
			expect(JSON.stringify(received)).not.toContain(TEST_API_KEY);
			expect(placesOfKey(request)).toEqual(specKeyPlaces[method]);
			for (const [name, place] of Object.entries(endpoints[method].parameters)) {
				if (place === 'file') continue;
				const where = place === 'query' ? received.query : received.body;
				if (name === 'messages')
					expect(where[name]).toEqual([{ name: value, text: value, delivery_list: [value] }]);
				else expect({ name, value: where[name] }).toEqual({ name, value });
			}
		},
	);
});

describe('through the node: what a user or an input item sends stays what it is', () => {
	const PLACEHOLDER = '{{messagingServiceApiKey}}';

	it('an SMS whose text comes from an input item equal to the old placeholder sends that text', async () => {
		const result = await fixture.run({
			parameters: {
				resource: 'sms',
				operation: 'send',
				phone: '375291234567',
				message: '={{ $json.reply }}',
				senderNameId: String(fixture.account.alphanameIds[0]),
			},
			items: [{ reply: PLACEHOLDER }],
		});
		expect(result.error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect([request.query.message, request.query.token]).toEqual([PLACEHOLDER, TEST_API_KEY]);
	});

	it('a template named and written as the old placeholder and as "token" is stored as typed', async () => {
		for (const value of [PLACEHOLDER, 'token']) {
			const result = await fixture.run({
				parameters: { resource: 'template', operation: 'create', name: value, message: value },
			});
			expect(result.error).toBeUndefined();
		}
		const bodies = fixture.sandbox
			.requests()
			.map((request) => [request.body?.name, request.body?.message, request.body?.token]);
		expect(bodies).toEqual([
			[PLACEHOLDER, PLACEHOLDER, TEST_API_KEY],
			['token', 'token', TEST_API_KEY],
		]);
		const stored = fixture.sandbox.account(TEST_API_KEY).templates.map((template) => template.name);
		expect(stored).toEqual(expect.arrayContaining([PLACEHOLDER, 'token']));
		expect(stored).not.toContain(TEST_API_KEY);
	});
});
