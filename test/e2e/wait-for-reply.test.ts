// start-order: 13
// Send and Wait for Reply in a real n8n (the package installed from its tarball), against the
// emulator on the real clock: the example's two questions answered in one execution, the no-reply
// branch at the limit, two phones waiting at once, and a Chat Trigger of the same account that
// never gets a waited reply as a turn.
import type { IDataObject } from 'n8n-workflow';
import { readExampleWorkflows, withCredential } from '../../scripts/demo/examples';
import { startSandbox, type Sandbox } from '../sandbox';
import { executionError, nodeOutput } from './lib/execution-data';
import { host } from './lib/host';
import type { N8nClient } from './lib/n8n-client';
import type { WorkflowData } from './lib/n8n-types';
import { sharedN8n, type SharedN8n } from './lib/shared-n8n';
import { waitUntilListening } from './lib/webhooks';
import { manualTriggerNode, workflowOf, type NodeSpec } from './lib/workflow-builder';

const TOKEN = 'e2e-wait-for-reply-key-Zq8p';
const NODE_TYPE = 'n8n-nodes-messaging-service.messagingService';
const CHAT_TRIGGER_TYPE = 'n8n-nodes-messaging-service.messagingServiceChatTrigger';
const EXAMPLE = 'examples/delivery-confirmation-wait-for-reply.json';
const ANNA = '375291110001';
const BORIS = '375291110002';
const CHEN = '375291110003';

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

