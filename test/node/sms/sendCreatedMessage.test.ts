import { badInputTable } from '../../harness/badInputTable';
import { itRefusesBadItems } from '../../harness/badInput';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { smsSetup } from './setup';

const fixture = useSandbox();
const { createMessage } = smsSetup(fixture);

describe('SMS > Send Created Message', () => {
	it('sends a created message to the phone of each item, then gives sent and delivered times as ISO dates', async () => {
		const messageId = await createMessage('Hello there');
		const { items, requests } = await fixture.runOk({
			parameters: params(fixture.account, 'sms', 'sendCreatedMessage', {
				createdMessageId: String(messageId),
				phone: '={{ $json.phone }}',
			}),
			items: [{ phone: '+375 29 100-00-01' }, { phone: '375291000002' }],
		});
		expect(requests).toHaveLength(2);
		expect(requests[0]).toMatchObject({
			httpMethod: 'GET',
			path: '/api/v1/sendSMS',
			bodyType: 'none',
		});
		expect(
			requests
				.map((request) => request.query)
				.sort((a, b) => String(a.phone).localeCompare(String(b.phone))),
		).toEqual([
			{ token: expect.any(String), message_id: String(messageId), phone: '375291000001' },
			{ token: expect.any(String), message_id: String(messageId), phone: '375291000002' },
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[0].json).toEqual({ sms_id: expect.any(Number), status: 'NEW' });
	});
});

describe('SMS > Send Created Message: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.sms.sendCreatedMessage);
});
