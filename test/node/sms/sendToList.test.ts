import { badInputTable } from '../../harness/badInputTable';
import { itRefusesBadItems, itRefusesBadSettings } from '../../harness/badInput';
import { useSandbox } from '../../harness/sandbox';
import { smsSetup } from './setup';

const fixture = useSandbox();
const { sendToList } = smsSetup(fixture);

describe('SMS > Send to List', () => {
	it('sends sendSmsList with every parameter and the key in the form body, the time in the workflow zone', async () => {
		const { items, error } = await sendToList('2026-03-03T08:00:00.000Z');
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({
			httpMethod: 'POST',
			path: '/api/v1/sendSmsList',
			bodyType: 'form',
			status: 200,
		});
		expect(request.query).toEqual({});
		expect(request.body).toEqual({
			token: expect.any(String),
			list_id: String(fixture.account.listIds[0]),
			name: 'March newsletter',
			message: 'Our March offers are here',
			alphaname_id: String(fixture.account.alphanameIds[0]),
			d_schedule: '2026-03-03 09:00',
		});
		expect(items[0].json).toMatchObject({
			message_id: expect.any(Number),
			count_phones: fixture.account.lists[0].phones.length,
		});
		// a list mailing waits for its confirmation
		expect(fixture.sandbox.counters().messagesSent).toBe(0);
	});

	it('uses the current time when Send At is left empty', async () => {
		const { error } = await sendToList();
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(String(request.body?.d_schedule)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
	});
});

describe('SMS > Send to List: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.sms.sendToList);
	itRefusesBadSettings(fixture, badInputTable.badSettings.sms.sendToList);
});
