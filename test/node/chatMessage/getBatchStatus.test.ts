import { TEST_API_KEY } from '../../harness/keys';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

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
