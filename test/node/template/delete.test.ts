import { itRefusesBadItems, itRefusesUnknownTemplates } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { fromList, params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

describe('Template > Delete', () => {
	it('deletes (form body) and outputs {deleted: true}', async () => {
		const id = fixture.account.templateIds[0];
		const { items, request } = await fixture.runOk({
			parameters: params(fixture.account, 'template', 'delete', { template: fromList(id) }),
		});
		expect(request).toMatchObject({ path: '/api/v2/deleteTemplateMessage', bodyType: 'form' });
		expect(request.body).toEqual({ token: TEST_API_KEY, template_id: String(id) });
		expect(items.map((item) => item.json)).toEqual([{ deleted: true }]);
		expect(items[0].pairedItem).toEqual({ item: 0 });

		const { items: left } = await fixture.run({
			parameters: params(fixture.account, 'template', 'getMany', { returnAll: true }),
		});
		expect(left.map((item) => item.json.id)).not.toContain(id);
	});
});

describe('Template > Delete: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.template.delete);
	itRefusesUnknownTemplates(fixture, badInputTable.unknownTemplates.template.delete);
});
