import { itRefusesBadChatItems } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { useSandbox } from '../../harness/sandbox';
import { chatMessageSetup } from './setup';

const fixture = useSandbox();
const { quickMessage } = chatMessageSetup(fixture);

describe('Chat Message > Get Mailing', () => {
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

describe('Chat Message > Get Mailing: bad input', () => {
	itRefusesBadChatItems(fixture, badInputTable(fixture).chatMessage.getMailing);
});
