// Human review for an AI Agent's tool, in a real n8n: the node's generated HitlTool type gates
// the package's SMS tool. The language model is a scripted stand-in (no real model here) that
// asks for one tool call; the approval comes from the page of the SMS the manager receives.
import axios from 'axios';
import type { INode } from 'n8n-workflow';
import { startSandbox, type Sandbox } from '../sandbox';
import { executionError, nodeOutput } from './lib/execution-data';
import type { N8nClient } from './lib/n8n-client';
import type { WorkflowData } from './lib/n8n-types';
import { startScriptedChatModel, type ScriptedChatModel } from './lib/scripted-chat-model';
import { sharedN8n } from './lib/shared-n8n';

const TOKEN = 'e2e-hitl-key-Wd8p-33k';
const PACKAGE = 'n8n-nodes-messaging-service';
const MANAGER = '375297000001';
const CUSTOMER = '375291234567';
const TOOL_ARGUMENTS = { phone: `+${CUSTOMER}`, message: 'Your order 1042 has shipped.' };
const FINAL_ANSWER = 'Done: I told the customer that order 1042 has shipped.';

describe('Human review for an AI Agent tool, with the answer from a phone', () => {
	let sandbox: Sandbox;
	let model: ScriptedChatModel;
	let client: N8nClient;
	let credentials: INode['credentials'];

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], clock: 'real', quiet: true });
		model = await startScriptedChatModel(TOOL_ARGUMENTS, FINAL_ANSWER);
		({ client } = await sharedN8n());
		const messaging = await client.createCredential({
			name: 'Human review: Messaging Service (emulator)',
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
		const openAi = await client.createCredential({
			name: 'Human review: scripted model',
			type: 'openAiApi',
			data: { apiKey: 'sk-scripted', url: model.url },
		});
		credentials = {
			messagingServiceApi: { id: messaging.id, name: messaging.name },
			openAiApi: { id: openAi.id, name: openAi.name },
		};
	});

	afterAll(async () => {
		await model?.close();
		await sandbox?.close();
	});

	beforeEach(() => sandbox.clearRequests());

	function agentWorkflow(): WorkflowData {
		const node = (
			name: string,
			type: string,
			typeVersion: number,
			parameters: Record<string, unknown>,
			id: string,
		): INode => ({
			id,
			name,
			type,
			typeVersion,
			position: [0, 0],
			parameters: parameters as INode['parameters'],
			credentials,
		});
		return {
			name: `Human review: ${Date.now()}`,
			nodes: [
				node('Start', 'n8n-nodes-base.manualTrigger', 1, {}, 'start'),
				node(
					'AI Agent',
					'@n8n/n8n-nodes-langchain.agent',
					3.1,
					{
						promptType: 'define',
						text: 'Tell the customer that order 1042 has shipped.',
						options: {},
					},
					'agent',
				),
				node(
					'Chat model',
					'@n8n/n8n-nodes-langchain.lmChatOpenAi',
					1.2,
					{ model: { __rl: true, mode: 'id', value: 'gpt-4o-mini' }, options: {} },
					'model',
				),
				node(
					'Send SMS',
					`${PACKAGE}.messagingServiceTool`,
					1,
					{
						descriptionType: 'manual',
						toolDescription: 'Sends one SMS to one phone number.',
						resource: 'sms',
						operation: 'send',
						phone: "={{ $fromAI('phone', 'The phone number with its country code', 'string') }}",
						messageFrom: 'text',
						message: "={{ $fromAI('message', 'The text of the SMS', 'string') }}",
						senderNameId: '1001',
						options: {},
					},
					'sms-tool',
				),
				node(
					'Manager review',
					`${PACKAGE}.messagingServiceHitlTool`,
					1,
					{
						resource: 'sms',
						operation: 'sendAndWait',
						// n8n's default question is "The agent wants to run this tool: ..."; $tool holds the call.
						message:
							'=May the agent text {{ $tool.parameters.phone }}: "{{ $tool.parameters.message }}"?',
						phone: MANAGER,
						senderNameId: '1001',
						responseType: 'approval',
						approvalOptions: { values: { approvalType: 'double' } },
						options: {},
					},
					'review',
				),
			],
			connections: {
				Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
				'Chat model': {
					ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
				},
				'Send SMS': { ai_tool: [[{ node: 'Manager review', type: 'ai_tool', index: 0 }]] },
				'Manager review': { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
			},
			settings: { executionOrder: 'v1' },
		};
	}

	const smsTo = (phone: string) =>
		sandbox
			.requests()
			.filter((request) => request.apiMethod === 'sendQuickSMS' && request.query.phone === phone);

	async function askTheManager(): Promise<{ executionId: string; link: string; question: string }> {
		const workflow = await client.createWorkflow(agentWorkflow());
		const executionId = await client.startManualRun(workflow.id, { triggerName: 'Start' });
		await client.waitUntilWaiting(executionId);
		const [review] = smsTo(MANAGER);
		const lines = String(review?.query.message).split('\n');
		expect(smsTo(CUSTOMER)).toEqual([]);
		return { executionId, link: lines.at(-1) ?? '', question: lines.slice(0, -1).join('\n') };
	}

	it('the manager approves on the phone: the tool call goes on and the customer gets the SMS', async () => {
		const { executionId, link, question } = await askTheManager();
		expect(question).toBe(`May the agent text +${CUSTOMER}: "${TOOL_ARGUMENTS.message}"?`);

		// The page shows the question as it was sent ($tool exists only while the node runs).
		const page = await axios.get<string>(link, { responseType: 'text' });
		expect(page.data).toContain(
			`May the agent text +${CUSTOMER}: &quot;${TOOL_ARGUMENTS.message}&quot;?`,
		);
		await axios.post(link, 'approved=true', {
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
		});

		const execution = await client.waitForExecution(executionId);
		expect({ status: execution.status, error: executionError(execution) }).toEqual({
			status: 'success',
			error: undefined,
		});
		expect(smsTo(CUSTOMER).map((request) => request.query.message)).toEqual([
			TOOL_ARGUMENTS.message,
		]);
		expect(nodeOutput(execution, 'AI Agent')).toEqual([
			expect.objectContaining({ output: FINAL_ANSWER }),
		]);
	});

	it('the manager declines: the tool does not run and the agent is told so', async () => {
		const { executionId, link } = await askTheManager();
		await axios.post(link, 'approved=false', {
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
		});

		const execution = await client.waitForExecution(executionId);
		expect(execution.status).toBe('success');
		expect(smsTo(CUSTOMER)).toEqual([]);
		const toolResults =
			model
				.requests()
				.at(-1)
				?.messages.filter((message) => message.role === 'tool') ?? [];
		expect(JSON.stringify(toolResults)).toContain('rejected');
	});
});
