import { badInputTable } from '../../harness/badInputTable';
import { itRefusesBadItems } from '../../harness/badInput';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { smsSetup } from './setup';

const fixture = useSandbox();
const { sendToList } = smsSetup(fixture);

describe('SMS > Confirm List Mailing', () => {
	it('"Get Info" sends confirm=0 and debits nothing; "Confirm and Pay" sends confirm=1, debits and sends', async () => {
		const created = await sendToList('2026-03-01T08:00:00.000Z');
		const messageId = String(created.items[0].json.message_id);
		fixture.sandbox.clearRequests();
		const balance = fixture.account.balance;

		const info = await fixture.run({
			parameters: params(fixture.account, 'sms', 'confirmListMailing', {
				messageId,
				confirmAction: 'info',
			}),
		});
		expect(info.error).toBeUndefined();
		expect(info.items[0].json).toMatchObject({ message_id: Number(messageId), confirmed: 0 });
		expect(fixture.account.balance).toBe(balance);

		const confirm = await fixture.run({
			parameters: params(fixture.account, 'sms', 'confirmListMailing', {
				messageId: '={{ $json.message_id }}',
				confirmAction: 'confirm',
			}),
			items: [created.items[0].json],
		});
		expect(confirm.error).toBeUndefined();
		expect(confirm.items[0].json).toMatchObject({ message_id: Number(messageId), confirmed: 1 });
		expect(fixture.account.balance).toBeLessThan(balance);
		expect(fixture.sandbox.counters().messagesSent).toBe(fixture.account.lists[0].phones.length);

		const requests = fixture.sandbox.requests();
		expect(requests.map((request) => [request.httpMethod, request.path, request.bodyType])).toEqual(
			[
				['POST', '/api/v1/confirmSendMessageByList', 'form'],
				['POST', '/api/v1/confirmSendMessageByList', 'form'],
			],
		);
		expect(requests.map((request) => request.body)).toEqual([
			{ token: expect.any(String), message_id: messageId, confirm: '0' },
			{ token: expect.any(String), message_id: messageId, confirm: '1' },
		]);
	});

	it('reports insufficient funds clearly', async () => {
		const created = await sendToList();
		fixture.sandbox.setBalance(fixture.account.token, 0);
		const { error } = await fixture.run({
			parameters: params(fixture.account, 'sms', 'confirmListMailing', {
				messageId: String(created.items[0].json.message_id),
				confirmAction: 'confirm',
			}),
		});
		expect(error?.message).toMatch(/Insufficient funds/);
	});
});

describe('SMS > Confirm List Mailing: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.sms.confirmListMailing);
});
