import { badInputTable } from '../../harness/badInputTable';
import { itRefusesBadItems } from '../../harness/badInput';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { smsSetup } from './setup';

const fixture = useSandbox();
const { createMessage } = smsSetup(fixture);

describe('SMS > Get Message Status', () => {
	it('reads the status of a created message by message_id in the query', async () => {
		const messageId = await createMessage();
		const { items, request } = await fixture.runOk({
			parameters: params(fixture.account, 'sms', 'getMessageStatus', {
				createdMessageId: String(messageId),
			}),
		});
		expect(request).toMatchObject({
			httpMethod: 'GET',
			path: '/api/v1/checkSMSMessageStatus',
			bodyType: 'none',
		});
		expect(request.query).toEqual({ token: expect.any(String), message_id: String(messageId) });
		expect(items[0].json).toMatchObject({ message_id: messageId });
	});
});

describe('SMS > Get Message Status: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.sms.getMessageStatus);
});
