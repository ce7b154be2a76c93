import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

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
