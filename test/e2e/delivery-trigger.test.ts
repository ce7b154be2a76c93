// start-order: 11
// The Delivery Trigger in a real n8n (the package installed from its tarball), against the
// emulator on its real clock: examples/unread-chat-to-sms.json, its Time Limit set to 2 minutes,
// watches what this n8n sends. Three chat messages: the example's own (to a phone that reads it)
// and two from another workflow, one of them to a phone the emulator never reaches. The fallback
// SMS goes exactly to that one; each status starts the workflow once.
import type { IDataObject } from 'n8n-workflow';
import { readExampleWorkflows, withCredential } from '../../scripts/demo/examples';
import { startSandbox, type LoggedRequest, type Sandbox } from '../sandbox';
import { nodeOutput } from './lib/execution-data';
import { host } from './lib/host';
import type { N8nClient } from './lib/n8n-client';
import { chatSendsWorkflow } from './lib/chat-sends';
import { sharedN8n } from './lib/shared-n8n';

const TOKEN = 'e2e-delivery-trigger-key-Qm4t';
const EXAMPLE_PHONE = '375291234567';
const READER = '375291234603';
const NEVER_REACHED = '375291234604';
const TRIGGER = 'Read or not read in time';

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number) {
	const until = Date.now() + timeoutMs;
	while (!(await condition())) {
		if (Date.now() > until) throw new Error(`not within ${timeoutMs / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

describe('Delivery Trigger: a chat message not read in time goes out as SMS (examples/unread-chat-to-sms.json)', () => {
	let sandbox: Sandbox;
	let client: N8nClient;
	let credential: { id: string; name: string };

	const calls = (apiMethod: string): LoggedRequest[] =>
		sandbox.requests().filter((request) => request.apiMethod === apiMethod);

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], clock: 'real', quiet: true });
		({ client } = await sharedN8n());
		credential = await client.createCredential({
			name: 'Messaging Service (delivery trigger e2e)',
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
		sandbox.setUnreachable(TOKEN, NEVER_REACHED, 'chat');
	});

	afterAll(async () => {
		await sandbox?.close();
	});

	it('sends the fallback SMS exactly for the unread message; each status once', async () => {
		const found = readExampleWorkflows(host.repoRoot).find(
			(entry) => entry.file === 'examples/unread-chat-to-sms.json',
		);
		const example = withCredential(found!.workflow, credential);
		for (const node of example.nodes)
			if (node.name === TRIGGER) node.parameters = { ...node.parameters, timeLimit: 2 };
		const workflow = await client.createWorkflow(example);
		const sender = await client.createWorkflow(
			chatSendsWorkflow(
				'delivery trigger e2e: two more chat messages',
				[READER, NEVER_REACHED],
				'2001',
				credential,
			),
		);
		// n8n runs the trigger's first poll when it activates the workflow: from then on, sends are watched.
		// n8n 2.x publishes an activation through its outbox, after the REST call has returned, and in Messages
		// Sent Here that poll asks the emulator nothing: the sends wait for a scheduled poll (a fresh-clone run
		// sent first, and the example's own message was never watched)
		await client.activateWorkflow(workflow.id);
		await new Promise((resolve) => setTimeout(resolve, 75_000));
		try {
			const own = await client.runManually(workflow.id, {
				triggerName: "When clicking 'Execute workflow'",
			});
			expect(own.status).toBe('success');
			expect((await client.runManually(sender.id)).status).toBe('success');
			expect(calls('sendQuickChatMessage').map((call) => call.body?.phone)).toEqual([
				EXAMPLE_PHONE,
				READER,
				NEVER_REACHED,
			]);

			// read after 60 s, the time-out after 2 minutes: the polls of a minute apart emit them
			await waitUntil(() => calls('sendQuickSMS').length > 0, 300_000);
			// one more poll, which must emit nothing new
			const reads = () => calls('getChatDeliveryData').length;
			const before = reads();
			await waitUntil(async () => (await client.listExecutions(workflow.id)).length >= 3, 120_000);
			await new Promise((resolve) => setTimeout(resolve, 70_000));
			expect(reads()).toBe(before);

			expect(calls('sendQuickSMS').map((call) => call.query?.phone ?? call.body?.phone)).toEqual([
				NEVER_REACHED,
			]);
			const events: string[] = [];
			for (const summary of await client.listExecutions(workflow.id)) {
				const execution = await client.waitForExecution(summary.id);
				if (execution.mode !== 'trigger') continue;
				expect(execution.status).toBe('success');
				for (const item of nodeOutput(execution, TRIGGER) as IDataObject[])
					events.push(`${String(item.event)} ${String(item.phone)}`);
			}
			expect(events.sort()).toEqual(
				[`read ${EXAMPLE_PHONE}`, `read ${READER}`, `timedOut ${NEVER_REACHED}`].sort(),
			);
		} finally {
			await client.deactivateWorkflow(workflow.id);
		}
	}, 600_000);
});
