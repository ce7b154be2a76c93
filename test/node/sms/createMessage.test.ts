import { badInputTable } from '../../harness/badInputTable';
import { itRefusesBadItems } from '../../harness/badInput';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

describe('SMS > Create Message', () => {
	it('sends createSmsMessage as a GET with every parameter in the query, the time in the workflow zone', async () => {
		const alphanameId = fixture.account.alphanameIds[1];
		const { items, request } = await fixture.runOk({
			parameters: params(fixture.account, 'sms', 'createMessage', {
				message: 'Your table is ready',
				additionalFields: { name: 'Table ready', senderNameId: String(alphanameId), sendAt: '2026-03-02T09:15:00.000Z' },
			}),
			timezone: 'Europe/Minsk',
		});
		expect(request).toMatchObject({ httpMethod: 'GET', path: '/api/v1/createSmsMessage', bodyType: 'none', status: 200 });
		expect(request.query).toEqual({
			token: expect.any(String),
			message: 'Your table is ready',
			name: 'Table ready',
			alphaname_id: String(alphanameId),
			time: '2026-03-02 12:15',
		});
		expect(items[0].json).toEqual({
			status: expect.any(String),
			parts: 1,
			len: 19,
			message_id: expect.any(Number),
			alphaname: fixture.account.alphanames[1].name,
			time: expect.any(Number),
		});
	});
});

describe('SMS > Create Message: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.sms.createMessage);
});
