import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

async function createMessage(message = 'Your table is ready'): Promise<number> {
	const { items, error } = await fixture.run({
		parameters: { resource: 'sms', operation: 'createMessage', message },
	});
	expect(error).toBeUndefined();
	fixture.sandbox.clearRequests();
	return Number(items[0].json.message_id);
}

describe('SMS > Create Message', () => {
	it('sends createSmsMessage as a GET with every parameter in the query, the time in the workflow zone', async () => {
		const alphanameId = fixture.account.alphanameIds[1];
		const { items, error } = await fixture.run({
			parameters: {
				resource: 'sms',
				operation: 'createMessage',
				message: 'Your table is ready',
				additionalFields: { name: 'Table ready', senderNameId: String(alphanameId), sendAt: '2026-03-02T09:15:00.000Z' },
			},
			timezone: 'Europe/Minsk',
		});
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({ httpMethod: 'GET', path: '/api/v1/createSmsMessage', bodyType: 'none', status: 200 });
		expect(request.query).toEqual({
			token: expect.any(String),
			message: 'Your table is ready',
			name: 'Table ready',
			alphaname_id: String(alphanameId),
			time: '2026-03-02 12:15',
		});
		expect(items[0].json).toEqual({
			status: expect.any(String),
			parts: 1,
			len: 19,
			message_id: expect.any(Number),
			alphaname: fixture.account.alphanames[1].name,
			time: expect.any(Number),
		});
	});
});

