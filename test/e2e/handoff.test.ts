// start-order: 9
// Human handoff in a real n8n (the package installed from its tarball): examples/ai-chatbot-with-handoff.json
// as shipped, against the emulator on the real clock and a scripted model. A customer asks for a
// person and the agent hands over with its tool; the customer's next three messages reach To Person
// as turns, each texted to the person with a page, and the bot sends nothing; the person answers on
// a page and the customer receives it; the person hands back on another page; the customer's next
// turn reaches the bot with `whileWithPerson`, and the bot's answer quotes the person.
import { nodeNameToToolName } from 'n8n-workflow';
import { startSandbox, type Sandbox } from '../sandbox';
import { answersTo, openingMailing } from './lib/chatbot';
import { nodeOutput } from './lib/execution-data';
import {
	answerPage,
	colleagueLines,
	customerWrites,
	HAND_OVER_MESSAGE,
	HAND_OVER_TOOL,
	handOverOutput,
	handoffWorkflow,
	nthExecution,
	pagesSentToPerson,
	REASON,
	startHandoffModel,
	turnOf,
} from './lib/handoff';
import type { N8nClient } from './lib/n8n-client';
import type { ExecutionDetails } from './lib/n8n-types';
import { waitUntil } from './lib/polls';
import type { ScriptedChatModel } from './lib/scripted-chat-model';
import { sharedN8n } from './lib/shared-n8n';

const TOKEN = 'e2e-handoff-key-Tn4p-8Wd';
const ANNA = '375291130001';
/** A turn starts well within this after the customer's last message, unless something hangs. */
const HANG_MS = 90000;

