import type { INodeParameters } from 'n8n-workflow';

import { knownConversations } from '../../harness/conversations';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();
const ANNA = '375291234567';

const run = async (operation: string, overrides: INodeParameters, workflowId: string) =>
	await fixture.runOk({
		parameters: params(fixture.account, 'conversation', operation, overrides),
		workflowId,
		staticData: knownConversations([ANNA]),
	});

describe('Conversation > Get State', () => {
	it('shows a hand-over made in this process at once, for one phone and in the list of conversations with a person', async () => {
		const before = await run('getState', {}, 'wf-state');
		expect(before.items.map((item) => item.json)).toEqual([
			{ phone: ANNA, holder: 'bot', known: true },
		]);
		await run('handOver', { message: '', reason: 'Refund', maxMinutes: 60 }, 'wf-state');

		const one = await run('getState', { phone: '+375 29 123-45-67' }, 'wf-state');
		expect(one.items[0].json).toEqual(
			expect.objectContaining({
				phone: ANNA,
				holder: 'person',
				known: true,
				reason: 'Refund',
				since: expect.any(String),
				until: expect.any(String),
			}),
		);
		expect(
			Date.parse(String(one.items[0].json.until)) - Date.parse(String(one.items[0].json.since)),
		).toBe(60 * 60_000);
		const every = await run('getState', { scope: 'withPerson' }, 'wf-state');
		expect(every.items.map((item) => [item.json.phone, item.json.holder])).toEqual([
			[ANNA, 'person'],
		]);
		expect(every.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
		expect(fixture.sandbox.requests()).toEqual([]);
	});

	it('refuses a bad phone naming field, value and item', async () => {
		const { error } = await fixture.run({
			parameters: params(fixture.account, 'conversation', 'getState', { phone: '12' }),
		});
		expect(error?.message).toMatch(
			/^Invalid Phone "12" in item 0: a phone number must have 7 to 15 digits/,
		);
	});
});
