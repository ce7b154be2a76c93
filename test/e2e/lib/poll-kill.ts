// The polling trigger's kill test (Messaging Service Trigger, Mark as Read on, polling every 15
// s) in an n8n of its own, for one n8n mode (the environment given): reply-kill.test.ts on the
// legacy poller, reply-kill-durable.test.ts on the durable scheduler with durable cursors.
import type { INode } from 'n8n-workflow';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../sandbox';
import { customersWithMailings, WritingCustomers } from './customers';
import { alternatingStops } from './kill';
import { expectNothingLost, runKillScenario } from './kill-scenario';
import { keepSession, startRestartableN8n, type RestartableN8n } from './restartable-n8n';
import type { WorkflowData } from './n8n-types';
import { workflowOf } from './workflow-builder';

const PACKAGE = 'n8n-nodes-messaging-service';
export const POLL_TRIGGER = 'New Reply';

/**
 * Every 15 s: n8n refuses a Poll Times entry firing more than once a minute ("0,15,30,45 * * * * *"
 * is sub-minute), but takes several entries, each at one fixed second.
 */
export const EVERY_15_SECONDS = {
	item: ['0', '15', '30', '45'].map((second) => ({
		mode: 'custom',
		cronExpression: `${second} * * * * *`,
	})),
};

/** The four flags of n8n's durable scheduler for polls, with durable poll cursors. */
export const DURABLE_SCHEDULER_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};

/** The trigger polling every 15 s with Mark as Read on, and a node after it. */
export function pollingWorkflow(name: string, credentials: INode['credentials']): WorkflowData {
	return workflowOf(name, [
		{
			name: POLL_TRIGGER,
			type: `${PACKAGE}.messagingServiceTrigger`,
			typeVersion: 1,
			position: [0, 0],
			parameters: { pollTimes: EVERY_15_SECONDS, watch: 'recentMailings', markAsRead: true },
			credentials,
		},
		{
			name: 'Received',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [220, 0],
			parameters: {},
		},
	]);
}

const OWNER = {
	email: 'owner@example.com',
	password: 'Reply-kill-1',
	firstName: 'Owner',
	lastName: 'Test',
};

export function describePollKill(label: string, token: string, env: Record<string, string>): void {
	describe(`the polling trigger with Mark as Read, n8n stopped and started again 6 times (${label})`, () => {
		let sandbox: Sandbox;
		let n8n: RestartableN8n | undefined;
		let runFolder: string;

		beforeAll(async () => {
			sandbox = await startSandbox({ tokens: [token], quiet: true, clock: 'real' });
			runFolder = fs.mkdtempSync(path.join(os.tmpdir(), `n8n-e2e-${label}-`));
		});

		afterAll(async () => {
			await n8n?.stop();
			await sandbox?.close();
			if (process.env.E2E_KEEP_RUN_FOLDER === '1')
				process.stdout.write(`[${label}] run folder kept: ${runFolder}\n`);
			else fs.rmSync(runFolder, { recursive: true, force: true });
		});

		it('outputs every reply written in exactly one finished execution, or again only flagged redelivered', async () => {
			n8n = await startRestartableN8n(runFolder, env);
			const { client } = n8n;
			await client.setupOwnerAndLogin(OWNER);
			const customers = new WritingCustomers(
				sandbox,
				token,
				await customersWithMailings(sandbox, token, 20, '3752914'),
				{ min: 6000, max: 14000 },
			);
			const credential = await client.createCredential({
				name: `${label}: Messaging Service (emulator)`,
				type: 'messagingServiceApi',
				data: { apiKey: token, baseUrl: sandbox.url, allowUnencryptedHttp: false },
			});
			const credentials = { messagingServiceApi: { id: credential.id, name: credential.name } };
			const workflow = await client.createWorkflow(
				pollingWorkflow(`Replies (${label})`, credentials),
			);
			await client.activateWorkflow(workflow.id);

			const outcome = await runKillScenario({
				label,
				sandbox,
				n8n,
				client,
				afterStart: async () => await keepSession(client, OWNER),
				workflowId: workflow.id,
				triggerName: POLL_TRIGGER,
				customers,
				stops: alternatingStops(6),
				// a poll every 15 s: a mark comes within about two polls of a start
				stopOptions: { markTimeoutMs: 45000, randomMs: { min: 3000, max: 16000 } },
				drainMs: 120000,
				traceFile: path.join(runFolder, 'trace.txt'),
			});
			expectNothingLost(outcome);
		}, 1800000);
	});
}
