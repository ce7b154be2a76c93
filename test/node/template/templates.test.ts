import { TEST_API_KEY } from '../../harness/keys';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

const byList = (id: number | string) => ({ __rl: true, mode: 'list', value: String(id) });
const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

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

		const { items: left } = await fixture.run({ parameters: { resource: 'template', operation: 'getAll', returnAll: true } });
		expect(left.map((item) => item.json.id)).not.toContain(id);
	});
});

describe('Template: bad input', () => {
	it.each([
		['Get', { operation: 'get', template: byId('={{ $json.id }}') }, 'Template', 'getTemplateMessageById'],
		['Delete', { operation: 'delete', template: byId('={{ $json.id }}') }, 'Template', 'deleteTemplateMessage'],
		[
			'Update',
			{ operation: 'update', template: byId('={{ $json.id }}'), updateFields: { name: 'x', message: 'y' } },
			'Template',
			'editTemplateMessage',
		],
	])('%s with a template ID that does not exist names the Template field and the item', async (_title, parameters, field, apiMethod) => {
		const ids = fixture.account.templateIds;
		const { items, error } = await fixture.run({
			parameters: { resource: 'template', ...parameters },
			items: [{ id: ids[0] }, { id: 4999 }, { id: ids[1] }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.error).toBeUndefined();
		expect(items[2].json.error).toBeUndefined();
		expect(String(items[1].json.error)).toMatch(new RegExp(`^Invalid ${field} "4999" in item 1: no stored template has this ID`));
		const ok = fixture.sandbox.requests().filter((r) => r.apiMethod === apiMethod && r.status === 200);
		expect(ok).toHaveLength(2);
	});

	it.each([
		['Create with an empty name', { operation: 'create', name: '={{ $json.name }}', message: 'Hi' }, 'Name'],
		['Create with an empty message', { operation: 'create', name: 'N', message: '={{ $json.name }}' }, 'Message'],
		['Update with nothing to change', { operation: 'update', template: byId('4001'), updateFields: '={{ $json.fields }}' }, 'Update Fields'],
		['Get with a template ID that is not a number', { operation: 'get', template: byId('={{ $json.name }}') }, 'Template'],
	])('%s: refused before any request, naming the field and the item', async (_title, parameters, field) => {
		const { items, error } = await fixture.run({
			parameters: { resource: 'template', ...parameters },
			items: [{ name: '', fields: {} }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(String(items[0].json.error)).toMatch(new RegExp(`^Invalid ${field} .* in item 0: `));
		expect(fixture.sandbox.requests()).toHaveLength(0);
	});
});
