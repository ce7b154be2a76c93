import { TEST_API_KEY } from '../../harness/keys';
import { useSandbox } from '../../harness/sandbox';
import { chatMessageSetup } from './setup';

const fixture = useSandbox();
const { listMailing } = chatMessageSetup(fixture);

describe('Chat Message > Get Many Deliveries', () => {
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
