import { itRefusesBadItems } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { batchMailing, directBatch } from '../../harness/direct';
import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

describe('Chat Message > Get Batch Status', () => {
	async function sendBatch(): Promise<string> {
		const uuid = await directBatch(fixture, 'sendBulkChat', {
			messages: [
				batchMailing(fixture.account, 'good', {
					content: { type: 'text', text: 'Hi' },
					delivery_list: ['375291234567', '375291234568'],
				}),
				batchMailing(fixture.account, 'bad', {
					content: { type: 'image', image_url: 'not a url' },
					delivery_list: ['375291234569'],
				}),
			],
		});
		fixture.sandbox.advanceClock(10);
		fixture.sandbox.clearRequests();
		return uuid;
	}

	it('one item per mailing, the failed mailing surfaced with its reasons', async () => {
		const uuid = await sendBatch();
		const { items, request } = await fixture.runOk({
			parameters: params(fixture.account, 'chatMessage', 'getBatchStatus', { uuid }),
		});
		expect(request).toMatchObject({
			httpMethod: 'POST',
			path: '/api/v1/statusBulkChat',
			bodyType: 'none',
		});
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
			parameters: params(fixture.account, 'chatMessage', 'getBatchStatus', {
				uuid,
				options: { output: 'delivery' },
			}),
		});
		expect(
			items.map((item) => [
				item.json.name ?? null,
				item.json.phone ?? null,
				item.json.status ?? null,
				item.json.failed ?? false,
			]),
		).toEqual([
			['good', '375291234567', 'DELIVERED', false],
			['good', '375291234568', 'DELIVERED', false],
			[null, null, null, true],
		]);
		expect(items[0].json).toMatchObject({
			message_id: expect.any(Number),
			delivery_id: expect.any(Number),
			status_time: expect.stringMatching(/^2026-03-02 09:00:05/),
		});
	});
});

describe('Chat Message > Get Batch Status: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.chatMessage.getBatchStatus);
});
