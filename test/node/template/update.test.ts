import {
	itRefusesBadItems,
	itRefusesBadSettings,
	itRefusesUnknownTemplates,
} from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { byId, params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

describe('Template > Update', () => {
	it('sends name and message; a field left out keeps its stored value', async () => {
		const id = fixture.account.templateIds[0];
		const {
			items,
			requests: [lookup, edit],
		} = await fixture.runOk({
			parameters: params(fixture.account, 'template', 'update', {
				template: byId(id),
				updateFields: { name: 'Hello' },
			}),
		});
		expect(lookup.apiMethod).toBe('getTemplateMessageById');
		expect(edit).toMatchObject({ path: '/api/v2/editTemplateMessage', bodyType: 'form' });
		expect(edit.body).toEqual({
			token: TEST_API_KEY,
			template_id: String(id),
			name: 'Hello',
			message: expect.any(String),
		});
		expect(items[0].json).toMatchObject({ id, name: 'Hello' });
	});

	it('with both fields given, sends one request', async () => {
		const id = fixture.account.templateIds[0];
		await fixture.run({
			parameters: params(fixture.account, 'template', 'update', {
				template: byId(id),
				updateFields: { name: 'N', message: 'M' },
			}),
		});
		expect(fixture.sandbox.requests().map((r) => r.apiMethod)).toEqual(['editTemplateMessage']);
		expect(fixture.sandbox.requests()[0].body).toMatchObject({ name: 'N', message: 'M' });
	});
});

describe('Template > Update: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.template.update);
	itRefusesBadSettings(fixture, badInputTable.badSettings.template.update);
	itRefusesUnknownTemplates(fixture, badInputTable.unknownTemplates.template.update);
});
