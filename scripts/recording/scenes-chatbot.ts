// The chatbot scene (examples/ai-chatbot.json): a customer's burst of three messages gets one
// answer. The customer is played through the emulator, as test/e2e/chat-trigger.test.ts does.
import { waitFor } from './emulator';
import { linger, openWorkflow, scene, videoTime, type Take } from './take';
import type { Bubble } from './overlay';

export const CHATBOT_SCENE = 'chatbot: a burst answered once';
/** The looping excerpt: from the customer's first message to a few seconds after the answer. */
export const CHATBOT_EXCERPT = 'excerpt: the chatbot turn';
const CUSTOMER = { phone: '+375 29 112-00-01', digits: '375291120001' };
const OPENING = 'Hello from DemoShop! Any questions about your booking?';
const BURST = ['hi', 'I need', 'to move my booking'];
const STEP = '3 / 5 · Chatbot';

/** The newest execution of the workflow that started after `since` and has finished. */
async function finishedExecutionAfter(
	take: Take,
	workflowId: string,
	since: number,
): Promise<string | undefined> {
	const executions = await take.demo.client.listExecutions(workflowId);
	const found = executions.find((execution) => Date.parse(execution.startedAt) >= since);
	if (found?.status === 'error') throw new Error(`the chatbot's execution ${found.id} failed`);
	return found?.status === 'success' ? found.id : undefined;
}

export async function chatbot(take: Take): Promise<void> {
	const { overlay, emulator, demo } = take;
	const workflowId = demo.examples.chatbot;
	// The opening mailing goes out before activation, so the trigger's first look finds its conversation.
	await demo.client.deactivateWorkflow(workflowId);
	const mailingId = await emulator.sendChatMailing(CUSTOMER.digits, OPENING);
	await demo.client.activateWorkflow(workflowId);
	const bubbles: Bubble[] = [{ from: 'business', text: OPENING }];

	await scene(take, CHATBOT_SCENE, async () => {
		await overlay.caption(
			STEP,
			'Chat Trigger → AI Agent (memory per phone) → Chat Message > Send, published. The customer answers the mailing:',
		);
		await overlay.phone(`Customer ${CUSTOMER.phone}`, bubbles);
		await openWorkflow(take, workflowId, 'New chat reply');
		const excerptStart = videoTime(take);
		await linger(take, 2);
		const before = await emulator.lastSeq();
		const since = Date.now();
		let lastMessageAt = 0;
		for (const [index, text] of BURST.entries()) {
			if (index > 0) await linger(take, 1);
			await emulator.customerWrites(mailingId, CUSTOMER.digits, text);
			lastMessageAt = Date.now();
			bubbles.push({ from: 'customer', text });
			await overlay.phone(`Customer ${CUSTOMER.phone}`, bubbles);
		}
		await overlay.caption(
			STEP,
			'Three messages in a row: the Chat Trigger waits until the customer has been quiet for 3 s, then starts one turn',
		);
		const answer = await waitFor(
			'the chatbot to answer',
			async () => (await emulator.textsSentTo(CUSTOMER.digits, 'sendQuickChatMessage', before))[0],
		);
		const seconds = ((Date.now() - lastMessageAt) / 1000).toFixed(1);
		bubbles.push({ from: 'business', text: answer });
		await overlay.phone(`Customer ${CUSTOMER.phone}`, bubbles);
		await overlay.caption(
			STEP,
			`One answer to the three messages, ${seconds} s after the last one (the model is a scripted stand-in for OpenAI here)`,
		);
		await linger(take, 4);
		take.marks.push({ name: CHATBOT_EXCERPT, start: excerptStart, end: videoTime(take) });
		const executionId = await waitFor(
			'the chatbot execution to finish',
			async () => await finishedExecutionAfter(take, workflowId, since - 1000),
		);
		await overlay.caption(
			STEP,
			'The turn in the execution list: the three messages were one item, one agent run and one Chat Message > Send',
		);
		await overlay.goto(`${take.n8nUrl}/workflow/${workflowId}/executions/${executionId}`);
		await take.page.locator('[data-test-id="canvas-node-status-success"]').first().waitFor();
		await linger(take, 4);
		const answers = await emulator.textsSentTo(CUSTOMER.digits, 'sendQuickChatMessage', before);
		if (answers.length !== 1)
			throw new Error(
				`the burst got ${answers.length} answers, not one: ${JSON.stringify(answers)}`,
			);
	});
	await demo.client.deactivateWorkflow(workflowId);
	await overlay.hidePhone();
}
