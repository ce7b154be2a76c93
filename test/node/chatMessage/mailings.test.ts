import { TEST_API_KEY } from '../../harness/keys';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

async function quickMessage(phone = '375291234567'): Promise<number> {
	const { items, error } = await fixture.run({
		parameters: {
			resource: 'chatMessage',
			operation: 'send',
			chatnameId: String(fixture.account.chatnameIds[0]),
			phone,
			messageType: 'TEXT',
			message: 'Hello',
		},
	});
	expect(error).toBeUndefined();
	return items[0].json.message_id as number;
}

async function listMailing(extra: Record<string, unknown> = {}) {
	return await fixture.run({
		parameters: {
			resource: 'chatMessage',
			operation: 'sendToList',
			chatnameId: String(fixture.account.chatnameIds[1]),
			listId: String(fixture.account.listIds[0]),
			messageType: 'TEXT',
			message: 'Spring sale',
			...extra,
		},
		timezone: 'Europe/Minsk',
	});
}

describe('Chat Message > Send to List', () => {
	it('creates the mailing (form body, key in the form), schedule converted to the service format in the workflow time zone', async () => {
		const { items, error } = await listMailing({
			options: { mailingName: 'March promo', sendAt: '2026-03-05T10:30:00' },
		});
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({ httpMethod: 'POST', path: '/api/v2/sendChatMessageList', bodyType: 'form' });
		expect(request.query).toEqual({});
		expect(request.body).toEqual({
			token: TEST_API_KEY,
			name: 'March promo',
			chatname_id: String(fixture.account.chatnameIds[1]),
			list_id: String(fixture.account.listIds[0]),
			type_message: 'TEXT',
			message: 'Spring sale',
			d_schedule: '2026-03-05 10:30',
		});
		expect(items[0].json).toEqual({
			message_id: expect.any(Number),
			count_subscribers: fixture.account.lists[0].phones.length,
			confirmed: false,
		});
		expect(fixture.sandbox.counters().messagesSent).toBe(0);
	});

	it('converts a date with a zone to the workflow time zone', async () => {
		const { error } = await listMailing({ options: { sendAt: '2026-03-05T10:30:00Z' } });
		expect(error).toBeUndefined();
		expect(fixture.sandbox.requests()[0].body).toMatchObject({ d_schedule: '2026-03-05 13:30' });
	});

	it('sends a BUTTON list mailing with the button fields', async () => {
		const { error } = await listMailing({ messageType: 'BUTTON', buttonCaption: 'Shop', buttonLink: 'https://s.example/x' });
		expect(error).toBeUndefined();
		expect(fixture.sandbox.requests()[0].body).toMatchObject({
			type_message: 'BUTTON',
			button: 'Shop',
			button_link: 'https://s.example/x',
		});
		expect(fixture.sandbox.requests()[0].body).not.toHaveProperty('message');
	});
});

describe('Chat Message > Confirm List Mailing', () => {
	it('confirms with the key in the query and message_id in the form; the balance is debited and the mailing sent', async () => {
		const { items: created } = await listMailing();
		const messageId = created[0].json.message_id as number;
		fixture.sandbox.clearRequests();
		const before = fixture.account.balance;

		const { items, error } = await fixture.run({
			parameters: { resource: 'chatMessage', operation: 'confirmListMailing', messageId: String(messageId) },
		});
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({ httpMethod: 'POST', path: '/api/v2/confirmChatMessage', bodyType: 'form' });
		expect(request.query).toEqual({ token: TEST_API_KEY });
		expect(request.body).toEqual({ message_id: String(messageId) });
		expect(items[0].json).toEqual({ success: true, message_id: messageId, confirmed: true });
		expect(fixture.account.balance).toBeLessThan(before);
		expect(fixture.sandbox.counters().messagesSent).toBe(fixture.account.lists[0].phones.length);
	});

	it('reports insufficient funds as the service says it', async () => {
		const { items: created } = await listMailing();
		fixture.sandbox.setBalance(TEST_API_KEY, 0);
		const { error } = await fixture.run({
			parameters: {
				resource: 'chatMessage',
				operation: 'confirmListMailing',
				messageId: String(created[0].json.message_id),
			},
		});
		expect(error?.message).toMatch(/insufficient funds/i);
		expect(fixture.sandbox.counters().messagesSent).toBe(0);
	});
});

describe('Chat Message > Get Many Mailings / Get Mailing', () => {
	it('pages with limit_offset and limit_rows in the form and stops at the limit', async () => {
		await quickMessage('375291234567');
		await quickMessage('375291234568');
		await quickMessage('375291234569');
		fixture.sandbox.clearRequests();

		const { items, error } = await fixture.run({
			parameters: { resource: 'chatMessage', operation: 'getManyMailings', returnAll: false, limit: 2 },
		});
		expect(error).toBeUndefined();
		const requests = fixture.sandbox.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ path: '/api/v2/getChatMessages', query: { token: TEST_API_KEY } });
		expect(requests[0].body).toEqual({ limit_offset: '0', limit_rows: '2' });
		expect(items).toHaveLength(2);
		expect(items[0].json).toMatchObject({
			message_id: expect.any(Number),
			message_type: 'TEXT',
			message: 'Hello',
			d_create: '2026-03-02 09:00:00',
			createdAt: '2026-03-02T09:00:00',
		});
		expect(items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	it('returns all mailings', async () => {
		await quickMessage('375291234567');
		await quickMessage('375291234568');
		const { items } = await fixture.run({ parameters: { resource: 'chatMessage', operation: 'getManyMailings', returnAll: true } });
		expect(items).toHaveLength(2);
	});

	it('gets one mailing by id', async () => {
		const messageId = await quickMessage();
		fixture.sandbox.clearRequests();
		const { items, error } = await fixture.run({
			parameters: { resource: 'chatMessage', operation: 'getMailing', messageId: String(messageId) },
		});
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({ path: '/api/v2/getChatMessageData', query: { token: TEST_API_KEY } });
		expect(request.body).toEqual({ message_id: String(messageId) });
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ message_id: messageId, message_type: 'TEXT', status: expect.any(String) });
	});
});