describe('human handoff: the example chatbot hands a conversation to a person and gets it back', () => {
	let sandbox: Sandbox;
	let model: ScriptedChatModel;
	let client: N8nClient;

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], quiet: true, clock: 'real' });
		model = await startHandoffModel();
		({ client } = await sharedN8n());
	});

	afterAll(async () => {
		await model?.close();
		await sandbox?.close();
	});

	/** The workflow's `count`-th execution (1 = the first), once it has finished or waits for the person. */
	async function execution(
		workflowId: string,
		count: number,
		state: 'finished' | 'waiting' = 'finished',
	): Promise<ExecutionDetails> {
		return await nthExecution(client, workflowId, count, HANG_MS, state);
	}

	it('hands over by the agent, routes three turns to the person, takes their answer and their hand-back, and the bot catches up', async () => {
		await openingMailing(sandbox, TOKEN, ANNA);
		const workflow = await handoffWorkflow(client, {
			label: 'handoff e2e',
			sandbox,
			token: TOKEN,
			model,
		});
		await client.activateWorkflow(workflow.id);
		try {
			// turn 1, with the bot
			customerWrites(sandbox, TOKEN, ANNA, 'Hi, my parcel for order 1042 is late');
			const first = await execution(workflow.id, 1);
			expect(turnOf(first)).toMatchObject({
				output: 'bot',
				item: { chatInput: 'Hi, my parcel for order 1042 is late' },
			});
			expect(answersTo(sandbox, ANNA)).toEqual(['Turn 1: "Hi, my parcel for order 1042 is late"']);

			// turn 2: the customer asks for a person; the agent calls its tool, with the reason it wrote ($fromAI)
			customerWrites(sandbox, TOKEN, ANNA, 'Can I talk to a person, please?');
			const second = await execution(workflow.id, 2);
			// what n8n shows the model: the tool by its node's name, its description, and `reason` (from $fromAI) to fill
			const offered = model
				.requests()[0]
				.tools.map(({ function: tool }) => tool as typeof tool & { description?: string });
			expect(offered).toEqual([
				expect.objectContaining({
					name: nodeNameToToolName(HAND_OVER_TOOL),
					description: expect.stringContaining('when the customer asks for a person'),
					parameters: expect.objectContaining({
						properties: { reason: expect.objectContaining({ type: 'string' }) },
					}),
				}),
			]);
			const toolRun = second.data.resultData.runData[HAND_OVER_TOOL]?.[0];
			expect(toolRun?.inputOverride?.ai_tool?.[0]?.[0]?.json).toMatchObject({ reason: REASON });
			const handedOver = handOverOutput(second);
			expect(handedOver).toMatchObject({
				phone: ANNA,
				holder: 'person',
				messageSent: true,
				reachedTrigger: true,
				handoffChange: { reason: REASON },
			});
			// the customer got the tool's message; the agent's own answer of that turn is held back
			expect(nodeOutput(second, 'Send the answer')).toEqual([
				expect.objectContaining({ sent: false }),
			]);
			expect(answersTo(sandbox, ANNA)).toEqual([
				'Turn 1: "Hi, my parcel for order 1042 is late"',
				HAND_OVER_MESSAGE,
			]);
			const modelCallsWithBot = model.requests().length;

			// three more turns, each reaching To Person: texted to the person with a page; the bot is not asked
			const customerTexts = [
				'My parcel is late',
				'It was due on Monday',
				'The tracking says nothing',
			];
			for (const [index, text] of customerTexts.entries()) {
				customerWrites(sandbox, TOKEN, ANNA, text);
				const waiting = await execution(workflow.id, 3 + index, 'waiting');
				expect(turnOf(waiting)).toMatchObject({
					output: 'person',
					item: {
						sessionId: ANNA,
						chatInput: text,
						conversation: { holder: 'person', reason: REASON },
					},
				});
				await waitUntil(
					() => pagesSentToPerson(sandbox, TOKEN).length === index + 1,
					HANG_MS,
					`the SMS of turn ${3 + index} to the person`,
				);
			}
			const sms = sandbox
				.requests()
				.filter((request) => request.apiMethod === 'sendQuickSMS' && request.token === TOKEN);
			expect(sms.map((request) => String(request.query.message).split('\n')[0])).toEqual(
				customerTexts.map((text) => `Customer ${ANNA} (${REASON}) writes: ${text}`),
			);
			expect(model.requests()).toHaveLength(modelCallsWithBot);
			expect(answersTo(sandbox, ANNA)).toEqual([
				'Turn 1: "Hi, my parcel for order 1042 is late"',
				HAND_OVER_MESSAGE,
			]);

			// the person answers the first page: the customer receives it
			const pages = pagesSentToPerson(sandbox, TOKEN);
			const page = await answerPage(pages[0], { text: 'Your parcel arrives on Friday.' });
			expect(page.status).toBe(200);
			const answered = await execution(workflow.id, 3);
			expect(nodeOutput(answered, "Send the person's answer")).toEqual([
				expect.objectContaining({ message_id: expect.any(Number) }),
			]);
			expect(answersTo(sandbox, ANNA).at(-1)).toBe('Your parcel arrives on Friday.');

			// and, a while later, hands back on the second page. The trigger looks for new mailings at least every
			// 10 s: an answer it finds only after the hand-back is missing from the catch-up (reported to its side)
			await new Promise((resolve) => setTimeout(resolve, 15000));
			expect((await execution(workflow.id, 4, 'waiting')).status).toBe('waiting');
			const handBack = await answerPage(pages[1], { handBack: true });
			expect(handBack.status).toBe(200);
			const handedBack = await execution(workflow.id, 4);
			expect(nodeOutput(handedBack, 'Text the person')).toEqual([
				expect.objectContaining({
					data: expect.objectContaining({
						handedBack: true,
						handBack: expect.objectContaining({ phone: ANNA, holder: 'bot', reachedTrigger: true }),
					}),
				}),
			]);
			expect(handedBack.data.resultData.runData["Send the person's answer"]).toBeUndefined();

			// the next turn reaches the bot with what was said meanwhile, and its answer reflects it
			customerWrites(sandbox, TOKEN, ANNA, 'Thanks! Can I change the delivery address?');
			const back = await execution(workflow.id, 6);
			const { output, item } = turnOf(back);
			expect(output).toBe('bot');
			expect(item).toMatchObject({
				chatInput: 'Thanks! Can I change the delivery address?',
				handBackReason: 'handedBack',
			});
			// the tool's own message joins the person's side (docs/chatbot.md, Handoff), unless the service dated it
			// more than a second before the hand-over (it dates mailings to the second)
			const meanwhile = (item.whileWithPerson as Array<{ from: string; text: string }>).filter(
				({ text }) => text !== HAND_OVER_MESSAGE,
			);
			expect(meanwhile.map(({ from, text }) => [from, text])).toEqual([
				...customerTexts.map((text) => ['customer', text]),
				['person', 'Your parcel arrives on Friday.'],
			]);
			expect(
				colleagueLines(model.requests().at(-1)!).filter((line) => line !== HAND_OVER_MESSAGE),
			).toEqual(['Your parcel arrives on Friday.']);
			expect(answersTo(sandbox, ANNA)).toEqual([
				'Turn 1: "Hi, my parcel for order 1042 is late"',
				HAND_OVER_MESSAGE,
				'Your parcel arrives on Friday.',
				'Welcome back! Our colleague told you: "Your parcel arrives on Friday."',
			]);
			// nothing more: the fifth execution (the third page) still waits for the person
			expect(await client.listExecutions(workflow.id)).toHaveLength(6);
		} finally {
			await client.deactivateWorkflow(workflow.id);
		}
	}, 600000);
});
