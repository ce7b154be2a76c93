// start-order: 3
// Issue 48: the polling trigger (Mark as Read on, every 15 s) in the shared n8n, its workflow
// deactivated while a poll is under way, activated again, then republished (edited and published)
// while a poll is under way: no reply is read on the service that no execution carries. The poll
// is held mid-way by the emulator (its answers wait) until n8n has done the deactivation or the
// publication, so the moment does not depend on the machine's speed.
import { startSandbox, type LoggedRequest, type Sandbox } from '../sandbox';
import { customersWithMailings, WritingCustomers } from './lib/customers';
import type { N8nClient } from './lib/n8n-client';
import type { ExecutionDetails } from './lib/n8n-types';
import { POLL_TRIGGER, pollingWorkflow } from './lib/poll-kill';
import { waitUntil } from './lib/polls';
import { allExecutions, describeTally, markedRead, readButCarriedByNone, tally } from './lib/reply-tally';
import { sharedN8n } from './lib/shared-n8n';

const TOKEN = 'e2e-reply-stop-mid-poll-key-Lr5e';
const LABEL = 'reply-stop-mid-poll';
const POLL_WAIT_MS = 90000;

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));
const isPollRead = (request: LoggedRequest) => request.apiMethod === 'getNewIncomingMessages';

describe('the polling trigger deactivated and republished mid-poll', () => {
	let sandbox: Sandbox;
	let client: N8nClient;

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], quiet: true, clock: 'real' });
		({ client } = await sharedN8n());
	});

	afterAll(async () => {
		sandbox?.holdAnswers(false);
		await sandbox?.close();
	});

	async function executionsOf(workflowId: string): Promise<ExecutionDetails[]> {
		const details: ExecutionDetails[] = [];
		for (const summary of await allExecutions(client, workflowId)) details.push(await client.getExecution(summary.id));
		return details;
	}

	async function finishedCount(workflowId: string): Promise<number> {
		return (await allExecutions(client, workflowId)).filter((execution) => execution.status === 'success').length;
	}

	/** Waits for the next poll to read replies, holds the emulator's answers from then on, does `meanwhile`, lets the answers go. */
	async function midPoll(meanwhile: () => Promise<void>): Promise<void> {
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

	it('reads no reply on the service that no execution carries', async () => {
		const customers = new WritingCustomers(sandbox, TOKEN, await customersWithMailings(sandbox, TOKEN, 5, '3752917'), { min: 1000, max: 3000 });
		const credential = await client.createCredential({
			name: `${LABEL}: Messaging Service (emulator)`,
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
		const workflow = await client.createWorkflow(pollingWorkflow(`Replies (${LABEL})`, { messagingServiceApi: { id: credential.id, name: credential.name } }));
		await client.activateWorkflow(workflow.id);
		customers.start();
		const wait = async (count: number, what: string) => {
			const deadline = Date.now() + POLL_WAIT_MS;
			while ((await finishedCount(workflow.id)) < count) {
				if (Date.now() > deadline) throw new Error(`no ${what} within ${POLL_WAIT_MS / 1000} s`);
				await sleep(1000);
			}
		};
		await wait(1, 'first execution');

		await midPoll(async () => await client.deactivateWorkflow(workflow.id));
		const afterDeactivation = readButCarriedByNone(sandbox.requests(), await executionsOf(workflow.id), POLL_TRIGGER);
		process.stdout.write(`[${LABEL}] deactivated mid-poll: read on the service but in no execution ${afterDeactivation.length}\n`);

		await client.activateWorkflow(workflow.id);
		await wait((await finishedCount(workflow.id)) + 1, 'execution after the new activation');
		await midPoll(async () => {
			const current = await client.getWorkflow(workflow.id);
			await client.saveWorkflow(
				workflow.id,
				current.nodes.map((node) => (node.name === 'Received' ? { ...node, notes: 'edited mid-poll', position: [240, 0] } : node)),
			);
			await client.activateWorkflow(workflow.id);
		});
		await wait((await finishedCount(workflow.id)) + 1, 'execution after the republish');
		customers.stop();
		const ids = customers.written.map((reply) => reply.id);
		const lastPoll = Date.now() + 40000;
		while (Date.now() < lastPoll && !ids.every((id) => markedRead(sandbox.requests()).has(id))) await sleep(1000);
		await client.deactivateWorkflow(workflow.id);
		const executions = await executionsOf(workflow.id);
		const afterRepublish = readButCarriedByNone(sandbox.requests(), executions, POLL_TRIGGER);
		// replies written while the workflow was inactive are not output (Include Existing Replies is off), so lost is printed, not asserted
		process.stdout.write(`[${LABEL}] ${describeTally(LABEL, tally(ids, executions, POLL_TRIGGER))}; read on the service but in no execution ${afterRepublish.length}\n`);
		expect({ afterDeactivation, afterRepublish }).toEqual({ afterDeactivation: [], afterRepublish: [] });
	}, 600000);
});
