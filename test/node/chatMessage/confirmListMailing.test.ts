import { itRefusesBadItems } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { chatMessageSetup } from './setup';

const fixture = useSandbox();
const { listMailingId } = chatMessageSetup(fixture);
const confirm = (messageId: number) =>
	params(fixture.account, 'chatMessage', 'confirmListMailing', { messageId: String(messageId) });

describe('Chat Message > Confirm List Mailing', () => {
	it('confirms with the key in the query and message_id in the form; the balance is debited and the mailing sent', async () => {
		const messageId = await listMailingId();
		fixture.sandbox.clearRequests();
		const before = fixture.account.balance;

		const { items, request } = await fixture.runOk({ parameters: confirm(messageId) });
		expect(request).toMatchObject({
			httpMethod: 'POST',
			path: '/api/v2/confirmChatMessage',
			bodyType: 'form',
		});
		expect(request.query).toEqual({ token: TEST_API_KEY });
		expect(request.body).toEqual({ message_id: String(messageId) });
		expect(items[0].json).toEqual({ success: true, message_id: messageId, confirmed: true });
		expect(fixture.account.balance).toBeLessThan(before);
		expect(fixture.sandbox.counters().messagesSent).toBe(fixture.account.lists[0].phones.length);
	});

	it('reports insufficient funds as the service says it', async () => {
		const messageId = await listMailingId();
		fixture.sandbox.setBalance(TEST_API_KEY, 0);
		const { error } = await fixture.run({ parameters: confirm(messageId) });
		expect(error?.message).toMatch(/insufficient funds/i);
		expect(fixture.sandbox.counters().messagesSent).toBe(0);
	});
});

describe('Chat Message > Confirm List Mailing: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.chatMessage.confirmListMailing);
});
