// start-order: 9
// Human handoff across a restart of n8n (an n8n of this file's own, with the package from its
// tarball): examples/ai-chatbot-with-handoff.json, the agent hands a conversation over and a turn
// goes to the person, n8n stops, the customer writes while it is down, n8n starts again: the
// message reaches the person (To Person), never the bot, and the page sent before the restart
// still takes the person's answer. The state lives in the trigger's static data, saved with its emits.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../sandbox';
import { answersTo, openingMailing } from './lib/chatbot';
import {
	answerPage,
	customerWrites,
	HAND_OVER_MESSAGE,
	handoffWorkflow,
	nthExecution,
	pagesSentToPerson,
	startHandoffModel,
	turnOf,
} from './lib/handoff';
import { N8nClient } from './lib/n8n-client';
import { n8nLogFile } from './lib/n8n-logs';
import type { ExecutionDetails } from './lib/n8n-types';
import { startN8nWithPackage, type PackageLoadedN8n } from './lib/n8n-with-package';
import { waitUntil } from './lib/polls';
import type { ScriptedChatModel } from './lib/scripted-chat-model';

const TOKEN = 'e2e-handoff-restart-key-Zx8m';
const CHEN = '375291130003';
const OWNER = {
	email: 'owner@example.com',
	password: 'Handoff-restart-1',
	firstName: 'Owner',
	lastName: 'Test',
};
const HANG_MS = 90000;

describe('human handoff: n8n stopped and started again during a hand-over', () => {
	let sandbox: Sandbox;
	let model: ScriptedChatModel;
	let n8n: PackageLoadedN8n | undefined;
	let runFolder: string;
	let logFile: string;

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], quiet: true, clock: 'real' });
		model = await startHandoffModel();
		runFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-handoff-restart-'));
		logFile = n8nLogFile('handoff-restart');
	});

	afterAll(async () => {
		await n8n?.stop();
		await model?.close();
		await sandbox?.close();
		fs.rmSync(runFolder, { recursive: true, force: true });
	});

	/** n8n on the same user folder (database, static data) and port each time. */
	async function startN8n(port?: number): Promise<{ n8n: PackageLoadedN8n; client: N8nClient }> {
		const started = await startN8nWithPackage({
			userFolder: path.join(runFolder, 'user'),
			port,
			logFile,
		});
		return { n8n: started, client: new N8nClient(started.baseUrl) };
	}

	async function nth(
		client: N8nClient,
		workflowId: string,
		count: number,
		state: 'finished' | 'waiting',
	): Promise<ExecutionDetails> {
		return await nthExecution(client, workflowId, count, HANG_MS, state, false);
	}

	it('keeps the conversation with the person: the message written while n8n was down goes to To Person', async () => {
		fs.mkdirSync(path.join(runFolder, 'user'), { recursive: true });
		let client: N8nClient;
		({ n8n, client } = await startN8n());
		await client.setupOwnerAndLogin(OWNER);
		await openingMailing(sandbox, TOKEN, CHEN);
		const workflow = await handoffWorkflow(client, {
			label: 'handoff restart e2e',
			sandbox,
			token: TOKEN,
			model,
		});
		await client.activateWorkflow(workflow.id);

		customerWrites(sandbox, TOKEN, CHEN, 'Please put me through to a person');
		const handOver = await nth(client, workflow.id, 1, 'finished');
		expect(handOver.status).toBe('success');
		expect(answersTo(sandbox, CHEN)).toEqual([HAND_OVER_MESSAGE]);
		const modelCalls = model.requests().length;
		// a turn to the person: the trigger saves its state with each emit (a restart before any emit after the
		// hand-over loses it: docs/chatbot.md, Handoff, "What a restart can lose")
		customerWrites(sandbox, TOKEN, CHEN, 'My order is 1042');
		expect(turnOf(await nth(client, workflow.id, 2, 'waiting'))).toMatchObject({
			output: 'person',
			item: { chatInput: 'My order is 1042' },
		});
		await waitUntil(
			() => pagesSentToPerson(sandbox, TOKEN).length === 1,
			HANG_MS,
			'the first SMS to the person',
		);

		// n8n stops (as a deploy does); the customer writes meanwhile; n8n starts again on the same data
		const port = n8n.port;
		await n8n.stop();
		n8n = undefined;
		customerWrites(sandbox, TOKEN, CHEN, 'Hello? I am still waiting');
		({ n8n, client } = await startN8n(port));
		await client.login(OWNER.email, OWNER.password);

		const toPerson = await nth(client, workflow.id, 3, 'waiting');
		expect(turnOf(toPerson)).toMatchObject({
			output: 'person',
			item: { chatInput: 'Hello? I am still waiting', conversation: { holder: 'person' } },
		});
		await waitUntil(
			() => pagesSentToPerson(sandbox, TOKEN).length === 2,
			HANG_MS,
			'the second SMS to the person',
		);
		// the page sent before the restart still takes the person's answer, and the customer receives it
		expect(
			(await answerPage(pagesSentToPerson(sandbox, TOKEN)[0], { text: 'It ships today.' })).status,
		).toBe(200);
		const answered = await nth(client, workflow.id, 2, 'finished');
		expect(answered.status).toBe('success');
		expect(model.requests()).toHaveLength(modelCalls);
		expect(answersTo(sandbox, CHEN)).toEqual([HAND_OVER_MESSAGE, 'It ships today.']);
		await client.deactivateWorkflow(workflow.id);
	}, 900000);
});
