// The polling trigger (Mark as Read on, every 15 s), its workflow deactivated while a poll is
// under way, activated again, then republished (edited and published) while a poll is under way:
// no reply is read on the service that no execution carries. The poll is held mid-way by the
// emulator (its answers wait) until n8n has done the deactivation or the publication, so the
// moment does not depend on the machine's speed. reply-stop-mid-poll.test.ts runs it in the shared
// n8n (legacy poller), reply-stop-mid-poll-durable.test.ts in an n8n on the durable scheduler.
import { startSandbox, type LoggedRequest, type Sandbox } from '../../sandbox';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { customersWithMailings, WritingCustomers } from './customers';
import type { N8nClient } from './n8n-client';
import { DURABLE_SCHEDULER_ENV, POLL_TRIGGER, pollingWorkflow } from './poll-kill';
import { waitUntil } from './polls';
import {
	allExecutions,
	describeTally,
	markedRead,
	readButCarriedByNone,
	settledExecutions,
	tally,
} from './reply-tally';
import { startRestartableN8n } from './restartable-n8n';

export interface MidPollN8n {
	client: N8nClient;
	stop(): Promise<void>;
}

const POLL_WAIT_MS = 90000;

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));
const isPollRead = (request: LoggedRequest) => request.apiMethod === 'getNewIncomingMessages';

/** Waits for the next poll to read replies, holds the emulator's answers from then on, does `meanwhile`, lets the answers go. */
export async function midPoll(sandbox: Sandbox, meanwhile: () => Promise<void>): Promise<void> {
	let inFlight = false;
	const remove = sandbox.onRequest((request) => {
		if (inFlight || !isPollRead(request)) return;
		inFlight = true;
		sandbox.holdAnswers();
	});
	try {
		await waitUntil(() => inFlight, POLL_WAIT_MS, 'poll reading replies');
		await meanwhile();
	} finally {
		remove();
		sandbox.holdAnswers(false);
	}
	// the held poll goes on and ends (its reads, its marks); then nothing of it is left in flight
	await sleep(5000);
}

/** An n8n of the test's own on the durable scheduler with durable poll cursors (the four flags), logged in. */
export async function durableSchedulerN8n(name: string): Promise<MidPollN8n> {
	const runFolder = fs.mkdtempSync(path.join(os.tmpdir(), `n8n-e2e-${name}-`));
	const n8n = await startRestartableN8n(runFolder, DURABLE_SCHEDULER_ENV);
	await n8n.client.setupOwnerAndLogin({
		email: 'owner@example.com',
		password: 'Durable-scheduler-1',
		firstName: 'Owner',
		lastName: 'Test',
	});
	return {
		client: n8n.client,
		stop: async () => {
			await n8n.stop();
			if (process.env.E2E_KEEP_RUN_FOLDER === '1')
				process.stdout.write(`[${name}] run folder kept: ${runFolder}\n`);
			else fs.rmSync(runFolder, { recursive: true, force: true });
		},
	};
}

/** Five customers writing, and the polling workflow activated with a credential of its own. */
export async function writingToActiveTrigger(
	client: N8nClient,
	sandbox: Sandbox,
	{ label, token, phonePrefix }: { label: string; token: string; phonePrefix: string },
): Promise<{ customers: WritingCustomers; workflowId: string }> {
	const customers = new WritingCustomers(
		sandbox,
		token,
		await customersWithMailings(sandbox, token, 5, phonePrefix),
		{ min: 1000, max: 3000 },
	);
	const credential = await client.createCredential({
		name: `${label}: Messaging Service (emulator)`,
		type: 'messagingServiceApi',
		data: { apiKey: token, baseUrl: sandbox.url, allowUnencryptedHttp: false },
	});
	const workflow = await client.createWorkflow(
		pollingWorkflow(`Replies (${label})`, {
			messagingServiceApi: { id: credential.id, name: credential.name },
		}),
	);
	await client.activateWorkflow(workflow.id);
	// what is written before the activation poll has read the listing is the account's existing
	// replies (Include Existing Replies off), not output: the customers write once it has, a second later
	await waitUntil(
		() =>
			sandbox
				.requests()
				.some((request) => request.apiMethod === 'getChatMessages' && request.status === 200),
		POLL_WAIT_MS,
		'the activation poll',
	);
	await sleep(2000);
	customers.start();
	return { customers, workflowId: workflow.id };
}

