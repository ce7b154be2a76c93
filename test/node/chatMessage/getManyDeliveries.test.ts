import { itRefusesBadItems } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { chatMessageSetup } from './setup';

const fixture = useSandbox();
const { listMailingId } = chatMessageSetup(fixture);

describe('Chat Message > Get Many Deliveries', () => {
	it('lists the deliveries of a list mailing, one item per recipient', async () => {
		const messageId = await listMailingId();
		await fixture.run({
			parameters: params(fixture.account, 'chatMessage', 'confirmListMailing', {
				messageId: String(messageId),
			}),
		});
		fixture.sandbox.clearRequests();

		const { items, request } = await fixture.runOk({
			parameters: params(fixture.account, 'chatMessage', 'getManyDeliveries', {
				messageId: String(messageId),
				returnAll: true,
			}),
		});
		expect(request).toMatchObject({ path: '/api/v2/getChatDeliveryList' });
		expect(request.body).toEqual({ token: TEST_API_KEY, message_id: String(messageId) });
		expect(items.map((item) => item.json.phone).sort()).toEqual(
			[...fixture.account.lists[0].phones].sort(),
		);
		expect(items[0].json).toEqual({
			message_id: messageId,
			delivery_id: expect.any(Number),
			phone: expect.any(String),
			status: expect.any(String),
			error_code: 0,
		});
	});
});

describe('Chat Message > Get Many Deliveries: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.chatMessage.getManyDeliveries);
});
