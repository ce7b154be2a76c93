import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

describe('On Error: Continue (using error output)', () => {
	it('sends each failed item to the error output, paired to its input, and the others to the regular one', async () => {
		const { items, outputs, error } = await fixture.run({
			parameters: params(fixture.account, 'sms', 'send', {
				phone: '={{ $json.phone }}',
				message: 'Hello',
			}),
			items: [{ phone: '375291234567' }, { phone: 'not a phone' }, { phone: '375291234568' }],
			errorOutput: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 2 }]);
		expect(items.every((item) => item.json.sms_id !== undefined)).toBe(true);
		expect(outputs[1]).toHaveLength(1);
		expect(outputs[1][0].pairedItem).toEqual({ item: 1 });
		expect(String(outputs[1][0].json.error)).toMatch(/Phone/);
	});

	it('keeps the API key out of the error item, whatever the input held', async () => {
		const { outputs } = await fixture.run({
			parameters: params(fixture.account, 'sms', 'send', {
				phone: '={{ $json.phone }}',
				message: 'Hello',
			}),
			items: [{ phone: TEST_API_KEY }],
			errorOutput: true,
		});
		expect(outputs[1]).toHaveLength(1);
		const { json, error } = outputs[1][0];
		expect(JSON.stringify(json)).not.toContain(TEST_API_KEY);
		expect([error?.message, error?.description, error?.stack].join(' ')).not.toContain(
			TEST_API_KEY,
		);
	});
});
