/**
 * Send and Wait for Response's "Hand back to the bot" (Offer Hand Back to Bot for Phone): the page
 * offers it, only a POST decides it, and webhook() hands the conversation back to the Chat Trigger
 * of the workflow in the process that received the POST (docs/chatbot.md, Handoff).
 */
import type { INodeParameters } from 'n8n-workflow';

import { openHandoffInbox } from '../../../nodes/MessagingService/handoff/inProcess';
import { type HandoffChange } from '../../../nodes/MessagingService/handoff/change';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { callWebhook, runWithResumeLink, timedOutItem } from './waiting';

const fixture = useSandbox();
const ANNA = '375291234567';
/** callWebhook's workflow */
const WORKFLOW_ID = 'harness';
const BUTTON = '>Hand back to the bot</button>';

async function waitingRun(extra: INodeParameters) {
	const parameters = params(fixture.account, 'sms', 'sendAndWait', {
		message: 'Anna asks: where is my parcel?',
		...extra,
	});
	const run = await runWithResumeLink(fixture, { parameters });
	expect(run.error).toBeUndefined();
	expect(run.run.status).toBe('waiting');
	return { run, parameters };
}

function triggerInbox(): { taken: HandoffChange[]; close: () => void } {
	const taken: HandoffChange[] = [];
	const close = openHandoffInbox(WORKFLOW_ID, {
		take: (change) => taken.push(change),
		view: () => ({ zone: 'UTC', phones: {}, known: ANNA }),
	});
	return { taken, close };
}

const freeText = { responseType: 'freeText', options: { handBackPhone: '+375 29 123-45-67' } };

describe('Send and Wait for Response: "Hand back to the bot"', () => {
	it('the page offers it only with a phone to hand back, and a GET decides nothing', async () => {
		const inbox = triggerInbox();
		try {
			const without = await waitingRun({ responseType: 'freeText' });
			expect(
				(await callWebhook(without.run, without.parameters, { method: 'GET' })).html,
			).not.toContain(BUTTON);
			const offered = await waitingRun(freeText);
			expect(timedOutItem(offered.run)).toMatchObject({ handBackPhone: ANNA });
			const page = await callWebhook(offered.run, offered.parameters, { method: 'GET' });
			expect(page.html).toContain(
				'<button type="submit" name="handBack" value="true" class="secondary" formnovalidate>Hand back to the bot</button>',
			);
			expect(page.result.workflowData).toBeUndefined();
			expect(inbox.taken).toEqual([]);
		} finally {
			inbox.close();
		}
	});

	it('a POST of it hands the conversation back in webhook(), and the output says so (with the typed answer, if any)', async () => {
		const inbox = triggerInbox();
		try {
			const { run, parameters } = await waitingRun(freeText);
			const alone = await callWebhook(run, parameters, {
				method: 'POST',
				body: { handBack: 'true', text: '' },
			});
			expect(alone.result.webhookResponse).toContain('your answer was received');
			const data = alone.result.workflowData?.[0][0].json.data as Record<string, unknown>;
			expect(data).toEqual({
				handedBack: true,
				handBack: expect.objectContaining({
					phone: ANNA,
					holder: 'bot',
					reachedTrigger: true,
					handoffChange: inbox.taken[0],
				}),
				respondedAt: expect.any(String),
			});
			expect(inbox.taken).toEqual([expect.objectContaining({ phone: ANNA, to: 'bot' })]);

			const withText = await callWebhook(run, parameters, {
				method: 'POST',
				body: { handBack: 'true', text: 'It arrives Friday' },
			});
			expect(withText.result.workflowData?.[0][0].json.data).toMatchObject({
				text: 'It arrives Friday',
				handedBack: true,
			});
			expect(inbox.taken).toHaveLength(2);
		} finally {
			inbox.close();
		}
	});

	it('a plain answer hands nothing back; an approval page offers it beside its buttons', async () => {
		const inbox = triggerInbox();
		try {
			const { run, parameters } = await waitingRun(freeText);
			const answer = await callWebhook(run, parameters, {
				method: 'POST',
				body: { text: 'It arrives Friday' },
			});
			expect(answer.result.workflowData?.[0][0].json.data).toEqual({
				text: 'It arrives Friday',
				respondedAt: expect.any(String),
			});
			expect(inbox.taken).toEqual([]);

			const approval = await waitingRun({ options: { handBackPhone: ANNA } });
			expect(
				(await callWebhook(approval.run, approval.parameters, { method: 'GET' })).html,
			).toContain(BUTTON);
			const chosen = await callWebhook(approval.run, approval.parameters, {
				method: 'POST',
				body: { handBack: 'true' },
			});
			expect(chosen.result.workflowData?.[0][0].json.data).toMatchObject({ handedBack: true });
			expect(inbox.taken).toHaveLength(1);
		} finally {
			inbox.close();
		}
	});

	it('with no Chat Trigger in the process, the output says the change did not reach one', async () => {
		const { run, parameters } = await waitingRun(freeText);
		const chosen = await callWebhook(run, parameters, {
			method: 'POST',
			body: { handBack: 'true' },
		});
		expect(chosen.result.workflowData?.[0][0].json.data).toMatchObject({
			handedBack: true,
			handBack: { reachedTrigger: false },
		});
	});

	it('a POST of it to a page that does not offer it is refused and decides nothing', async () => {
		const inbox = triggerInbox();
		try {
			const { run, parameters } = await waitingRun({ responseType: 'freeText' });
			const refused = await callWebhook(run, parameters, {
				method: 'POST',
				body: { handBack: 'true', text: 'x' },
			});
			expect(refused.status).toBe(400);
			expect(refused.result.workflowData).toBeUndefined();
			expect(inbox.taken).toEqual([]);
		} finally {
			inbox.close();
		}
	});
});
