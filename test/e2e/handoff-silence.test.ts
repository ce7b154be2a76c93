// start-order: 9
// Human handoff's automatic end in a real n8n: examples/ai-chatbot-with-handoff.json with its Hand
// Over tool set to hand back after 1 minute in which the person sent the customer nothing (the
// example says 30). The agent hands over; nobody answers; the customer's next turn reaches the bot,
// which is told why (`handBackReason: personSilent`).
import { startSandbox, type Sandbox } from '../sandbox';
import { answersTo, openingMailing } from './lib/chatbot';
import {
	customerWrites,
	HAND_OVER_MESSAGE,
	HAND_OVER_TOOL,
	handOverOutput,
	handoffWorkflow,
	nthExecution,
	pagesSentToPerson,
	startHandoffModel,
	turnOf,
	withParameters,
} from './lib/handoff';
import type { N8nClient } from './lib/n8n-client';
import type { ExecutionDetails } from './lib/n8n-types';
import type { ScriptedChatModel } from './lib/scripted-chat-model';
import { sharedN8n } from './lib/shared-n8n';

const TOKEN = 'e2e-handoff-silence-key-Rk2v';
const BORIS = '375291130002';
const HANG_MS = 90000;
const SILENCE_MINUTES = 1;

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

describe('human handoff: back to the bot after the person was silent for the time set', () => {
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

	async function nth(workflowId: string, count: number): Promise<ExecutionDetails> {
		return await nthExecution(client, workflowId, count, HANG_MS);
	}

	it("ends the hand-over when the person sends nothing for the set minutes; the next turn is the bot's", async () => {
		await openingMailing(sandbox, TOKEN, BORIS);
		const workflow = await handoffWorkflow(client, {
			label: 'handoff silence e2e',
			sandbox,
			token: TOKEN,
			model,
			edit: withParameters(HAND_OVER_TOOL, { silenceMinutes: SILENCE_MINUTES }),
		});
		await client.activateWorkflow(workflow.id);
		try {
			customerWrites(sandbox, TOKEN, BORIS, 'I want to speak to a person');
			const handOver = await nth(workflow.id, 1);
			const change = handOverOutput(handOver);
			expect(change).toMatchObject({
				holder: 'person',
				handoffChange: { silenceMs: SILENCE_MINUTES * 60000 },
			});
			expect(answersTo(sandbox, BORIS)).toEqual([HAND_OVER_MESSAGE]);
			const modelCalls = model.requests().length;

			// twice the silence: the trigger ends it at its next check after the minute, however busy the machine
			await sleep(2 * SILENCE_MINUTES * 60000);
			expect(pagesSentToPerson(sandbox, TOKEN)).toEqual([]);
			customerWrites(sandbox, TOKEN, BORIS, 'Hello? Is anybody there?');
			const back = await nth(workflow.id, 2);
			expect(turnOf(back)).toMatchObject({
				output: 'bot',
				item: { chatInput: 'Hello? Is anybody there?', handBackReason: 'personSilent' },
			});
			expect(model.requests().length).toBeGreaterThan(modelCalls);
			expect(answersTo(sandbox, BORIS)).toEqual([
				HAND_OVER_MESSAGE,
				expect.stringMatching(/^Turn \d+: "Hello\? Is anybody there\?"$/),
			]);
			expect(pagesSentToPerson(sandbox, TOKEN)).toEqual([]);
		} finally {
			await client.deactivateWorkflow(workflow.id);
		}
	}, 600000);
});
