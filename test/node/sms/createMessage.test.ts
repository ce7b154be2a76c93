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
				additionalFields: {
					name: 'Table ready',
					senderNameId: String(alphanameId),
					sendAt: '2026-03-02T09:15:00.000Z',
				},
			}),
			timezone: 'Europe/Minsk',
		});
		expect(request).toMatchObject({
			httpMethod: 'GET',
			path: '/api/v1/createSmsMessage',
			bodyType: 'none',
			status: 200,
		});
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
			computedParts: 1,
			encoding: 'GSM-7',
			ucs2Characters: [],
		});
	});

	it('stores the text with Prefer GSM-7 applied, and refuses one over Max Parts before storing it', async () => {
		const stored = await fixture.runOk({
			parameters: params(fixture.account, 'sms', 'createMessage', {
				message: 'Your table’s ready…',
				options: { preferGsm7: true },
			}),
		});
		expect(stored.request.query.message).toBe("Your table's ready...");
		expect(stored.items[0].json).toMatchObject({
			parts: 1,
			computedParts: 1,
			encoding: 'GSM-7',
			gsm7Replacements: 2,
		});
		fixture.sandbox.clearRequests();
		const refused = await fixture.run({
			parameters: params(fixture.account, 'sms', 'createMessage', {
				message: 'б'.repeat(71),
				options: { maxParts: 1 },
			}),
		});
		expect(refused.error?.message).toMatch(
			/^Invalid Message "б+" in item 0: it needs 2 parts \(UCS-2 because of б\), more than Max Parts \(1\)$/,
		);
		expect(fixture.sandbox.requests()).toEqual([]);
	});
});

describe('SMS > Create Message: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.sms.createMessage);
});
