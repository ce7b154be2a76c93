import { itRefusesTemplateInput, itRefusesUnknownTemplate } from '../../harness/badInput';
import { templateRefusalCases, unknownTemplateCases } from '../../harness/templateBadInputCases';
import { TEST_API_KEY } from '../../harness/keys';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

describe('Template > Update', () => {
	it('sends name and message; a field left out keeps its stored value', async () => {
		const id = fixture.account.templateIds[0];
		const { items, error } = await fixture.run({
			parameters: { resource: 'template', operation: 'update', template: byId(id), updateFields: { name: 'Hello' } },
		});
		expect(error).toBeUndefined();
		const [lookup, edit] = fixture.sandbox.requests();
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
			parameters: { resource: 'template', operation: 'update', template: byId(id), updateFields: { name: 'N', message: 'M' } },
		});
		expect(fixture.sandbox.requests().map((r) => r.apiMethod)).toEqual(['editTemplateMessage']);
		expect(fixture.sandbox.requests()[0].body).toMatchObject({ name: 'N', message: 'M' });
	});
});

describe('Template > Update: bad input', () => {
	itRefusesUnknownTemplate(fixture, unknownTemplateCases.filter(([, parameters]) => parameters.operation === 'update'));
	itRefusesTemplateInput(fixture, templateRefusalCases.filter(([, parameters]) => parameters.operation === 'update'));
});