describe('Chat Message > Get Delivery Status / Get Many Deliveries', () => {
	it('gets the delivery of a single message (key and message_id in the form)', async () => {
		const messageId = await quickMessage();
		fixture.sandbox.advanceClock(10);
		fixture.sandbox.clearRequests();
		const { items, error } = await fixture.run({
			parameters: { resource: 'chatMessage', operation: 'getDeliveryStatus', messageId: String(messageId) },
		});
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({ path: '/api/v2/getChatDeliveryData', bodyType: 'form' });
		expect(request.query).toEqual({});
		expect(request.body).toEqual({ token: TEST_API_KEY, message_id: String(messageId) });
		expect(items[0].json).toEqual({ message_id: messageId, phone: '375291234567', status: 'DELIVERED', error_code: 0 });
	});

	it('lists the deliveries of a list mailing, one item per recipient', async () => {
		const { items: created } = await listMailing();
		const messageId = created[0].json.message_id as number;
		await fixture.run({ parameters: { resource: 'chatMessage', operation: 'confirmListMailing', messageId: String(messageId) } });
		fixture.sandbox.clearRequests();

		const { items, error } = await fixture.run({
			parameters: { resource: 'chatMessage', operation: 'getManyDeliveries', messageId: String(messageId), returnAll: true },
		});
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({ path: '/api/v2/getChatDeliveryList' });
		expect(request.body).toEqual({ token: TEST_API_KEY, message_id: String(messageId) });
		expect(items.map((item) => item.json.phone).sort()).toEqual([...fixture.account.lists[0].phones].sort());
		expect(items[0].json).toEqual({
			message_id: messageId,
			delivery_id: expect.any(Number),
			phone: expect.any(String),
			status: expect.any(String),
			error_code: 0,
		});
	});
});

describe('Chat Message > Get Batch Status', () => {
	async function sendBatch(): Promise<string> {
		const response = await fetch(`${fixture.sandbox.url}/api/v1/sendBulkChat?token=${TEST_API_KEY}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				token: TEST_API_KEY,
				messages: [
					{
						alphaname_id: String(fixture.account.alphanameIds[0]),
						name: 'good',
						message_type: 'bulk',
						content: { type: 'text', text: 'Hi' },
						delivery_list: ['375291234567', '375291234568'],
					},
					{
						alphaname_id: String(fixture.account.alphanameIds[0]),
						name: 'bad',
						message_type: 'bulk',
						content: { type: 'image', image_url: 'not a url' },
						delivery_list: ['375291234569'],
					},
				],
			}),
		});
		expect(response.status).toBe(200);
		const { uuid } = (await response.json()) as { uuid: string };
		fixture.sandbox.advanceClock(10);
		fixture.sandbox.clearRequests();
		return uuid;
	}

	it('one item per mailing, the failed mailing surfaced with its reasons', async () => {
		const uuid = await sendBatch();
		const { items, error } = await fixture.run({
			parameters: { resource: 'chatMessage', operation: 'getBatchStatus', uuid },
		});
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({ httpMethod: 'POST', path: '/api/v1/statusBulkChat', bodyType: 'none' });
		expect(request.query).toEqual({ token: TEST_API_KEY, uuid });
		expect(items.map((item) => item.json)).toEqual([
			{
				message_id: expect.any(Number),
				name: 'good',
				alphaname_id: fixture.account.alphanameIds[0],
				success: [
					expect.objectContaining({ phone: '375291234567', status: 'DELIVERED' }),
					expect.objectContaining({ phone: '375291234568', status: 'DELIVERED' }),
				],
			},
			{
				failed: true,
				error: 'The service did not send this mailing: bad content url is not valid',
				errors: ['bad content url is not valid'],
			},
		]);
		expect(items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	it('one item per delivery entry', async () => {
		const uuid = await sendBatch();
		const { items } = await fixture.run({
			parameters: { resource: 'chatMessage', operation: 'getBatchStatus', uuid, options: { output: 'delivery' } },
		});
		expect(items.map((item) => [item.json.name ?? null, item.json.phone ?? null, item.json.status ?? null, item.json.failed ?? false])).toEqual([
			['good', '375291234567', 'DELIVERED', false],
			['good', '375291234568', 'DELIVERED', false],
			[null, null, null, true],
		]);
		expect(items[0].json).toMatchObject({ message_id: expect.any(Number), delivery_id: expect.any(Number), status_time: expect.stringMatching(/^2026-03-02 09:00:05/) });
	});
});
