// The Chat Trigger's kill test (Check Active Conversations every 1 s, Quiet Window 1 s) in an n8n
// of its own: regular mode (SQLite) in reply-kill-chat.test.ts, queue mode (PostgreSQL, Redis, one
// worker that keeps running while main is stopped) in reply-kill-chat-queue.test.ts.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../sandbox';
import { customersWithMailings, WritingCustomers } from './customers';
import { alternatingStops, type Restartable } from './kill';
import { expectNothingLost, runKillScenario } from './kill-scenario';
import { N8nClient } from './n8n-client';
import { startQueueModeN8n, type QueueModeN8n } from './queue-mode/queue-n8n';
import { keepSession, startRestartableN8n, type RestartableN8n } from './restartable-n8n';
import { workflowOf } from './workflow-builder';

const PACKAGE = 'n8n-nodes-messaging-service';
export const CHAT_TRIGGER = 'New Turn';

const OWNER = {
	email: 'owner@example.com',
	password: 'Reply-kill-chat-1',
	firstName: 'Owner',
	lastName: 'Test',
};

interface RunningN8n {
	n8n: Restartable & { readonly readyAt: number };
	client: N8nClient;
	stop(): Promise<void>;
}

async function regularN8n(runFolder: string): Promise<RunningN8n> {
	const n8n: RestartableN8n = await startRestartableN8n(runFolder);
	return { n8n, client: n8n.client, stop: async () => await n8n.stop() };
}

async function queueN8n(runFolder: string): Promise<RunningN8n> {
	const queue: QueueModeN8n = await startQueueModeN8n({
		workers: 1,
		logDir: path.join(runFolder, 'logs'),
	});
	let readyAt = Date.now();
	const n8n = {
		get readyAt() {
			return readyAt;
		},
		kill: async (signal: 'SIGTERM' | 'SIGKILL') => await queue.killMain(signal),
		start: async () => {
			await queue.startMain();
			readyAt = Date.now();
		},
	};
	return { n8n, client: new N8nClient(queue.baseUrl), stop: async () => await queue.stop() };
}

export function describeChatKill(label: string, token: string, mode: 'regular' | 'queue'): void {
	describe(`the Chat Trigger, n8n ${mode === 'queue' ? 'main ' : ''}stopped and started again 6 times (${label})`, () => {
		let sandbox: Sandbox;
		let running: RunningN8n | undefined;
		let runFolder: string;
		let passed = false;

		beforeAll(async () => {
			sandbox = await startSandbox({ tokens: [token], quiet: true, clock: 'real' });
			runFolder = fs.mkdtempSync(path.join(os.tmpdir(), `n8n-e2e-${label.replace(/\s+/g, '-')}-`));
		});

		afterAll(async () => {
			await running?.stop();
			await sandbox?.close();
			// a failed run keeps its n8n logs and trace for whoever reads why
			if (process.env.E2E_KEEP_RUN_FOLDER === '1' || !passed)
				process.stdout.write(`[${label}] run folder kept: ${runFolder}\n`);
			else fs.rmSync(runFolder, { recursive: true, force: true });
		});

		it('outputs every message written in exactly one finished turn, or again only flagged redelivered', async () => {
			running = mode === 'queue' ? await queueN8n(runFolder) : await regularN8n(runFolder);
			const { client, n8n } = running;
			await client.setupOwnerAndLogin(OWNER);
			const customers = new WritingCustomers(
				sandbox,
				token,
				await customersWithMailings(sandbox, token, 20, mode === 'queue' ? '3752916' : '3752915'),
				{ min: 6000, max: 14000 },
			);
			const credential = await client.createCredential({
				name: `${label}: Messaging Service (emulator)`,
				type: 'messagingServiceApi',
				data: { apiKey: token, baseUrl: sandbox.url, allowUnencryptedHttp: false },
			});
			const workflow = await client.createWorkflow(
				workflowOf(`Chat turns (${label})`, [
					{
						name: CHAT_TRIGGER,
						type: `${PACKAGE}.messagingServiceChatTrigger`,
						typeVersion: 1,
						position: [0, 0],
						parameters: { checkEverySeconds: 1, quietWindowSeconds: 1 },
						credentials: { messagingServiceApi: { id: credential.id, name: credential.name } },
					},
					{
						name: 'Answered',
						type: 'n8n-nodes-base.noOp',
						typeVersion: 1,
						position: [220, 0],
						parameters: {},
					},
				]),
			);
			await client.activateWorkflow(workflow.id);

			const outcome = await runKillScenario({
				label,
				sandbox,
				n8n,
				client,
				afterStart: async () => await keepSession(client, OWNER),
				workflowId: workflow.id,
				triggerName: CHAT_TRIGGER,
				customers,
				stops: alternatingStops(6),
				// a turn ends every few seconds: a mark comes within seconds of a start
				stopOptions: { markTimeoutMs: 45000, randomMs: { min: 3000, max: 15000 } },
				drainMs: 90000,
				traceFile: path.join(runFolder, 'trace.txt'),
			});
			expectNothingLost(outcome);
			passed = true;
		}, 1800000);
	});
}
