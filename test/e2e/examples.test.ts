// start-order: 11
// The example workflows of examples/, imported as they are into a real n8n that has the package
// installed from its tarball, and run against the emulator (real clock).
import axios from 'axios';
import { nodeNameToToolName } from 'n8n-workflow';
import {
	dataTableRows,
	ensureDataTable,
	OPTED_OUT_PHONES,
	type DataTable,
} from '../../scripts/demo/dataTables';
import { readExampleWorkflows } from '../../scripts/demo/examples';
import { startSandbox, type LoggedRequest, type Sandbox } from '../sandbox';
import { executionError, nodeOutput } from './lib/execution-data';
import { host } from './lib/host';
import type { N8nClient } from './lib/n8n-client';
import type { WorkflowData } from './lib/n8n-types';
import { sharedN8n } from './lib/shared-n8n';

const PACKAGE = 'n8n-nodes-messaging-service';
const TOKEN = 'e2e-examples-token';
const CREDENTIAL_NAME = 'Messaging Service (local emulator)';

const EXAMPLE_FILES = [
	'examples/ai-agent-sms-tool.json',
	'examples/ai-chatbot-with-handoff.json',
	'examples/ai-chatbot.json',
	'examples/approval-before-batch-send.json',
	'examples/auto-responder.json',
	'examples/batch-outcome-callback.json',
	'examples/batch-send-with-status.json',
	'examples/delivery-confirmation-wait-for-reply.json',
	'examples/mailing-with-opt-outs.json',
	'examples/signup-verification-code.json',
	'examples/unread-chat-to-sms.json',
];

function example(file: string): WorkflowData {
	const found = readExampleWorkflows(host.repoRoot).find((entry) => entry.file === file);
	if (!found) throw new Error(`${file} is missing`);
	return found.workflow;
}

function packageNodes(workflow: WorkflowData) {
	return workflow.nodes.filter((node) => node.type.startsWith(`${PACKAGE}.`));
}

