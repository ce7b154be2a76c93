import { itRefusesBadItems } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { chatMessageSetup } from './setup';

const fixture = useSandbox();
const { quickMessage } = chatMessageSetup(fixture);

describe('Chat Message > Get Mailing', () => {
	it('gets one mailing by id', async () => {
		const messageId = await quickMessage();
		fixture.sandbox.clearRequests();
		const { items, request } = await fixture.runOk({
			parameters: params(fixture.account, 'chatMessage', 'getMailing', {
				messageId: String(messageId),
			}),
		});
		expect(request).toMatchObject({
			path: '/api/v2/getChatMessageData',
			query: { token: TEST_API_KEY },
		});
		expect(request.body).toEqual({ message_id: String(messageId) });
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			message_id: messageId,
			message_type: 'TEXT',
			status: expect.any(String),
		});
	});
});

describe('Chat Message > Get Mailing: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.chatMessage.getMailing);
});
