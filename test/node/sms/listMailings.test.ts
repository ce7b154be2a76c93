import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

async function sendToList(sendTime?: string) {
	return await fixture.run({
		parameters: {
			resource: 'sms',
			operation: 'sendToList',
			listId: String(fixture.account.listIds[0]),
			mailingName: 'March newsletter',
			message: 'Our March offers are here',
			senderNameId: String(fixture.account.alphanameIds[0]),
			...(sendTime !== undefined ? { sendAt: sendTime } : {}),
		},
		timezone: 'Europe/Berlin',
	});
}

describe('SMS > Send to List', () => {
	it('sends sendSmsList with every parameter and the key in the form body, the time in the workflow zone', async () => {
		const { items, error } = await sendToList('2026-03-03T08:00:00.000Z');
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({ httpMethod: 'POST', path: '/api/v1/sendSmsList', bodyType: 'form', status: 200 });
		expect(request.query).toEqual({});
		expect(request.body).toEqual({
			token: expect.any(String),
			list_id: String(fixture.account.listIds[0]),
			name: 'March newsletter',
			message: 'Our March offers are here',
			alphaname_id: String(fixture.account.alphanameIds[0]),
			d_schedule: '2026-03-03 09:00',
		});
		expect(items[0].json).toMatchObject({ message_id: expect.any(Number), count_phones: fixture.account.lists[0].phones.length });
		// a list mailing waits for its confirmation
		expect(fixture.sandbox.counters().messagesSent).toBe(0);
	});

	it('uses the current time when Send At is left empty', async () => {
		const { error } = await sendToList();
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(String(request.body?.d_schedule)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
	});
});

describe('SMS > Confirm List Mailing', () => {
	it('"Get Info" sends confirm=0 and debits nothing; "Confirm and Pay" sends confirm=1, debits and sends', async () => {
		const created = await sendToList('2026-03-01T08:00:00.000Z');
		const messageId = String(created.items[0].json.message_id);
		fixture.sandbox.clearRequests();
		const balance = fixture.account.balance;

		const info = await fixture.run({
			parameters: { resource: 'sms', operation: 'confirmListMailing', messageId, confirmAction: 'info' },
		});
		expect(info.error).toBeUndefined();
		expect(info.items[0].json).toMatchObject({ message_id: Number(messageId), confirmed: 0 });
		expect(fixture.account.balance).toBe(balance);

		const confirm = await fixture.run({
			parameters: { resource: 'sms', operation: 'confirmListMailing', messageId: '={{ $json.message_id }}', confirmAction: 'confirm' },
			items: [created.items[0].json],
		});
		expect(confirm.error).toBeUndefined();
		expect(confirm.items[0].json).toMatchObject({ message_id: Number(messageId), confirmed: 1 });
		expect(fixture.account.balance).toBeLessThan(balance);
		expect(fixture.sandbox.counters().messagesSent).toBe(fixture.account.lists[0].phones.length);

		const requests = fixture.sandbox.requests();
		expect(requests.map((request) => [request.httpMethod, request.path, request.bodyType])).toEqual([
			['POST', '/api/v1/confirmSendMessageByList', 'form'],
			['POST', '/api/v1/confirmSendMessageByList', 'form'],
		]);
		expect(requests.map((request) => request.body)).toEqual([
			{ token: expect.any(String), message_id: messageId, confirm: '0' },
			{ token: expect.any(String), message_id: messageId, confirm: '1' },
		]);
	});

	it('reports insufficient funds clearly', async () => {
		const created = await sendToList();
		fixture.sandbox.setBalance(fixture.account.token, 0);
		const { error } = await fixture.run({
			parameters: {
				resource: 'sms',
				operation: 'confirmListMailing',
				messageId: String(created.items[0].json.message_id),
				confirmAction: 'confirm',
			},
		});
		expect(error?.message).toMatch(/Insufficient funds/);
	});
});

describe('SMS > Get Many Mailings', () => {
	it('lists all mailings with no type, or only API / WEB ones, as a GET with type in the query', async () => {
		await sendToList();
		fixture.sandbox.clearRequests();

		const all = await fixture.run({ parameters: { resource: 'sms', operation: 'getManyMailings', returnAll: true } });
		expect(all.items.map((item) => item.json.type).sort()).toEqual(['API', 'WEB']);
		const api = await fixture.run({
			parameters: { resource: 'sms', operation: 'getManyMailings', returnAll: true, filters: { type: 'API' } },
		});
		expect(api.items.map((item) => item.json.name)).toEqual(['March newsletter']);
		const limited = await fixture.run({ parameters: { resource: 'sms', operation: 'getManyMailings', limit: 1 } });
		expect(limited.items).toHaveLength(1);

		const requests = fixture.sandbox.requests();
		expect(requests.map((request) => [request.httpMethod, request.path, request.bodyType])).toEqual([
			['GET', '/api/v1/getSMSMessages', 'none'],
			['GET', '/api/v1/getSMSMessages', 'none'],
			['GET', '/api/v1/getSMSMessages', 'none'],
		]);
		expect(requests[0].query).toEqual({ token: expect.any(String) });
		expect(requests[1].query).toEqual({ token: expect.any(String), type: 'API' });
	});

	it('outputs nothing (no error) when the service has no mailing of that type (406 content not found)', async () => {
		const { items, error } = await fixture.run({
			parameters: { resource: 'sms', operation: 'getManyMailings', returnAll: true, filters: { type: 'API' } },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(0);
		expect(fixture.sandbox.requests()[0].status).toBe(406);
	});
});
