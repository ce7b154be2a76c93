import { badInputTable } from '../../harness/badInputTable';
import { itRefusesBadItems } from '../../harness/badInput';
import { useSandbox } from '../../harness/sandbox';
import { smsSetup } from './setup';

const fixture = useSandbox();
const { createMessage } = smsSetup(fixture);

describe('SMS > Get Message Status', () => {
	it('reads the status of a created message by message_id in the query', async () => {
		const messageId = await createMessage();
		const { items, error } = await fixture.run({
			parameters: { resource: 'sms', operation: 'getMessageStatus', createdMessageId: String(messageId) },
		});
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({ httpMethod: 'GET', path: '/api/v1/checkSMSMessageStatus', bodyType: 'none' });
		expect(request.query).toEqual({ token: expect.any(String), message_id: String(messageId) });
		expect(items[0].json).toMatchObject({ message_id: messageId });
	});
});

describe('SMS > Get Message Status: bad input', () => {
	itRefusesBadItems(fixture, badInputTable(fixture).sms.getMessageStatus);
});
