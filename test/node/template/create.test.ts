import { itRefusesTemplateInput, itRefusesUnknownTemplate } from '../../harness/badInput';
import { templateRefusalCases, unknownTemplateCases } from '../../harness/templateBadInputCases';
import { TEST_API_KEY } from '../../harness/keys';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();


describe('Template > Create', () => {
	it('creates a template (form body with key, name and message) and outputs the full template', async () => {
		const { items, error } = await fixture.run({
			parameters: { resource: 'template', operation: 'create', name: 'Reminder', message: 'See you tomorrow' },
		});
		expect(error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({ path: '/api/v2/createTemplateMessage', bodyType: 'form' });
		expect(request.query).toEqual({});
		expect(request.body).toEqual({ token: TEST_API_KEY, name: 'Reminder', message: 'See you tomorrow' });
		expect(items[0].json).toEqual({ id: expect.any(Number), name: 'Reminder', message: 'See you tomorrow', parts: 1 });
	});
});

describe('Template > Create: bad input', () => {
	itRefusesUnknownTemplate(fixture, unknownTemplateCases.filter(([, parameters]) => parameters.operation === 'create'));
	itRefusesTemplateInput(fixture, templateRefusalCases.filter(([, parameters]) => parameters.operation === 'create'));
});
