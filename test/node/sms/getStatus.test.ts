import { badInputTable } from '../../harness/badInputTable';
import { itRefusesBadItems } from '../../harness/badInput';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { smsSetup } from './setup';

const fixture = useSandbox();
const { createMessage } = smsSetup(fixture);

describe('SMS > Get Status', () => {
	it('gives sent and delivered times of an SMS sent from a created message as ISO dates (sms_id in the query)', async () => {
		const messageId = await createMessage('Hello there');
		const sentMessage = await fixture.run({
			parameters: params(fixture.account, 'sms', 'sendCreatedMessage', {
				createdMessageId: String(messageId),
				phone: '375291000001',
			}),
		});
		const items = sentMessage.items;
		const smsId = Number(items[0].json.sms_id);
		fixture.sandbox.clearRequests();
		const before = await fixture.run({
			parameters: params(fixture.account, 'sms', 'getStatus', { smsId: String(smsId) }),
		});
		expect(before.items[0].json).toEqual({
			sms_id: smsId,
			sent: 0,
			delivered: 0,
			sentAt: null,
			deliveredAt: null,
		});
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({
			httpMethod: 'GET',
			path: '/api/v1/checkSMS',
			bodyType: 'none',
		});
		expect(request.query).toEqual({ token: expect.any(String), sms_id: String(smsId) });

		fixture.sandbox.advanceClock(120);
		const after = await fixture.run({
			parameters: params(fixture.account, 'sms', 'getStatus', { smsId: '={{ $json.id }}' }),
			items: [{ id: smsId }],
		});
		const { sent, delivered, sentAt, deliveredAt } = after.items[0].json as Record<
			string,
			number | string
		>;
		expect(sent).toBeGreaterThan(0);
		expect(delivered).toBeGreaterThanOrEqual(Number(sent));
		expect(sentAt).toBe(new Date(Number(sent) * 1000).toISOString());
		expect(deliveredAt).toBe(new Date(Number(delivered) * 1000).toISOString());
		expect(String(sentAt).startsWith('2026-03-02T09:0')).toBe(true);
	});
});

describe('SMS > Get Status: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.sms.getStatus);
});
