import type { INodeParameters } from 'n8n-workflow';

import { openHandoffInbox } from '../../../nodes/MessagingService/handoff/inProcess';
import { type HandoffChange } from '../../../nodes/MessagingService/handoff/change';
import { itRefusesBadItems } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
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

describe('Conversation > Hand Back to Bot', () => {
	it('sends its message while the person still has the conversation, then hands it back to the trigger of this process', async () => {
		const taken: Array<{ change: HandoffChange; requests: number }> = [];
		const close = openHandoffInbox('wf-hand-back', {
			take: (change) => taken.push({ change, requests: fixture.sandbox.requests().length }),
			view: () => ({ zone: 'UTC', phones: {}, known: ANNA }),
		});
		try {
			await run('handOver', { message: '' }, 'wf-hand-back');
			const { items, requests } = await run(
				'handBack',
				{ phone: '+375 (29) 123 45 67', message: 'Our assistant takes it from here' },
				'wf-hand-back',
			);
			expect(
				requests.map((request) => [request.apiMethod, request.body?.phone, request.body?.message]),
			).toEqual([['sendQuickChatMessage', ANNA, 'Our assistant takes it from here']]);
			expect(taken.map(({ change, requests: before }) => [change.to, before])).toEqual([
				['person', 0],
				['bot', 1],
			]);
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
			expect(items[0].json).toMatchObject({
				phone: ANNA,
				holder: 'bot',
				messageSent: true,
				reachedTrigger: true,
				handoffChange: taken[1].change,
			});
		} finally {
			close();
		}
	});

	it('refuses a phone the trigger never saw, as Hand Over does, and leaves it unknown to a Hand Over after', async () => {
		const inbox: HandoffChange[] = [];
		const close = openHandoffInbox('wf-hand-back-unseen', {
			take: (change) => inbox.push(change),
			view: () => ({ zone: 'UTC', phones: {}, known: ANNA }),
		});
		try {
			for (const operation of ['handBack', 'handOver', 'handBack']) {
				const { error } = await fixture.run({
					parameters: params(fixture.account, 'conversation', operation, {
						phone: '375291999999',
						message: 'Hello',
					}),
					workflowId: 'wf-hand-back-unseen',
					staticData: knownConversations([ANNA]),
				});
				expect(error?.message).toMatch(
					/^Invalid Phone "375291999999" in item 0: the Chat Trigger of this workflow knows no conversation with this phone/,
				);
			}
			expect(fixture.sandbox.requests()).toEqual([]);
			expect(inbox).toEqual([]);
		} finally {
			close();
		}
	});

	it('needs no message: with none it asks the service nothing', async () => {
		const { items } = await run('handBack', { phone: ANNA, message: '' }, 'wf-hand-back-quiet');
		expect(fixture.sandbox.requests()).toEqual([]);
		expect(items[0].json).toMatchObject({
			phone: ANNA,
			holder: 'bot',
			messageSent: false,
			reachedTrigger: false,
		});
	});
});

describe('Conversation > Hand Back to Bot: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.conversation.handBack);
});