/** Waits until the workflow has `count` successful executions. */
export async function untilSucceeded(
	client: N8nClient,
	workflowId: string,
	count: number,
	what: string,
): Promise<void> {
	const deadline = Date.now() + POLL_WAIT_MS;
	while ((await succeededCount(client, workflowId)) < count) {
		if (Date.now() > deadline) throw new Error(`no ${what} within ${POLL_WAIT_MS / 1000} s`);
		await sleep(1000);
	}
}

export async function succeededCount(client: N8nClient, workflowId: string): Promise<number> {
	return (await allExecutions(client, workflowId)).filter(
		(execution) => execution.status === 'success',
	).length;
}

/** An emulator (real clock) and the n8n `connect` starts, for the tests of one describe block. */
export function useEmulatorAndN8n(
	token: string,
	connect: () => Promise<MidPollN8n>,
): { readonly sandbox: Sandbox; readonly client: N8nClient } {
	let sandbox: Sandbox | undefined;
	let n8n: MidPollN8n | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [token], quiet: true, clock: 'real' });
		n8n = await connect();
	});
	afterAll(async () => {
		sandbox?.holdAnswers(false);
		await n8n?.stop();
		await sandbox?.close();
	});
	return {
		get sandbox() {
			return sandbox!;
		},
		get client() {
			return n8n!.client;
		},
	};
}

export function describeMidPoll(
	label: string,
	token: string,
	phonePrefix: string,
	connect: () => Promise<MidPollN8n>,
): void {
	describe(`the polling trigger deactivated and republished mid-poll (${label})`, () => {
		const running = useEmulatorAndN8n(token, connect);

		const executionsOf = async (workflowId: string) =>
			await settledExecutions(running.client, workflowId, 0);

		it('reads no reply on the service that no execution carries', async () => {
			const { sandbox, client } = running;
			const { customers, workflowId } = await writingToActiveTrigger(client, sandbox, {
				label,
				token,
				phonePrefix,
			});
			const workflow = { id: workflowId };
			const wait = async (count: number, what: string) =>
				await untilSucceeded(client, workflowId, count, what);
			await wait(1, 'first execution');

			await midPoll(sandbox, async () => await client.deactivateWorkflow(workflow.id));
			const afterDeactivation = readButCarriedByNone(
				sandbox.requests(),
				await executionsOf(workflow.id),
				POLL_TRIGGER,
			);
			process.stdout.write(
				`[${label}] deactivated mid-poll: read on the service but in no execution ${afterDeactivation.length}\n`,
			);

			await client.activateWorkflow(workflow.id);
			await wait(
				(await succeededCount(client, workflow.id)) + 1,
				'execution after the new activation',
			);
			await midPoll(sandbox, async () => {
				const current = await client.getWorkflow(workflow.id);
				await client.saveWorkflow(
					workflow.id,
					current.nodes.map((node) =>
						node.name === 'Received'
							? { ...node, notes: 'edited mid-poll', position: [240, 0] }
							: node,
					),
				);
				await client.activateWorkflow(workflow.id);
			});
			await wait((await succeededCount(client, workflow.id)) + 1, 'execution after the republish');
			customers.stop();
			const ids = customers.written.map((reply) => reply.id);
			const lastPoll = Date.now() + 40000;
			while (Date.now() < lastPoll && !ids.every((id) => markedRead(sandbox.requests()).has(id)))
				await sleep(1000);
			await client.deactivateWorkflow(workflow.id);
			const executions = await executionsOf(workflow.id);
			const afterRepublish = readButCarriedByNone(sandbox.requests(), executions, POLL_TRIGGER);
			// replies written while the workflow was inactive are not output (Include Existing Replies is off), so lost is printed, not asserted
			process.stdout.write(
				`[${label}] ${describeTally(label, tally(ids, executions, POLL_TRIGGER))}; read on the service but in no execution ${afterRepublish.length} (${afterRepublish.filter((id) => !afterDeactivation.includes(id)).length} of them since the republish)\n`,
			);
			expect({ afterDeactivation, afterRepublish }).toEqual({
				afterDeactivation: [],
				afterRepublish: [],
			});
		}, 600000);
	});
}
