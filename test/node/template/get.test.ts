import { itRefusesBadItems, itRefusesUnknownTemplates } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { fromList, params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

describe('Template > Get', () => {
	it('gets a template chosen from the list (token and template_id in the query)', async () => {
		const id = fixture.account.templateIds[1];
		const { items, request } = await fixture.runOk({
			parameters: params(fixture.account, 'template', 'get', { template: fromList(id) }),
		});
		expect(request).toMatchObject({
			httpMethod: 'POST',
			path: '/api/v2/getTemplateMessageById',
			bodyType: 'none',
		});
		expect(request.query).toEqual({ token: TEST_API_KEY, template_id: String(id) });
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			id,
			name: 'Order shipped',
			message: 'Your order has been shipped and will arrive within 3 days.',
			parts: 1,
		});
	});
});

describe('Template > Get: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.template.get);
	itRefusesUnknownTemplates(fixture, badInputTable.unknownTemplates.template.get);
});
