// start-order: 5
// Human handoff in n8n's queue mode (Redis, PostgreSQL, main and a worker, the package from its
// tarball): examples/ai-chatbot-with-handoff.json. The Chat Trigger runs on main, every execution on
// the worker: the agent's hand-over there reaches no trigger in its process (said in its output and
// the worker's log) and travels back with the execution's end (the trigger's done promise); the
// person's page is answered on main, whose webhook() hands back to the trigger itself.
import { startSandbox, type Sandbox } from '../sandbox';
import { answersTo, openingMailing } from './lib/chatbot';
import { nodeOutput } from './lib/execution-data';
import {
	answerPage,
	customerWrites,
	HAND_OVER_MESSAGE,
	handOverOutput,
	handoffWorkflow,
	nthExecution,
	pagesSentToPerson,
	startHandoffModel,
	turnOf,
} from './lib/handoff';
import { N8nClient } from './lib/n8n-client';
import { n8nLogFolder } from './lib/n8n-logs';
import type { ExecutionDetails } from './lib/n8n-types';
import { waitUntil } from './lib/polls';
import { startQueueModeN8n, type QueueModeN8n } from './lib/queue-mode/queue-n8n';
import type { ScriptedChatModel } from './lib/scripted-chat-model';

const TOKEN = 'e2e-handoff-queue-key-Pw5c';
const DARIA = '375291130004';
const OWNER = {
	email: 'owner@example.com',
	password: 'Handoff-queue-1',
	firstName: 'Owner',
	lastName: 'Test',
};
const HANG_MS = 180000;
/** After the hand-over's execution ended: time for main to read it from the database and the trigger to apply it, at 10x this machine's slowness. */
const APPLIED_MS = 20000;

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

describe('human handoff in queue mode (main + a worker, Redis, PostgreSQL)', () => {
	let sandbox: Sandbox;
	let model: ScriptedChatModel;
	let n8n: QueueModeN8n;
	let client: N8nClient;

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], quiet: true, clock: 'real' });
		model = await startHandoffModel();
		n8n = await startQueueModeN8n({ workers: 1, logDir: n8nLogFolder('handoff-queue-mode') });
		client = new N8nClient(n8n.baseUrl);
		await client.setupOwnerAndLogin(OWNER);
	}, 600000);

	afterAll(async () => {
		await n8n?.stop();
		await model?.close();
		await sandbox?.close();
	});

	async function nth(
		workflowId: string,
		count: number,
		state: 'finished' | 'waiting' = 'finished',
	): Promise<ExecutionDetails> {
		return await nthExecution(client, workflowId, count, HANG_MS, state);
	}

	it('the agent hands over on the worker, the trigger on main routes to the person, and the page hands back on main', async () => {
		await openingMailing(sandbox, TOKEN, DARIA);
		const workflow = await handoffWorkflow(client, {
			label: 'handoff queue e2e',
			sandbox,
			token: TOKEN,
			model,
		});
		await client.activateWorkflow(workflow.id);
		try {
			customerWrites(sandbox, TOKEN, DARIA, 'I would like to talk to a person');
			const handOver = await nth(workflow.id, 1);
			expect(n8n.workerOf(handOver.id)).toBe(0);
			const output = handOverOutput(handOver);
			expect(output).toMatchObject({
				holder: 'person',
				reachedTrigger: false,
				carriedByExecution: true,
				reachedTriggerNote: expect.stringContaining('runs on a worker'),
			});
			expect(n8n.workers[0].output()).toContain('did not reach a Chat Trigger in this process');
			expect(answersTo(sandbox, DARIA)).toEqual([HAND_OVER_MESSAGE]);
			const modelCalls = model.requests().length;

			await sleep(APPLIED_MS);
			customerWrites(sandbox, TOKEN, DARIA, 'Where is my parcel?');
			const toPerson = await nth(workflow.id, 2, 'waiting');
			expect(turnOf(toPerson)).toMatchObject({
				output: 'person',
				item: { chatInput: 'Where is my parcel?' },
			});
			expect(n8n.workerOf(toPerson.id)).toBe(0);
			await waitUntil(
				() => pagesSentToPerson(sandbox, TOKEN).length === 1,
				HANG_MS,
				'the SMS to the person',
			);
			const [page] = pagesSentToPerson(sandbox, TOKEN);
			expect(page.startsWith(`${n8n.baseUrl}/webhook-waiting/${toPerson.id}/`)).toBe(true);
			expect(model.requests()).toHaveLength(modelCalls);

			// the person hands back on the page: main receives the POST and hands back at once; the rest runs on the worker
			expect((await answerPage(page, { handBack: true })).status).toBe(200);
			const resumed = await nth(workflow.id, 2);
			expect(nodeOutput(resumed, 'Text the person')).toEqual([
				expect.objectContaining({
					data: expect.objectContaining({
						handedBack: true,
						handBack: expect.objectContaining({ reachedTrigger: true }),
					}),
				}),
			]);
			expect(n8n.workerRunsOf(resumed.id)).toBe(2);

			customerWrites(sandbox, TOKEN, DARIA, 'Hello again');
			const back = await nth(workflow.id, 3);
			const turn = turnOf(back);
			expect(turn).toMatchObject({
				output: 'bot',
				item: { chatInput: 'Hello again', handBackReason: 'handedBack' },
			});
			// the tool's own message joins the person's side (docs/chatbot.md, Handoff) unless dated a second before the hand-over
			const meanwhile = (turn.item.whileWithPerson as Array<{ from: string; text: string }>).filter(
				({ text }) => text !== HAND_OVER_MESSAGE,
			);
			expect(meanwhile.map(({ from, text }) => [from, text])).toEqual([
				['customer', 'Where is my parcel?'],
			]);
			expect(nodeOutput(back, 'Send the answer')).toEqual([{ message_id: expect.any(Number) }]);
			expect(answersTo(sandbox, DARIA)).toEqual([
				HAND_OVER_MESSAGE,
				expect.stringMatching(/^Turn \d+: "Hello again"$/),
			]);
		} finally {
			await client.deactivateWorkflow(workflow.id);
		}
	});
});
