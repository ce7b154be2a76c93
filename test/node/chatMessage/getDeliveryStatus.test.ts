import { itRefusesBadItems } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { chatMessageSetup } from './setup';

const fixture = useSandbox();
const { quickMessage } = chatMessageSetup(fixture);

describe('Chat Message > Get Delivery Status', () => {
	it('gets the delivery of a single message (key and message_id in the form)', async () => {
		const messageId = await quickMessage();
		fixture.sandbox.advanceClock(10);
		fixture.sandbox.clearRequests();
		const { items, request } = await fixture.runOk({
			parameters: params(fixture.account, 'chatMessage', 'getDeliveryStatus', {
				messageId: String(messageId),
			}),
		});
		expect(request).toMatchObject({ path: '/api/v2/getChatDeliveryData', bodyType: 'form' });
		expect(request.query).toEqual({});
		expect(request.body).toEqual({ token: TEST_API_KEY, message_id: String(messageId) });
		expect(items[0].json).toEqual({
			message_id: messageId,
			phone: '375291234567',
			status: 'DELIVERED',
			error_code: 0,
		});
	});
});

describe('Chat Message > Get Delivery Status: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.chatMessage.getDeliveryStatus);
});
