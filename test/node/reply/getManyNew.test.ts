import { itRefusesBadItems } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { useSandbox } from '../../harness/sandbox';
import { replySetup } from './setup';

const fixture = useSandbox();
const { mailingWithReplies, newReplies } = replySetup(fixture);

describe('Reply > Get Many New', () => {
	it('returns the unread replies, one item each (key and message_id in the form), and leaves them unread', async () => {
		const { messageId, replyIds } = await mailingWithReplies(['Yes', 'No']);
		const { items, requests } = await fixture.runOk({ parameters: newReplies(messageId) });
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			httpMethod: 'POST',
			path: '/api/v2/getNewIncomingMessages',
			bodyType: 'form',
		});
		expect(requests[0].query).toEqual({});
		expect(requests[0].body).toEqual({ token: TEST_API_KEY, message_id: String(messageId) });
		expect(items.map((item) => item.json)).toEqual([
			{
				message_id: messageId,
				id: replyIds[0],
				phone: '375291234567',
				message: 'Yes',
				d_receiver: '2026-03-02 09:00:00',
				receivedAt: '2026-03-02T09:00:00',
			},
			{
				message_id: messageId,
				id: replyIds[1],
				phone: '375291234567',
				message: 'No',
				d_receiver: '2026-03-02 09:00:00',
				receivedAt: '2026-03-02T09:00:00',
			},
		]);
		expect(items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);

		const again = await fixture.run({ parameters: newReplies(messageId) });
		expect(again.items).toHaveLength(2);
	});

	it('marks them read in the same step when asked: one readResponseStatus with all their ids', async () => {
		const { messageId, replyIds } = await mailingWithReplies(['Yes', 'No']);
		const {
			items,
			requests: [, mark],
		} = await fixture.runOk({ parameters: newReplies(messageId, { markAsRead: true }) });
		expect(mark).toMatchObject({
			path: '/api/v2/readResponseStatus',
			bodyType: 'form',
			status: 200,
		});
		expect(mark.body).toEqual({ token: TEST_API_KEY, incoming_messages: replyIds.join(',') });
		expect(items.map((item) => item.json.markedAsRead)).toEqual([true, true]);

		fixture.sandbox.clearRequests();
		const again = await fixture.run({ parameters: newReplies(messageId, { markAsRead: true }) });
		expect(again.items).toHaveLength(0);
		expect(fixture.sandbox.requests().map((r) => r.apiMethod)).toEqual(['getNewIncomingMessages']);
	});
});

describe('Reply > Get Many New: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.reply.getManyNew);
});
