import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { chatMessageSetup } from './setup';

const fixture = useSandbox();
const { quickMessage } = chatMessageSetup(fixture);

describe('Chat Message > Get Many Mailings', () => {
	it('pages with limit_offset and limit_rows in the form and stops at the limit', async () => {
		await quickMessage('375291234567');
		await quickMessage('375291234568');
		await quickMessage('375291234569');
		fixture.sandbox.clearRequests();

		const { items, requests } = await fixture.runOk({
			parameters: params(fixture.account, 'chatMessage', 'getManyMailings', {
				returnAll: false,
				limit: 2,
			}),
		});
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			path: '/api/v2/getChatMessages',
			query: { token: TEST_API_KEY },
		});
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
		const { items } = await fixture.run({
			parameters: params(fixture.account, 'chatMessage', 'getManyMailings', { returnAll: true }),
		});
		expect(items).toHaveLength(2);
	});
});
