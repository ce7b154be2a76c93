import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

describe('Template > Get Many', () => {
	it('returns the stored templates, one item each, paired with the input item', async () => {
		const { items, error } = await fixture.run({
			parameters: params(fixture.account, 'template', 'getMany', { returnAll: true }),
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(fixture.account.templateIds);
		expect(items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);

		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({
			httpMethod: 'POST',
			path: '/api/v2/getTemplateMessages',
			bodyType: 'none',
		});
		expect(request.query).toEqual({ token: expect.any(String) });
	});

	it('stops at the limit', async () => {
		const { items } = await fixture.run({
			parameters: params(fixture.account, 'template', 'getMany', { returnAll: false, limit: 1 }),
		});
		expect(items).toHaveLength(1);
	});
});