describe('Send and Wait for Reply in a real n8n', () => {
	let sandbox: Sandbox;
	let n8n: SharedN8n;
	let client: N8nClient;
	let credential: { id: string; name: string };

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], clock: 'real', quiet: true });
		({ n8n, client } = await sharedN8n());
		credential = await client.createCredential({
			name: 'Wait for reply: Messaging Service (emulator)',
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
	});

	afterAll(async () => {
		await sandbox?.close();
	});

	/** The questions sent to a phone so far (their texts), oldest first. */
	function questionsTo(phone: string): string[] {
		return sandbox
			.requests()
			.filter(
				(request) =>
					request.token === TOKEN &&
					request.apiMethod === 'sendQuickChatMessage' &&
					request.status === 200 &&
					request.body?.phone === phone,
			)
			.map((request) => String(request.body?.message));
	}

	/** The nth question to a phone once sent: its text and mailing (then the phone's newest). */
	async function nthQuestion(phone: string, n: number): Promise<{ mailing: number; text: string }> {
		const until = Date.now() + 60_000;
		for (;;) {
			const questions = questionsTo(phone);
			if (questions.length >= n)
				return { text: questions[n - 1], mailing: sandbox.newestChatMailings(TOKEN)[phone] };
			if (Date.now() > until) throw new Error(`no question number ${n} to ${phone}`);
			await sleep(250);
		}
	}

	/** The reply IDs the service was told to mark read. */
	const markedRead = () =>
		sandbox
			.requests()
			.filter((request) => request.token === TOKEN && request.apiMethod === 'readResponseStatus')
			.flatMap((request) => String(request.body?.incoming_messages).split(','));

	const write = (mailing: number, phone: string, message: string) =>
		sandbox.injectReply(TOKEN, { message_id: mailing, phone, message });

	function askNode(name: string, extra: IDataObject = {}): NodeSpec {
		return {
			name,
			type: NODE_TYPE,
			typeVersion: 3,
			position: [200, 0],
			parameters: {
				resource: 'chatMessage',
				operation: 'sendAndWaitForReply',
				chatnameId: String(sandbox.account(TOKEN).chatnameIds[0]),
				phone: '={{ $json.phone }}',
				messageType: 'TEXT',
				message: 'Is 3 pm fine?',
				...extra,
				options: {
					quietWindowSeconds: 2,
					limitWaitTime: {
						values: { limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'hours' },
					},
					...(extra.options as IDataObject),
				},
			},
			credentials: { messagingServiceApi: { id: credential.id, name: credential.name } },
		};
	}

	/** Manual Trigger -> a Code node giving the phones -> Ask: started, and returned once it waits. */
	async function startAsking(phones: string[], ask: NodeSpec): Promise<string> {
		const items: NodeSpec = {
			name: 'Phones',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [100, 0],
			parameters: {
				jsCode: `return ${JSON.stringify(phones.map((phone) => ({ json: { phone } })))};`,
			},
		};
		const workflow = await client.createWorkflow(
			workflowOf(`Wait for reply: ${Date.now()}`, [manualTriggerNode(), items, ask]),
		);
		const executionId = await client.startManualRun(workflow.id);
		try {
			await client.waitUntilWaiting(executionId);
		} catch (error) {
			throw new Error(
				`${(error as Error).message}: ${executionError(await client.getExecution(executionId))}`,
			);
		}
		return executionId;
	}

	it('the example: two questions, each answer in the same execution, and the booking has both', async () => {
		const found = readExampleWorkflows(host.repoRoot).find((entry) => entry.file === EXAMPLE);
		const example = withCredential(found!.workflow, credential) as WorkflowData;
		const path = `delivery-confirmation-${Date.now()}`;
		// the demo's chat sender (2001) is this account's first one too; a path of its own
		expect(sandbox.account(TOKEN).chatnameIds[0]).toBe(2001);
		example.nodes = example.nodes.map((node) =>
			node.type === 'n8n-nodes-base.webhook'
				? { ...node, parameters: { ...node.parameters, path } }
				: node,
		);
		const workflow = await client.createWorkflow(example);
		await client.activateWorkflow(workflow.id);
		try {
			// the probe's empty order is refused by Ask for the day (no phone): one failed execution
			await waitUntilListening(`${n8n.baseUrl}/webhook/${path}`);
			const started = await fetch(`${n8n.baseUrl}/webhook/${path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ phone: '+375 29 111-00-01', order: 'A-1042' }),
			});
			expect(started.status).toBe(200);
			const day = await nthQuestion(ANNA, 1);
			expect(day.text).toContain('A-1042');
			write(day.mailing, ANNA, 'Tomorrow');
			const time = await nthQuestion(ANNA, 2);
			expect(time.text).toContain('Morning');
			write(time.mailing, ANNA, 'Afternoon');
			await sleep(500);
			write(time.mailing, ANNA, 'after 14 please');
			const executions = await client.waitForExecutions(workflow.id, 2);
			const newest = executions
				.map((execution) => execution.id)
				.sort((a, b) => Number(b) - Number(a))[0];
			const done = await client.waitForExecution(newest, 120_000);
			expect(executionError(done)).toBeUndefined();
			expect(done.status).toBe('success');
			expect(nodeOutput(done, 'Delivery booked')).toEqual([
				{ phone: ANNA, day: 'Tomorrow', time: 'Afternoon\nafter 14 please' },
			]);
			expect(Object.keys(done.data.resultData.runData)).not.toContain(
				'No answer: call the customer',
			);
		} finally {
			await client.deactivateWorkflow(workflow.id);
		}
	});

	it('no reply within the limit: the execution goes on at the limit with replied false', async () => {
		const executionId = await startAsking(
			[BORIS],
			askNode('Ask', {
				options: {
					limitWaitTime: {
						values: { limitType: 'afterTimeInterval', resumeAmount: 6, resumeUnit: 'seconds' },
					},
				},
			}),
		);
		const done = await client.waitForExecution(executionId, 90_000);
		expect(done.status).toBe('success');
		const [output] = nodeOutput(done, 'Ask') as IDataObject[];
		expect(output).toMatchObject({ replied: false, timedOut: true, phone: BORIS });
		// at the limit (6 s), not at n8n's own timer (two minutes later)
		const waited = new Date(done.stoppedAt!).getTime() - new Date(done.startedAt).getTime();
		expect(waited).toBeLessThan(60_000);
	});

	it('two phones asked at once each get their own reply; a Chat Trigger of the account gets none of them as a turn', async () => {
		const chatbot = await client.createWorkflow(
			workflowOf(`Wait for reply, chat trigger: ${Date.now()}`, [
				{
					name: 'Chat Trigger',
					type: CHAT_TRIGGER_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: { checkEverySeconds: 2, quietWindowSeconds: 2 },
					credentials: { messagingServiceApi: { id: credential.id, name: credential.name } },
				},
				{
					name: 'Turn',
					type: 'n8n-nodes-base.noOp',
					typeVersion: 1,
					position: [200, 0],
					parameters: {},
				},
			]),
		);
		await client.activateWorkflow(chatbot.id);
		try {
			const executionId = await startAsking([CHEN, ANNA], askNode('Ask'));
			const mailings = sandbox.newestChatMailings(TOKEN);
			const written = [
				write(mailings[CHEN], CHEN, 'Yes, 3 pm').id,
				write(mailings[ANNA], ANNA, 'No, 5 pm').id,
			];
			const done = await client.waitForExecution(executionId, 90_000);
			expect(done.status).toBe('success');
			expect(nodeOutput(done, 'Ask')).toEqual([
				expect.objectContaining({ replied: true, phone: CHEN, text: 'Yes, 3 pm' }),
				expect.objectContaining({ replied: true, phone: ANNA, text: 'No, 5 pm' }),
			]);
			// the trigger reads these mailings every few seconds: give it time to misbehave
			await sleep(10_000);
			expect(await client.listExecutions(chatbot.id)).toEqual([]);
			// marked read once the execution took them
			expect(markedRead()).toEqual(expect.arrayContaining(written));
		} finally {
			await client.deactivateWorkflow(chatbot.id);
		}
	});
});