describe('the example workflows in a real n8n, against the emulator', () => {
	let sandbox: Sandbox;
	let client: N8nClient;
	let credential: { id: string; name: string };

	const calls = (apiMethod: string, token = TOKEN): LoggedRequest[] =>
		sandbox
			.requests()
			.filter((request) => request.apiMethod === apiMethod && request.token === token);

	/** Creates the example as the file has it: n8n finds the credential by its name. */
	async function importExample(
		file: string,
		into = client,
	): Promise<WorkflowData & { id: string }> {
		return await into.createWorkflow(example(file));
	}

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], clock: 'real', quiet: true });
		({ client } = await sharedN8n());
		// The examples name this credential, and n8n finds it by its name only when no other
		// credential has it: no other file of the shared n8n may use the name.
		credential = await client.createCredential({
			name: CREDENTIAL_NAME,
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
	});

	afterAll(async () => {
		await sandbox?.close();
	});

	beforeEach(() => sandbox.clearRequests());

	it('has the examples, each with a sticky note and the package\'s nodes on the credential "Messaging Service (local emulator)"', () => {
		// The examples use the ids the emulator seeds for its first account (the demo's account).
		expect(sandbox.account(TOKEN)).toEqual(
			expect.objectContaining({ alphanameIds: [1001, 1002], chatnameIds: [2001, 2002] }),
		);
		const files = readExampleWorkflows(host.repoRoot).map((entry) => entry.file);
		expect(files.sort()).toEqual(EXAMPLE_FILES);
		for (const file of EXAMPLE_FILES) {
			const workflow = example(file);
			const sticky = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.stickyNote');
			expect(String(sticky?.parameters.content ?? '').length).toBeGreaterThan(200);
			expect(packageNodes(workflow).length).toBeGreaterThan(0);
			for (const node of packageNodes(workflow)) {
				expect(node.credentials?.messagingServiceApi?.name).toBe(CREDENTIAL_NAME);
			}
		}
	});

	it.each(EXAMPLE_FILES)(
		'imports %s: every node type and version is known to n8n, the credential is found by its name',
		async (file) => {
			const known = new Map<string, Array<number>>();
			for (const type of await client.nodeTypes()) {
				const versions = Array.isArray(type.version) ? type.version : [type.version];
				known.set(type.name, [...(known.get(type.name) ?? []), ...versions]);
			}
			const created = await importExample(file);
			const stored = await client.getWorkflow(created.id);
			expect(stored.nodes.map((node) => node.name).sort()).toEqual(
				example(file)
					.nodes.map((node) => node.name)
					.sort(),
			);
			for (const node of stored.nodes) {
				expect({
					node: node.name,
					type: node.type,
					known: known.get(node.type)?.includes(node.typeVersion) ?? false,
				}).toEqual({
					node: node.name,
					type: node.type,
					known: true,
				});
			}
			for (const node of packageNodes(stored)) {
				expect(node.credentials?.messagingServiceApi).toEqual({
					id: credential.id,
					name: CREDENTIAL_NAME,
				});
			}
		},
	);

	// examples/signup-verification-code.json (two webhooks, active workflow): verification-flow.test.ts

	describe('batch SMS to a contact list, then its status (examples/batch-send-with-status.json)', () => {
		it('sends one personal mailing to the three contacts, waits, and reads every delivery as DELIVERED', async () => {
			const workflow = await importExample('examples/batch-send-with-status.json');

			const execution = await client.runManually(workflow.id);

			expect({ status: execution.status, error: executionError(execution) }).toEqual({
				status: 'success',
				error: undefined,
			});
			const [batch] = nodeOutput(execution, 'Send SMS batch');
			expect(batch).toEqual(
				expect.objectContaining({
					uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
					mailingName: 'Spring sale',
					recipients: 3,
					chunks: 1,
				}),
			);
			const statuses = nodeOutput(execution, 'Get batch status');
			expect(statuses.map((entry) => [entry.phone, entry.status, entry.name])).toEqual([
				['375291234567', 'DELIVERED', 'Spring sale'],
				['375291234568', 'DELIVERED', 'Spring sale'],
				['375291234569', 'DELIVERED', 'Spring sale'],
			]);

			// The emulator got one batch (a JSON body with the key in the query string too) and one status request.
			expect(sandbox.requests().map((request) => request.apiMethod)).toEqual([
				'sendBulkSms',
				'statusBulkSms',
			]);
			const [send] = calls('sendBulkSms');
			expect(send.query).toEqual({ token: TOKEN });
			expect(send.body).toEqual({
				token: TOKEN,
				// Send Batch appends the chunk number and its signature for the Callback Trigger
				callback_url: expect.stringMatching(
					/^https:\/\/example\.com\/webhook\/sms-batch-outcome\?ref=[\w-]{16}&chunk=1&chunks=1&sig=[\w-]{43}$/,
				),
				messages: [
					{
						alphaname_id: '1001',
						name: 'Spring sale',
						message_type: 'personal',
						delivery_list: [
							{
								phone: '375291234567',
								text: 'Hi Anna, our spring sale is on: 20% off everything until Sunday.',
							},
							{
								phone: '375291234568',
								text: 'Hi Boris, our spring sale is on: 20% off everything until Sunday.',
							},
							{
								phone: '375291234569',
								text: 'Hi Chen, our spring sale is on: 20% off everything until Sunday.',
							},
						],
					},
				],
			});
			expect(calls('statusBulkSms')[0].query).toEqual({ token: TOKEN, uuid: batch.uuid });
			// The callback address is passed on; the emulator calls only loopback addresses, so it skips this one.
			expect(sandbox.callbacks().filter((callback) => callback.uuid === batch.uuid)).toEqual([
				expect.objectContaining({
					url: (send.body as { callback_url: string }).callback_url,
					outcome: 'skipped',
				}),
			]);
		});
	});

	describe('AI agent with the SMS tool (examples/ai-agent-sms-tool.json)', () => {
		it('is recognised as the tool variant of the action node, connected to the agent as ai_tool', async () => {
			const workflow = await client.getWorkflow(
				(await importExample('examples/ai-agent-sms-tool.json')).id,
			);
			const tool = workflow.nodes.find((node) => node.name === 'Send SMS');
			expect(tool?.type).toBe(`${PACKAGE}.messagingServiceTool`);
			expect(workflow.connections['Send SMS']).toEqual({
				ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]],
			});
			const toolType = (await client.nodeTypes()).find(
				(type) => type.name === `${PACKAGE}.messagingServiceTool`,
			);
			expect(toolType?.properties.map((property) => property.name)).toEqual(
				expect.arrayContaining(['toolDescription', 'resource', 'operation']),
			);
		});

		// No language model runs here. The tool node is executed on its own, the way the editor's
		// "Execute step" on a tool node does it: n8n puts its Tool Executor in the agent's place,
		// builds the tool from the node (supplyData), and invokes it with the arguments an agent
		// would pass, which the $fromAI(...) expressions then resolve to.
		it('sends the SMS when n8n invokes the tool with the arguments an agent would pass', async () => {
			const workflow = await importExample('examples/ai-agent-sms-tool.json');
			const toolName = nodeNameToToolName('Send SMS');
			const args = {
				phone: '+375 29 123-45-67',
				message: 'Your order 1042 has shipped and arrives on Friday.',
			};

			const execution = await client.runManually(workflow.id, {
				destinationNode: 'Send SMS',
				agentRequest: { query: { [toolName]: args }, tool: { name: toolName } },
			});

			expect({ status: execution.status, error: executionError(execution) }).toEqual({
				status: 'success',
				error: undefined,
			});
			const runs = execution.data.resultData.runData['Send SMS'];
			expect(runs?.[0]?.inputOverride?.ai_tool?.[0]?.[0]?.json).toEqual(args);
			expect(runs?.[0]?.data?.ai_tool?.[0]?.[0]?.json).toEqual({
				response: [expect.objectContaining({ sms_id: expect.any(Number), status: 'NEW' })],
			});
			expect(execution.data.resultData.runData['AI Agent']).toBeUndefined();

			expect(sandbox.requests().map((request) => request.apiMethod)).toEqual(['sendQuickSMS']);
			expect(calls('sendQuickSMS')[0].query).toEqual({
				token: TOKEN,
				phone: '375291234567',
				message: 'Your order 1042 has shipped and arrives on Friday.',
				alphaname_id: '1001',
			});
		});
	});

	describe('auto-responder for chat replies (examples/auto-responder.json)', () => {
		it('once activated, answers a reply injected into the emulator, records an opt-out in the Data table instead of answering it, and marks both read', async () => {
			// the Data table the example writes opt-outs to, as the demo creates it
			const table: DataTable = await ensureDataTable(client, OPTED_OUT_PHONES);
			const workflow = await importExample('examples/auto-responder.json');

			// A chat mailing the customer will answer, sent before the workflow is activated.
			const mailing = await axios.post(
				`${sandbox.url}/api/v2/sendQuickChatMessage`,
				new URLSearchParams({
					token: TOKEN,
					chatname_id: '2001',
					phone: '375291234570',
					message: 'How did we do?',
				}),
			);
			const mailingId = Number(
				(mailing.data as { result: { message_id: number } }).result.message_id,
			);

			await client.activateWorkflow(workflow.id);
			try {
				// n8n polls once right after activation; that poll records what already exists.
				// The reply is injected after it has read the mailing, so it is new to the trigger.
				await waitFor(
					() =>
						calls('getNewIncomingMessages').some(
							(call) => call.body?.message_id === String(mailingId),
						),
					60000,
				);
				const injected = await axios.post(`${sandbox.url}/__sandbox/replies`, {
					token: TOKEN,
					message_id: mailingId,
					phone: '375291234570',
					message: 'Great service',
				});
				const replyId = String((injected.data as { id: string }).id);
				const optOut = await axios.post(`${sandbox.url}/__sandbox/replies`, {
					token: TOKEN,
					message_id: mailingId,
					phone: '375291234580',
					message: 'STOP please 🛑',
				});
				const optOutId = String((optOut.data as { id: string }).id);

				// The next scheduled poll (at most a minute later) starts the execution.
				const [started] = await client.waitForExecutions(workflow.id, 1, 150000);
				const execution = await client.waitForExecution(started.id);

				expect(execution.mode).toBe('trigger');
				expect({ status: execution.status, error: executionError(execution) }).toEqual({
					status: 'success',
					error: undefined,
				});
				expect(nodeOutput(execution, 'New reply to a chat mailing')).toEqual([
					expect.objectContaining({
						id: replyId,
						phone: '375291234570',
						message: 'Great service',
						mailing: expect.objectContaining({ message_id: mailingId }),
						optOut: false,
					}),
					expect.objectContaining({
						id: optOutId,
						sessionId: '375291234580',
						optOut: true,
						optOutKeyword: 'stop',
					}),
				]);
				expect(nodeOutput(execution, 'Record the opt-out')).toEqual([
					expect.objectContaining({ phone: '375291234580', keyword: 'stop' }),
				]);
				expect(
					(await dataTableRows(client, table)).filter((row) => row.phone === '375291234580'),
				).toEqual([
					expect.objectContaining({
						phone: '375291234580',
						keyword: 'stop',
						message: 'STOP please 🛑',
					}),
				]);
				expect(nodeOutput(execution, 'Answer the reply')).toEqual([
					{ message_id: expect.any(Number) },
				]);

				const answers = calls('sendQuickChatMessage').filter(
					(call) => call.body?.message !== 'How did we do?',
				);
				expect(answers.map((call) => call.body)).toEqual([
					{
						token: TOKEN,
						chatname_id: '2001',
						phone: '375291234570',
						type_message: 'TEXT',
						message:
							'Thanks! We got your answer: "Great service". A colleague will get back to you soon.',
					},
				]);
				expect(calls('readResponseStatus').map((call) => call.body?.incoming_messages)).toEqual([
					`${replyId},${optOutId}`,
				]);
				expect(sandbox.counters().sent).toEqual(
					expect.arrayContaining([
						expect.objectContaining({
							channel: 'chat',
							phone: '375291234570',
							text: expect.stringContaining('Great service'),
							count: 1,
						}),
					]),
				);
			} finally {
				await client.deactivateWorkflow(workflow.id);
			}
		});
	});
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`gave up waiting after ${timeoutMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}
