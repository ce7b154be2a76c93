import { itRefusesTemplateInput, itRefusesUnknownTemplate } from '../../harness/badInput';
import { templateRefusalCases, unknownTemplateCases } from '../../harness/templateBadInputCases';
import { TEST_API_KEY } from '../../harness/keys';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

const byList = (id: number | string) => ({ __rl: true, mode: 'list', value: String(id) });

describe('Template > Get', () => {
	it('gets a template chosen from the list (token and template_id in the query)', async () => {
		const id = fixture.account.templateIds[1];
		const { items, error } = await fixture.run({ parameters: { resource: 'template', operation: 'get', template: byList(id) } });
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({ httpMethod: 'POST', path: '/api/v2/getTemplateMessageById', bodyType: 'none' });
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
	itRefusesUnknownTemplate(fixture, unknownTemplateCases.filter(([, parameters]) => parameters.operation === 'get'));
	itRefusesTemplateInput(fixture, templateRefusalCases.filter(([, parameters]) => parameters.operation === 'get'));
});
