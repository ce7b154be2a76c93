import { itRefusesTemplateInput, itRefusesUnknownTemplate } from '../../harness/badInput';
import { templateRefusalCases, unknownTemplateCases } from '../../harness/templateBadInputCases';
import { TEST_API_KEY } from '../../harness/keys';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

const byList = (id: number | string) => ({ __rl: true, mode: 'list', value: String(id) });

describe('Template > Delete', () => {
	it('deletes (form body) and outputs {deleted: true}', async () => {
		const id = fixture.account.templateIds[0];
		const { items, error } = await fixture.run({ parameters: { resource: 'template', operation: 'delete', template: byList(id) } });
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({ path: '/api/v2/deleteTemplateMessage', bodyType: 'form' });
		expect(request.body).toEqual({ token: TEST_API_KEY, template_id: String(id) });
		expect(items.map((item) => item.json)).toEqual([{ deleted: true }]);
		expect(items[0].pairedItem).toEqual({ item: 0 });

		const { items: left } = await fixture.run({ parameters: { resource: 'template', operation: 'getMany', returnAll: true } });
		expect(left.map((item) => item.json.id)).not.toContain(id);
	});
});

describe('Template > Delete: bad input', () => {
	itRefusesUnknownTemplate(fixture, unknownTemplateCases.filter(([, parameters]) => parameters.operation === 'delete'));
	itRefusesTemplateInput(fixture, templateRefusalCases.filter(([, parameters]) => parameters.operation === 'delete'));
});
