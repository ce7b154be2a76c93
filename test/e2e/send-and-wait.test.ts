// start-order: 12
// Send and Wait for Response in a real n8n (the package installed from its tarball), against
// the emulator: the message with its signed link, the wait, the page, the answer, the time limit,
// and what n8n itself refuses (a second answer, a changed signature).
import axios, { type AxiosResponse } from 'axios';
import type { INodeParameters } from 'n8n-workflow';
import { readExampleWorkflows, withCredential } from '../../scripts/demo/examples';
import { startSandbox, type LoggedRequest, type Sandbox } from '../sandbox';
import { executionError, nodeOutput } from './lib/execution-data';
import { host } from './lib/host';
import type { N8nClient } from './lib/n8n-client';
import type { NodeTypeSummary } from './lib/n8n-types';
import { sharedN8n, type SharedN8n } from './lib/shared-n8n';
import { manualTriggerNode, workflowOf, type NodeSpec } from './lib/workflow-builder';

const TOKEN = 'e2e-sendwait-key-Qm3v-9z1';
const NODE_TYPE = 'n8n-nodes-messaging-service.messagingService';
const ASK = 'Ask';
const AFTER = 'After the answer';

describe('Send and Wait for Response in a real n8n', () => {
	let sandbox: Sandbox;
	let n8n: SharedN8n;
	let client: N8nClient;
	let credential: { id: string; name: string };

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], clock: 'real', quiet: true });
		({ n8n, client } = await sharedN8n());
		credential = await client.createCredential({
			name: 'Send and wait: Messaging Service (emulator)',
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
	});

	afterAll(async () => {
		await sandbox?.close();
	});

	beforeEach(() => sandbox.clearRequests());

	function askNode(parameters: Record<string, unknown>, id?: string): NodeSpec {
		return {
			...(id ? { id } : {}),
			name: ASK,
			type: NODE_TYPE,
			typeVersion: 1,
			position: [200, 0],
			parameters: parameters as INodeParameters,
			credentials: { messagingServiceApi: { id: credential.id, name: credential.name } },
		};
	}

	function smsAsk(extra: Record<string, unknown> = {}): NodeSpec {
		const account = sandbox.account(TOKEN);
		return askNode({
			resource: 'sms',
			operation: 'sendAndWait',
			phone: '+375 29 123-45-67',
			message: 'Refund 20 EUR to <Ann>?',
			senderNameId: String(account.alphanameIds[0]),
			...extra,
		});
	}

	/** Starts Manual Trigger -> Ask -> a No Op, and returns once the execution waits. */
	async function startWaiting(
		ask: NodeSpec,
	): Promise<{ executionId: string; link: string; request: LoggedRequest }> {
		const after: NodeSpec = {
			name: AFTER,
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [400, 0],
			parameters: {},
		};
		const workflow = await client.createWorkflow(
			workflowOf(`Send and wait: ${Date.now()}`, [manualTriggerNode(), ask, after]),
		);
		const executionId = await client.startManualRun(workflow.id);
		await client.waitUntilWaiting(executionId);
		const sends = sandbox
			.requests()
			.filter((request) => request.token === TOKEN && request.apiMethod?.startsWith('sendQuick'));
		expect(sends).toHaveLength(1);
		return { executionId, link: linkOf(sends[0]), request: sends[0] };
	}

	function linkOf(request: LoggedRequest): string {
		if (request.body?.type_message === 'BUTTON') return String(request.body.button_link);
		const text = String(
			request.apiMethod === 'sendQuickSMS' ? request.query.message : request.body?.message,
		);
		return text.split('\n').at(-1) ?? '';
	}

	const get = async (url: string): Promise<AxiosResponse<string>> =>
		await axios.get<string>(url, {
			validateStatus: () => true,
			responseType: 'text',
			maxRedirects: 0,
		});
	const post = async (url: string, form: Record<string, string>): Promise<AxiosResponse<string>> =>
		await axios.post<string>(url, new URLSearchParams(form).toString(), {
			validateStatus: () => true,
			responseType: 'text',
			maxRedirects: 0,
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
		});

	/** What a browser sends for a form with enctype="multipart/form-data". */
	const postMultipart = async (
		url: string,
		form: Record<string, string>,
	): Promise<AxiosResponse<string>> => {
		const body = new FormData();
		for (const [name, value] of Object.entries(form)) body.append(name, value);
		return await axios.post<string>(url, body, {
			validateStatus: () => true,
			responseType: 'text',
			maxRedirects: 0,
		});
	};

	async function status(executionId: string): Promise<string> {
		return (await client.getExecution(executionId)).status;
	}

	it("offers the operation under its n8n name, with the two waiting webhooks of n8n's own nodes", async () => {
		const types = await client.nodeTypes();
		const node = types.find((type) => type.name === NODE_TYPE) as NodeTypeSummary & {
			webhooks?: Array<Record<string, unknown>>;
		};
		const operations = node.properties.filter((property) => property.name === 'operation');
		const values = operations
			.flatMap((property) => property.options ?? [])
			.map((option) => option.value);
		expect(values.filter((value) => value === 'sendAndWait')).toHaveLength(2);
		expect(node.webhooks).toEqual([
			expect.objectContaining({
				httpMethod: 'GET',
				path: '={{ $nodeId }}',
				restartWebhook: true,
				isFullPath: true,
			}),
			expect.objectContaining({
				httpMethod: 'POST',
				path: '={{ $nodeId }}',
				restartWebhook: true,
				isFullPath: true,
			}),
		]);
	});

	// n8n 2.41's loader (load-nodes-and-credentials.js -> tool-generation/hitl-tools.js
	// createHitlTools) makes a "...HitlTool" type of every loaded node, community packages
	// included, whose operation options hold "sendAndWait" and which declares webhooks.
	it('is offered as a human review step for AI Agent tools (the generated HitlTool type)', async () => {
		const types = await client.nodeTypes();
		const hitl = types.find((type) => type.name === `${NODE_TYPE}HitlTool`) as
			| (NodeTypeSummary & { inputs: unknown; outputs: unknown; subtitle?: string })
			| undefined;
		expect(hitl).toBeDefined();
		expect(hitl?.displayName).toBe('Messaging Service');
		expect(hitl?.inputs).toEqual([
			expect.objectContaining({ type: 'ai_tool', displayName: 'Tool' }),
		]);
		expect(hitl?.outputs).toEqual([
			expect.objectContaining({ type: 'ai_tool', displayName: 'Human review' }),
		]);
		const hidden = Object.fromEntries(
			(hitl?.properties ?? [])
				.filter((property) => ['resource', 'operation', 'responseType'].includes(property.name))
				.map((property) => [property.name, (property as { default?: unknown }).default]),
		);
		expect(hidden).toEqual({ resource: 'sms', operation: 'sendAndWait', responseType: 'approval' });
		expect(hitl?.properties.map((property) => property.name)).toEqual(
			expect.arrayContaining(['message', 'phone', 'approvalOptions']),
		);
	});

	it('SMS, Approve and Decline: waits; the SMS carries the link; GET shows the page and decides nothing; POST Approve finishes it with approved true', async () => {
		const { executionId, link, request } = await startWaiting(
			smsAsk({
				approvalOptions: {
					values: { approvalType: 'double', approveLabel: 'Yes', disapproveLabel: 'No' },
				},
			}),
		);
		expect(String(request.query.message).split('\n')[0]).toBe('Refund 20 EUR to <Ann>?');
		expect(link).toMatch(
			new RegExp(`^${n8n.baseUrl}/webhook-waiting/${executionId}/[^/?]+\\?signature=[0-9a-f]{64}$`),
		);

		// A link preview (or the recipient) opens the page: twice, and the execution still waits.
		for (let i = 0; i < 2; i++) {
			const page = await get(link);
			expect(page.status).toBe(200);
			expect(page.headers['content-type']).toContain('text/html');
			expect(page.data).toContain('Refund 20 EUR to &lt;Ann&gt;?');
			expect(page.data).toContain('>Yes</button>');
			expect(page.data).toContain('>No</button>');
			expect(page.data).not.toContain(TOKEN);
		}
		// Link previews of chat apps (their user agents), and a HEAD request, decide nothing either.
		for (const userAgent of [
			'WhatsApp/2.23.20.0 A',
			'facebookexternalhit/1.1',
			'TelegramBot (like TwitterBot)',
		]) {
			const preview = await axios.get<string>(link, {
				validateStatus: () => true,
				responseType: 'text',
				headers: { 'user-agent': userAgent },
			});
			expect(preview.status).toBe(200);
		}
		await axios.head(link, { validateStatus: () => true });
		expect(await status(executionId)).toBe('waiting');

		const answer = await post(link, { approved: 'true' });
		expect(answer.status).toBe(200);
		expect(answer.data).toContain('your answer was received');
		const execution = await client.waitForExecution(executionId);
		expect(execution.status).toBe('success');
		const [output] = nodeOutput(execution, ASK);
		expect(output).toEqual({ data: { approved: true, respondedAt: expect.any(String) } });
		expect(nodeOutput(execution, AFTER)).toEqual([output]);

		// A second answer is refused: the wait is over and nothing changes.
		const again = await post(link, { approved: 'false' });
		expect(again.status).not.toBe(500);
		expect(again.data).toContain('No action required');
		const page = await get(link);
		expect(page.data).toContain('No action required');
		const after = await client.getExecution(executionId);
		expect(nodeOutput(after, ASK)).toEqual([output]);
	});

	it('Decline gives approved false', async () => {
		const { executionId, link } = await startWaiting(
			smsAsk({ approvalOptions: { values: { approvalType: 'double' } } }),
		);
		await post(link, { approved: 'false' });
		const execution = await client.waitForExecution(executionId);
		expect(nodeOutput(execution, AFTER)).toEqual([
			{ data: { approved: false, respondedAt: expect.any(String) } },
		]);
	});

	it('two answers at the same moment (a double tap): one is taken, the workflow goes on once', async () => {
		const { executionId, link } = await startWaiting(
			smsAsk({ approvalOptions: { values: { approvalType: 'double' } } }),
		);
		const answers = await Promise.all([
			post(link, { approved: 'true' }),
			post(link, { approved: 'false' }),
		]);
		const execution = await client.waitForExecution(executionId);
		expect(execution.status).toBe('success');
		expect(execution.data.resultData.runData[AFTER]).toHaveLength(1);
		const [output] = nodeOutput(execution, AFTER);
		const taken = answers.filter(
			(answer) => answer.status === 200 && answer.data.includes('your answer was received'),
		);
		expect(taken).toHaveLength(1);
		const other = answers.find((answer) => answer !== taken[0]);
		expect(other?.data).not.toContain('your answer was received');
		// n8n resumes an execution once; the other answer gets its error (500, "There was a problem executing the
		// workflow"), or, when it came after the resumed execution had ended (a busy machine), the "No action required" page
		const refused =
			(other?.status ?? 0) >= 400 || String(other?.data).includes('No action required');
		expect({ status: other?.status, refused }).toEqual({ status: other?.status, refused: true });
		expect(taken[0] === answers[0] ? true : false).toBe(
			(output.data as { approved: boolean }).approved,
		);
	});

	it('a changed signature, or a changed link, is refused and nothing resumes', async () => {
		const { executionId, link } = await startWaiting(smsAsk());
		const url = new URL(link);
		const signature = url.searchParams.get('signature')!;
		url.searchParams.set(
			'signature',
			`${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
		);
		const forged = url.toString();
		const withQuery = `${link}&approved=true`;

		for (const bad of [forged, withQuery]) {
			expect((await get(bad)).status).toBe(401);
			const refused = await post(bad, { approved: 'true' });
			expect(refused.status).toBe(401);
			expect(refused.data).toMatch(/invalid/i);
		}
		const withoutSignature = link.split('?')[0];
		expect((await post(withoutSignature, { approved: 'true' })).status).toBe(401);
		expect(await status(executionId)).toBe('waiting');

		// The real link still works afterwards.
		await post(link, { approved: 'true' });
		expect((await client.waitForExecution(executionId)).status).toBe('success');
	});

	it('chat BUTTON, Free Text: the button opens the page; the typed text is the output', async () => {
		const account = sandbox.account(TOKEN);
		const ask = askNode(
			{
				resource: 'chatMessage',
				operation: 'sendAndWait',
				chatnameId: String(account.chatnameIds[0]),
				phone: '375291234567',
				messageType: 'BUTTON',
				message: 'Which delivery day suits you?',
				buttonCaption: 'Choose a day',
				responseType: 'freeText',
				options: { responseFormTitle: 'Delivery' },
			},
			// n8n's links carry the node id: a short one keeps the link within the 150 characters of a button.
			'ask-day',
		);
		const { executionId, link, request } = await startWaiting(ask);
		expect(request.body).toMatchObject({ type_message: 'BUTTON', button: 'Choose a day' });
		expect(link.length).toBeLessThanOrEqual(150);

		const page = await get(link);
		expect(page.data).toContain('<h1>Delivery</h1>');
		expect(page.data).toContain('Which delivery day suits you?');
		expect(page.data).toContain('<textarea');

		expect((await post(link, { text: '' })).status).toBe(400);
		expect(await status(executionId)).toBe('waiting');

		await post(link, { text: 'Friday after 5 pm, please' });
		const execution = await client.waitForExecution(executionId);
		expect(nodeOutput(execution, AFTER)).toEqual([
			{ data: { text: 'Friday after 5 pm, please', respondedAt: expect.any(String) } },
		]);
	});

	it('SMS, Custom Form: the page has the fields; the answers come out by label', async () => {
		const formFields = {
			values: [
				{
					fieldLabel: 'Day',
					fieldType: 'dropdown',
					choices: 'Monday, Friday',
					requiredField: true,
				},
				{ fieldLabel: 'Boxes', fieldType: 'number' },
			],
		};
		const { executionId, link } = await startWaiting(
			smsAsk({ responseType: 'customForm', formFields }),
		);
		const page = await get(link);
		expect(page.data).toContain('<form method="post" enctype="multipart/form-data">');
		expect(page.data).toContain('<option>Friday</option>');
		expect((await postMultipart(link, { 'field-1': '2' })).status).toBe(400);
		expect(await status(executionId)).toBe('waiting');
		await postMultipart(link, { 'field-0': 'Friday', 'field-1': '2' });
		const execution = await client.waitForExecution(executionId);
		expect(nodeOutput(execution, AFTER)).toEqual([
			{ data: { Day: 'Friday', Boxes: 2, respondedAt: expect.any(String) } },
		]);
	});

	it('Limit Wait Time runs out: the execution goes on with the timed-out item', async () => {
		const { executionId, link } = await startWaiting(
			smsAsk({
				options: {
					limitWaitTime: {
						values: { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'seconds' },
					},
				},
			}),
		);
		// n8n looks for executions whose time is up once a minute.
		const execution = await client.waitForExecution(executionId, 150000);
		expect(execution.status).toBe('success');
		expect(nodeOutput(execution, AFTER)).toEqual([
			{
				data: { timedOut: true, approved: false, waitedUntil: expect.any(String) },
				question: 'Refund 20 EUR to <Ann>?',
			},
		]);
		// The link is over too.
		expect((await post(link, { approved: 'true' })).data).toContain('No action required');
	});

	describe('the example: approval from a phone before a batch send (examples/approval-before-batch-send.json)', () => {
		async function runExampleUntilAsked(): Promise<{ executionId: string; link: string }> {
			const found = readExampleWorkflows(host.repoRoot).find((entry) =>
				entry.file.endsWith('approval-before-batch-send.json'),
			);
			const example = withCredential(found!.workflow, credential);
			const workflow = await client.createWorkflow({
				...example,
				name: `${example.name} (send-and-wait e2e)`,
			});
			const executionId = await client.startManualRun(workflow.id);
			await client.waitUntilWaiting(executionId);
			const asks = sandbox
				.requests()
				.filter((request) => request.apiMethod === 'sendQuickChatMessage');
			expect(asks).toHaveLength(1);
			expect(asks[0].body).toMatchObject({
				type_message: 'BUTTON',
				button: 'Review the spring sale mailing',
				phone: '375297000001',
			});
			expect(sandbox.requests().filter((request) => request.apiMethod === 'sendBulkSms')).toEqual(
				[],
			);
			return { executionId, link: linkOf(asks[0]) };
		}

		it('the manager approves on the phone: the batch goes out to the three contacts', async () => {
			const { executionId, link } = await runExampleUntilAsked();
			const page = await get(link);
			expect(page.data).toContain('Send the spring sale SMS to 3 contacts (Anna, Boris, Chen)?');
			expect(page.data).toContain('>Send it</button>');
			expect(page.data).toContain('>Don&#39;t send</button>');

			await post(link, { approved: 'true' });
			const execution = await client.waitForExecution(executionId);
			expect({ status: execution.status, error: executionError(execution) }).toEqual({
				status: 'success',
				error: undefined,
			});
			expect(nodeOutput(execution, 'Send SMS batch')).toEqual([
				expect.objectContaining({ recipients: 3 }),
			]);
			expect(execution.data.resultData.runData['Nothing sent']).toBeUndefined();
			const [batch] = sandbox.requests().filter((request) => request.apiMethod === 'sendBulkSms');
			const messages = (
				batch.body as { messages: Array<{ delivery_list: Array<{ phone: string }> }> }
			).messages;
			expect(messages[0].delivery_list.map((entry) => entry.phone)).toEqual([
				'375291234567',
				'375291234568',
				'375291234569',
			]);
		});

		it('the manager declines: nothing is sent', async () => {
			const { executionId, link } = await runExampleUntilAsked();
			await post(link, { approved: 'false' });
			const execution = await client.waitForExecution(executionId);
			expect(execution.status).toBe('success');
			expect(nodeOutput(execution, 'Nothing sent')).toEqual([
				{ data: { approved: false, respondedAt: expect.any(String) } },
			]);
			expect(execution.data.resultData.runData['Send SMS batch']).toBeUndefined();
			expect(sandbox.requests().filter((request) => request.apiMethod === 'sendBulkSms')).toEqual(
				[],
			);
		});
	});

	it('the API key is in no page, no execution and no log line', async () => {
		const { executionId, link } = await startWaiting(smsAsk());
		const page = await get(link);
		const answer = await post(link, { approved: 'true' });
		await client.waitForExecution(executionId);
		expect(page.data).not.toContain(TOKEN);
		expect(answer.data).not.toContain(TOKEN);
		expect(link).not.toContain(TOKEN);
		expect(await client.executionAsText(executionId)).not.toContain(TOKEN);
		expect(n8n.output()).not.toContain(TOKEN);
	});
});
