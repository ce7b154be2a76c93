import type { INodeParameters } from 'n8n-workflow';

import { handoffChangesOfCustomData } from '../../../nodes/MessagingService/handoff/executionData';
import { openHandoffInbox } from '../../../nodes/MessagingService/handoff/inProcess';
import { type HandoffChange } from '../../../nodes/MessagingService/handoff/change';
import { type HandoffMirror } from '../../../nodes/MessagingService/handoff/mirror';
import { itRefusesBadItems } from '../../harness/badInput';
import { badInputTable } from '../../harness/badInputTable';
import { knownConversations } from '../../harness/conversations';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { warnings } from './logged';

const fixture = useSandbox();
const ANNA = '375291234567';
const MINUTE = 60_000;

const handOver = (overrides: INodeParameters = {}) =>
	params(fixture.account, 'conversation', 'handOver', { message: '', ...overrides });

/** A Chat Trigger of the workflow in this process, as it takes changes (channel 1); closed after the test. */
function triggerInbox(
	workflowId: string,
	seen: () => void = () => {},
): { taken: HandoffChange[]; close: () => void } {
	const taken: HandoffChange[] = [];
	const view = (): HandoffMirror => ({ zone: 'UTC', phones: {}, known: ANNA });
	const close = openHandoffInbox(workflowId, {
		take: (change) => {
			seen();
			taken.push(change);
		},
		view,
	});
	return { taken, close };
}

describe('Conversation > Hand Over to Person', () => {
	it('hands a conversation the Chat Trigger knows over, with its limits and reason; without a message it asks the service nothing', async () => {
		const before = Date.now();
		const { items, run } = await fixture.runOk({
			parameters: handOver({
				phone: '+375 29 123-45-67',
				reason: 'Wants a refund',
				maxMinutes: 90,
				silenceMinutes: 15,
			}),
			staticData: knownConversations([ANNA]),
		});
		expect(fixture.sandbox.requests()).toEqual([]);
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		const json = items[0].json;
		const change = json.handoffChange as unknown as HandoffChange;
		expect(json).toMatchObject({
			phone: ANNA,
			holder: 'person',
			messageSent: false,
			reachedTrigger: false,
			carriedByExecution: true,
		});
		// the change rides with the execution to the trigger that started it (channel 2)
		expect(handoffChangesOfCustomData(run.data.resultData.metadata)).toEqual([json.handoffChange]);
		expect(change).toMatchObject({
			phone: ANNA,
			to: 'person',
			reason: 'Wants a refund',
			silenceMs: 15 * MINUTE,
		});
		expect(change.at).toBeGreaterThanOrEqual(before);
		expect(change.untilMs).toBe(change.at + 90 * MINUTE);
		expect(json.conversation).toMatchObject({
			phone: ANNA,
			holder: 'person',
			reason: 'Wants a refund',
			silenceMinutes: 15,
		});
	});

	it('says in the output and in a warning that no Chat Trigger of the workflow runs in this process (the queue-mode worker case)', async () => {
		const logged = await warnings();
		const { items } = await fixture.runOk({
			parameters: handOver({ phone: ANNA }),
			staticData: knownConversations([ANNA]),
		});
		expect(items[0].json.reachedTrigger).toBe(false);
		expect(String(items[0].json.reachedTriggerNote)).toMatch(
			/No Chat Trigger of this workflow runs in this n8n process.*when this execution ends, if the trigger started it/,
		);
		expect(
			logged
				.messages()
				.filter((message) => message.includes('did not reach a Chat Trigger in this process')),
		).toHaveLength(1);
		logged.restore();
	});

	it('hands the change to the Chat Trigger of the same workflow in this process (channel 1), after the message went out', async () => {
		const requestsWhenTaken: number[] = [];
		const inbox = triggerInbox('wf-hand-over', () =>
			requestsWhenTaken.push(fixture.sandbox.requests().length),
		);
		try {
			const { items, requests } = await fixture.runOk({
				parameters: handOver({
					phone: ANNA,
					reason: '={{ $json.why }}',
					message: 'A colleague will answer you shortly',
				}),
				items: [{ why: 'Asked for a person' }],
				workflowId: 'wf-hand-over',
				staticData: {},
			});
			expect(
				requests.map((request) => [
					request.apiMethod,
					request.body?.phone,
					request.body?.message,
					request.body?.chatname_id,
				]),
			).toEqual([
				[
					'sendQuickChatMessage',
					ANNA,
					'A colleague will answer you shortly',
					String(fixture.account.chatnameIds[0]),
				],
			]);
			expect(requestsWhenTaken).toEqual([1]);
			expect(inbox.taken).toEqual([items[0].json.handoffChange]);
			expect(items[0].json).toMatchObject({
				messageSent: true,
				messageId: expect.any(Number),
				reachedTrigger: true,
			});
			expect(items[0].json.reachedTriggerNote).toBeUndefined();
			expect(inbox.taken[0].reason).toBe('Asked for a person');
		} finally {
			inbox.close();
		}
	});

	it("takes the phone of the Chat Trigger turn the execution began with, when the trigger's copy does not know it yet (queue mode's first turn)", async () => {
		const turn = { sessionId: ANNA, chatInput: 'I want a person' };
		const upstream = {
			name: 'New chat reply',
			type: 'n8n-nodes-messaging-service.messagingServiceChatTrigger',
			outputs: [[turn], [], []],
			output: 0,
		};
		const { items } = await fixture.runOk({
			parameters: handOver({ phone: '={{ $json.sessionId }}' }),
			items: [turn],
			upstream,
			staticData: knownConversations([]),
		});
		expect(items[0].json).toMatchObject({ phone: ANNA, holder: 'person' });
		const other = await fixture.run({
			parameters: handOver({ phone: '375291000009' }),
			items: [turn],
			upstream,
			staticData: knownConversations([]),
		});
		expect(other.error?.message).toMatch(
			/^Invalid Phone "375291000009" in item 0: the Chat Trigger of this workflow knows no conversation/,
		);
	});

	it('makes no change when its message cannot be sent: the item fails, Continue On Fail keeps the others', async () => {
		const inbox = triggerInbox('wf-hand-over-fault');
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendQuickChatMessage', kind: '400', count: 1 }],
		});
		try {
			const { items, error } = await fixture.run({
				parameters: handOver({
					phone: '={{ $json.phone }}',
					message: 'A colleague will answer you shortly',
				}),
				items: [{ phone: ANNA }, { phone: ANNA }],
				workflowId: 'wf-hand-over-fault',
				staticData: {},
				continueOnFail: true,
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			expect(String(items[0].json.error)).toMatch(/refused the request as invalid \(400\)/);
			expect(items[0].json.handoffChange).toBeUndefined();
			expect(items[1].json).toMatchObject({ holder: 'person', messageSent: true });
			expect(inbox.taken).toHaveLength(1);
		} finally {
			fixture.sandbox.clearFaults();
			inbox.close();
		}
	});
});

describe('Conversation > Hand Over to Person: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.conversation.handOver);
});
