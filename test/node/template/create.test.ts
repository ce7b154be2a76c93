import { itRefusesBadItems } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

describe('Template > Create', () => {
	it('creates a template (form body with key, name and message) and outputs the full template', async () => {
		const { items, request } = await fixture.runOk({
			parameters: params(fixture.account, 'template', 'create', {
				name: 'Reminder',
				message: 'See you tomorrow',
			}),
		});
		expect(request).toMatchObject({ path: '/api/v2/createTemplateMessage', bodyType: 'form' });
		expect(request.query).toEqual({});
		expect(request.body).toEqual({
			token: TEST_API_KEY,
			name: 'Reminder',
			message: 'See you tomorrow',
		});
		expect(items[0].json).toEqual({
			id: expect.any(Number),
			name: 'Reminder',
			message: 'See you tomorrow',
			parts: 1,
		});
	});
});

describe('Template > Create: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.template.create);
});