describe('SMS > Get Message Status, Send Created Message, Get Status', () => {
	it('reads the status of a created message by message_id in the query', async () => {
		const messageId = await createMessage();
		const { items, error } = await fixture.run({
			parameters: { resource: 'sms', operation: 'getMessageStatus', createdMessageId: String(messageId) },
		});
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({ httpMethod: 'GET', path: '/api/v1/checkSMSMessageStatus', bodyType: 'none' });
		expect(request.query).toEqual({ token: expect.any(String), message_id: String(messageId) });
		expect(items[0].json).toMatchObject({ message_id: messageId });
	});

	it('sends a created message to the phone of each item, then gives sent and delivered times as ISO dates', async () => {
		const messageId = await createMessage('Hello there');
		const { items, error } = await fixture.run({
			parameters: {
				resource: 'sms',
				operation: 'sendCreatedMessage',
				createdMessageId: String(messageId),
				phone: '={{ $json.phone }}',
			},
			items: [{ phone: '+375 29 100-00-01' }, { phone: '375291000002' }],
		});
		expect(error).toBeUndefined();
		const requests = fixture.sandbox.requests();
		expect(requests).toHaveLength(2);
		expect(requests[0]).toMatchObject({ httpMethod: 'GET', path: '/api/v1/sendSMS', bodyType: 'none' });
		expect(requests.map((request) => request.query).sort((a, b) => String(a.phone).localeCompare(String(b.phone)))).toEqual([
			{ token: expect.any(String), message_id: String(messageId), phone: '375291000001' },
			{ token: expect.any(String), message_id: String(messageId), phone: '375291000002' },
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[0].json).toEqual({ sms_id: expect.any(Number), status: 'NEW' });

		const smsId = Number(items[0].json.sms_id);
		fixture.sandbox.clearRequests();
		const before = await fixture.run({ parameters: { resource: 'sms', operation: 'getStatus', smsId: String(smsId) } });
		expect(before.items[0].json).toEqual({ sms_id: smsId, sent: 0, delivered: 0, sentAt: null, deliveredAt: null });
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({ httpMethod: 'GET', path: '/api/v1/checkSMS', bodyType: 'none' });
		expect(request.query).toEqual({ token: expect.any(String), sms_id: String(smsId) });

		fixture.sandbox.advanceClock(120);
		const after = await fixture.run({ parameters: { resource: 'sms', operation: 'getStatus', smsId: '={{ $json.id }}' }, items: [{ id: smsId }] });
		const { sent, delivered, sentAt, deliveredAt } = after.items[0].json as Record<string, number | string>;
		expect(sent).toBeGreaterThan(0);
		expect(delivered).toBeGreaterThanOrEqual(Number(sent));
		expect(sentAt).toBe(new Date(Number(sent) * 1000).toISOString());
		expect(deliveredAt).toBe(new Date(Number(delivered) * 1000).toISOString());
		expect(String(sentAt).startsWith('2026-03-02T09:0')).toBe(true);
	});
});

describe('SMS > Get Many Messages', () => {
	it('with Return All, pages past the first 100 records with limit_offset/limit_rows in the query', async () => {
		const { error } = await fixture.run({
			parameters: { resource: 'sms', operation: 'createMessage', message: '=Message {{ $itemIndex }}' },
			items: Array.from({ length: 149 }, () => ({})),
		});
		expect(error).toBeUndefined();
		fixture.sandbox.clearRequests();

		const { items } = await fixture.run({
			parameters: { resource: 'sms', operation: 'getManyMessages', returnAll: true },
		});
		expect(items).toHaveLength(150);
		expect(new Set(items.map((item) => item.json.message_id)).size).toBe(150);
		expect(items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
		const requests = fixture.sandbox.requests();
		expect(requests.map((request) => [request.httpMethod, request.path, request.query.limit_offset, request.query.limit_rows])).toEqual([
			['GET', '/api/v1/getMessagesList', '0', '100'],
			['GET', '/api/v1/getMessagesList', '100', '100'],
			// a short page may be the service's cap on limit_rows: the list ends at an empty page
			['GET', '/api/v1/getMessagesList', '150', '100'],
		]);
	});

	it('stops at the limit with one request', async () => {
		await createMessage('a');
		await createMessage('b');
		const { items } = await fixture.run({
			parameters: { resource: 'sms', operation: 'getManyMessages', returnAll: false, limit: 2 },
		});
		expect(items).toHaveLength(2);
		const requests = fixture.sandbox.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({ token: expect.any(String), limit_offset: '0', limit_rows: '2' });
	});
});

describe('SMS > Get Many Deliveries', () => {
	async function mailingOf(count: number): Promise<number> {
		const { items } = await fixture.run({
			parameters: {
				resource: 'sms',
				operation: 'sendBatch',
				mailingName: 'Deliveries',
				senderNameId: String(fixture.account.alphanameIds[0]),
				text: 'Hi',
				callbackUrl: 'http://127.0.0.1:9/cb',
			},
			items: Array.from({ length: count }, (_, index) => ({ phone: `3752910${String(index).padStart(5, '0')}` })),
		});
		const status = await fixture.run({
			parameters: { resource: 'sms', operation: 'getBatchStatus', uuid: String(items[0].json.uuid) },
		});
		fixture.sandbox.advanceClock(120);
		fixture.sandbox.clearRequests();
		return Number(status.items[0].json.message_id);
	}

	it('with Return All, pages past 100 deliveries; message_id, limit_offset and limit_rows in the query', async () => {
		const messageId = await mailingOf(130);
		const { items, error } = await fixture.run({
			parameters: { resource: 'sms', operation: 'getManyDeliveries', messageOrMailingId: String(messageId), returnAll: true },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(130);
		expect(items[0].json).toEqual({ phone: 375291000000, status: 'delivered', d_sent: expect.any(String) });
		const requests = fixture.sandbox.requests();
		expect(requests.map((request) => request.query)).toEqual([
			{ token: expect.any(String), message_id: String(messageId), limit_offset: '0', limit_rows: '100' },
			{ token: expect.any(String), message_id: String(messageId), limit_offset: '100', limit_rows: '100' },
			{ token: expect.any(String), message_id: String(messageId), limit_offset: '130', limit_rows: '100' },
		]);
		expect(requests.every((request) => request.httpMethod === 'GET' && request.path === '/api/v1/getSmsDeliveryList')).toBe(true);
	});

	it('stops at the limit', async () => {
		const messageId = await mailingOf(12);
		const { items } = await fixture.run({
			parameters: { resource: 'sms', operation: 'getManyDeliveries', messageOrMailingId: String(messageId), limit: 5 },
		});
		expect(items).toHaveLength(5);
		expect(fixture.sandbox.requests()).toHaveLength(1);
	});
});
