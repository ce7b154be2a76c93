// start-order: 5
// The package in n8n's queue mode, for real: Redis and PostgreSQL (installed from Debian's packages
// when missing, started as plain processes), n8n main and two workers, the package installed from
// its npm tarball. Which worker ran an execution is read from the workers' own logs. All of it runs
// with n8n 3.0's settings (lib/n8n3-settings.ts): binary data on the filesystem, a 60 s task
// runner timeout, SSRF protection on with the emulator's address allowed, manual runs on workers.
import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';
import { startSandbox, type Sandbox } from '../sandbox';
import { executionError, nodeOutput } from './lib/execution-data';
import { N8nClient } from './lib/n8n-client';
import { n8nLogFolder } from './lib/n8n-logs';
import type { ExecutionDetails } from './lib/n8n-types';
import {
	binaryImageWorkflow,
	checkCodeWorkflow,
	N8N_3_SETTINGS,
	PNG,
	PNG_SHA256,
	sendCodeWorkflow,
	smsSendWorkflow,
} from './lib/n8n3-settings';
import { startQueueModeN8n, type QueueModeN8n } from './lib/queue-mode/queue-n8n';
import {
	atOnce,
	codesSentTo,
	post,
	signUpExample,
	tally,
	wrongCode,
} from './lib/verification-attack';
import { chatSendsWorkflow } from './lib/chat-sends';
import { waitUntilListening } from './lib/webhooks';
import { manualTriggerNode, workflowOf, type NodeSpec } from './lib/workflow-builder';
import { withCredential } from '../../scripts/demo/examples';

const PACKAGE = 'n8n-nodes-messaging-service';
const TOKEN = 'queue-mode-token';
const OWNER = {
	email: 'owner@example.com',
	password: 'Queue-mode-test-1',
	firstName: 'Owner',
	lastName: 'Test',
};

async function waitFor(
	condition: () => boolean | Promise<boolean>,
	timeoutMs: number,
	what: string | (() => string),
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await condition())) {
		if (Date.now() > deadline)
			throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

describe('the package in n8n queue mode (main + 2 workers, Redis, PostgreSQL)', () => {
	let sandbox: Sandbox;
	let n8n: QueueModeN8n;
	let client: N8nClient;
	let credential: { id: string; name: string };

	const login = async () => {
		client = new N8nClient(n8n.baseUrl);
		await client.login(OWNER.email, OWNER.password);
	};

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], quiet: true, clock: 'real' });
		n8n = await startQueueModeN8n({
			workers: 2,
			env: N8N_3_SETTINGS,
			logDir: n8nLogFolder('queue-mode'),
		});
		client = new N8nClient(n8n.baseUrl);
		await client.setupOwnerAndLogin(OWNER);
		credential = await client.createCredential({
			name: 'Messaging Service (emulator)',
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
	}, 600000);

	afterAll(async () => {
		await n8n?.stop();
		await sandbox?.close();
	});

	beforeEach(() => {
		sandbox.reset();
		sandbox.clearRequests();
	});

	function perItemSendWorkflow(name: string, firstPhone: number, items: number) {
		const makeRecipients: NodeSpec = {
			name: 'Make Recipients',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [220, 0],
			parameters: {
				mode: 'runOnceForAllItems',
				language: 'javaScript',
				jsCode: `return Array.from({ length: ${items} }, (_, i) => ({ json: { phone: String(${firstPhone} + i), text: ${JSON.stringify(name)} + ' #' + i } }));`,
			},
		};
		const send: NodeSpec = {
			name: 'Send SMS',
			type: `${PACKAGE}.messagingService`,
			typeVersion: 1,
			position: [440, 0],
			parameters: {
				resource: 'sms',
				operation: 'send',
				phone: '={{ $json.phone }}',
				messageFrom: 'text',
				message: '={{ $json.text }}',
				senderNameId: String(sandbox.account(TOKEN).alphanameIds[0]),
				options: {},
			},
			credentials: { messagingServiceApi: { id: credential.id, name: credential.name } },
		};
		return workflowOf(name, [manualTriggerNode(), makeRecipients, send]);
	}

	it('per-item sends of four executions started at once run on both workers: each message sent once, outputs paired', async () => {
		sandbox.setFaults({ latencyMs: 20 });
		const runs = 4;
		const items = 100;
		const workflows = await Promise.all(
			Array.from({ length: runs }, (_, run) =>
				client.createWorkflow(
					perItemSendWorkflow(`Queue run ${run}`, 375290000000 + run * 1000, items),
				),
			),
		);
		const executionIds = await Promise.all(
			workflows.map((workflow) => client.startManualRun(workflow.id)),
		);
		const executions: ExecutionDetails[] = [];
		for (const id of executionIds) executions.push(await client.waitForExecution(id, 240000));

		for (const execution of executions) {
			expect({ status: execution.status, error: executionError(execution, 'Send SMS') }).toEqual({
				status: 'success',
				error: undefined,
			});
			const outputs = nodeOutput(execution, 'Send SMS');
			expect(outputs).toHaveLength(items);
			expect(outputs.every((output) => typeof output.sms_id === 'number')).toBe(true);
			const paired = execution.data.resultData.runData['Send SMS'][0].data?.main?.[0]?.map(
				(item) => item.pairedItem,
			);
			expect(paired).toEqual(Array.from({ length: items }, (_, index) => ({ item: index })));
		}
		const ranOn = executionIds.map((id) => n8n.workerOf(id));
		expect(ranOn.every((worker) => worker !== undefined)).toBe(true);
		expect(new Set(ranOn)).toEqual(new Set([0, 1]));

		const counters = sandbox.counters();
		expect(counters.messagesSent).toBe(runs * items);
		expect(counters.duplicates).toBe(0);
		expect(counters.byStatus).toEqual({ '200': runs * items });
	});

	it('Send and Wait: a worker sends once and the execution waits; GET decides nothing; a double Approve resumes it once, on a worker; a time limit runs out through the queue', async () => {
		const ask = (name: string, extra: Record<string, unknown>) =>
			workflowOf(name, [
				manualTriggerNode(),
				{
					name: 'Ask',
					type: `${PACKAGE}.messagingService`,
					typeVersion: 1,
					position: [220, 0],
					parameters: {
						resource: 'sms',
						operation: 'sendAndWait',
						phone: '375291234567',
						message: name,
						senderNameId: String(sandbox.account(TOKEN).alphanameIds[0]),
						...extra,
					},
					credentials: { messagingServiceApi: { id: credential.id, name: credential.name } },
				},
				{
					name: 'After',
					type: 'n8n-nodes-base.noOp',
					typeVersion: 1,
					position: [440, 0],
					parameters: {},
				},
			]);
		const sendsOf = (question: string) =>
			sandbox
				.requests()
				.filter(
					(request) =>
						request.apiMethod === 'sendQuickSMS' &&
						String(request.query.message).startsWith(`${question}\n`),
				);
		const post = async (url: string, form: Record<string, string>) =>
			await axios.post<string>(url, new URLSearchParams(form).toString(), {
				validateStatus: () => true,
				responseType: 'text',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
			});

		// The timed one first: main's wait tracker looks for waits that end once a minute.
		const timed = await client.createWorkflow(
			ask('Timed question', {
				options: {
					limitWaitTime: {
						values: { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'seconds' },
					},
				},
			}),
		);
		const approval = await client.createWorkflow(
			ask('Refund 20 EUR?', { approvalOptions: { values: { approvalType: 'double' } } }),
		);
		const timedId = await client.startManualRun(timed.id);
		const approvalId = await client.startManualRun(approval.id);
		await client.waitUntilWaiting(approvalId, 120000);
		expect(n8n.workerOf(approvalId)).toBeDefined();
		// waiting in the database itself, with no end (n8n writes a far-future waitTill for a wait without a limit)
		expect(n8n.storedExecution(approvalId)).toEqual({
			status: 'waiting',
			waitTill: expect.stringMatching(/^3000-/),
		});
		expect(sendsOf('Refund 20 EUR?')).toHaveLength(1);
		const link = String(sendsOf('Refund 20 EUR?')[0].query.message).split('\n').at(-1) ?? '';
		expect(link).toMatch(
			new RegExp(`^${n8n.baseUrl}/webhook-waiting/${approvalId}/[^/?]+\\?signature=[0-9a-f]{64}$`),
		);

		const page = await axios.get<string>(link, {
			validateStatus: () => true,
			responseType: 'text',
		});
		expect(page.status).toBe(200);
		expect(page.data).toContain('Refund 20 EUR?');
		expect((await client.getExecution(approvalId)).status).toBe('waiting');
		expect(n8n.storedExecution(approvalId).status).toBe('waiting');

		const answers = await Promise.all([
			post(link, { approved: 'true' }),
			post(link, { approved: 'true' }),
		]);
		const execution = await client.waitForExecution(approvalId, 120000);
		expect({ status: execution.status, error: executionError(execution) }).toEqual({
			status: 'success',
			error: undefined,
		});
		expect(execution.data.resultData.runData.After).toHaveLength(1);
		expect(nodeOutput(execution, 'After')).toEqual([
			{ data: { approved: true, respondedAt: expect.any(String) } },
		]);
		expect(
			answers.filter(
				(answer) => answer.status === 200 && answer.data.includes('your answer was received'),
			),
		).toHaveLength(1);
		// started on a worker, resumed on a worker: two starts logged, and the message was not sent again
		expect(n8n.workerRunsOf(approvalId)).toBe(2);
		expect(sendsOf('Refund 20 EUR?')).toHaveLength(1);
		expect(n8n.storedExecution(approvalId)).toEqual({ status: 'success', waitTill: '' });

		const timedOut = await client.waitForExecution(timedId, 150000);
		expect({ status: timedOut.status, error: executionError(timedOut) }).toEqual({
			status: 'success',
			error: undefined,
		});
		expect(nodeOutput(timedOut, 'After')).toEqual([
			{
				data: { timedOut: true, approved: false, waitedUntil: expect.any(String) },
				question: 'Timed question',
			},
		]);
		expect(timedOut.data.resultData.runData.After).toHaveLength(1);
		expect(n8n.workerRunsOf(timedId)).toBe(2);
		expect(sendsOf('Timed question')).toHaveLength(1);
		// an answer after the limit changes nothing
		const late = await post(
			String(sendsOf('Timed question')[0].query.message).split('\n').at(-1) ?? '',
			{ approved: 'true' },
		);
		expect(late.data).toContain('No action required');
		expect(n8n.workerRunsOf(timedId)).toBe(2);
	});

	it("Send and Wait for Reply: the question asked on a worker, whose reply desk resumes the execution through main's waiting webhook with the customer's reply", async () => {
		const phone = '375291230077';
		const workflow = await client.createWorkflow(
			workflowOf('Queue: wait for reply', [
				manualTriggerNode(),
				{
					name: 'Ask',
					type: `${PACKAGE}.messagingService`,
					typeVersion: 3,
					position: [220, 0],
					parameters: {
						resource: 'chatMessage',
						operation: 'sendAndWaitForReply',
						chatnameId: String(sandbox.account(TOKEN).chatnameIds[0]),
						phone,
						messageType: 'TEXT',
						message: 'Is 3 pm fine?',
						options: {
							quietWindowSeconds: 2,
							limitWaitTime: {
								values: { limitType: 'afterTimeInterval', resumeAmount: 10, resumeUnit: 'minutes' },
							},
						},
					},
					credentials: { messagingServiceApi: { id: credential.id, name: credential.name } },
				},
				{
					name: 'After',
					type: 'n8n-nodes-base.noOp',
					typeVersion: 1,
					position: [440, 0],
					parameters: {},
				},
			]),
		);
		const executionId = await client.startManualRun(workflow.id);
		await client.waitUntilWaiting(executionId, 120000);
		expect(n8n.workerOf(executionId)).toBeDefined();
		const mailing = sandbox.newestChatMailings(TOKEN)[phone];
		const reply = sandbox.injectReply(TOKEN, { message_id: mailing, phone, message: 'Yes, 3 pm' });
		const done = await client.waitForExecution(executionId, 120000);
		expect(executionError(done)).toBeUndefined();
		expect(nodeOutput(done, 'Ask')).toEqual([
			expect.objectContaining({
				replied: true,
				phone,
				text: 'Yes, 3 pm',
				mailing: String(mailing),
			}),
		]);
		await waitFor(
			() =>
				sandbox
					.requests()
					.some(
						(request) =>
							request.apiMethod === 'readResponseStatus' &&
							String(request.body?.incoming_messages).split(',').includes(reply.id),
					),
			30000,
			'the reply marked read',
		);
	});

	it('the reply trigger polls in main, its executions run on the workers, and each reply starts one execution, across a restart of main', async () => {
		const phone = '375291234570';
		const mailing = await axios.post(
			`${sandbox.url}/api/v2/sendQuickChatMessage`,
			new URLSearchParams({
				token: TOKEN,
				chatname_id: String(sandbox.account(TOKEN).chatnameIds[0]),
				phone,
				message: 'How did we do?',
			}),
		);
		const mailingId = Number(
			(mailing.data as { result: { message_id: number } }).result.message_id,
		);
		const polledMailing = () =>
			sandbox
				.requests()
				.filter(
					(request) =>
						request.apiMethod === 'getNewIncomingMessages' &&
						request.body?.message_id === String(mailingId),
				).length;
		const injectReply = (message: string) =>
			sandbox.injectReply(TOKEN, { message_id: mailingId, phone, message }).id;

		const workflow = await client.createWorkflow(
			workflowOf('Replies in queue mode', [
				{
					name: 'New Reply',
					type: `${PACKAGE}.messagingServiceTrigger`,
					typeVersion: 1,
					position: [0, 0],
					// marking read is off: only the trigger's own memory (static data, in PostgreSQL) keeps a reply from coming twice
					parameters: {
						pollTimes: { item: [{ mode: 'everyMinute' }] },
						watch: 'recentMailings',
						markAsRead: false,
					},
					credentials: { messagingServiceApi: { id: credential.id, name: credential.name } },
				},
				{
					name: 'Received',
					type: 'n8n-nodes-base.noOp',
					typeVersion: 1,
					position: [220, 0],
					parameters: {},
				},
			]),
		);
		await client.activateWorkflow(workflow.id);
		try {
			// the poll at activation records the mailing; a reply after it is new
			await waitFor(() => polledMailing() >= 1, 90000, 'the first poll');
			const first = injectReply('Great service');
			const [started] = await client.waitForExecutions(workflow.id, 1, 150000);
			const firstExecution = await client.waitForExecution(started.id, 120000);
			expect(firstExecution.status).toBe('success');
			expect(nodeOutput(firstExecution, 'Received').map((reply) => reply.id)).toEqual([first]);
			expect(n8n.workerOf(started.id)).toBeDefined();

			// main goes down and comes back with the workflow active; a reply arrives once its trigger
			// polled (one that came before would be flagged: the stopped main may have emitted it)
			const pollsBeforeRestart = polledMailing();
			await n8n.restartMain();
			await login();
			await waitFor(
				() => polledMailing() > pollsBeforeRestart,
				150000,
				'the first poll after the restart',
			);
			const second = injectReply('Still great');
			const polls = polledMailing();
			// the first reply may come again, flagged, before it: wait for the execution of this one
			const carried = async (id: string) => {
				for (const summary of await client.listExecutions(workflow.id)) {
					const execution = await client.waitForExecution(summary.id, 120000);
					if (nodeOutput(execution, 'Received').some((reply) => reply.id === id)) return true;
				}
				return false;
			};
			await waitFor(async () => await carried(second), 240000, 'the execution of the second reply');
			// one more scheduled poll after that must start nothing: the first reply is not sent again
			const afterSecond = polledMailing();
			await waitFor(() => polledMailing() > afterSecond, 150000, 'one more poll');
			expect(polledMailing()).toBeGreaterThan(polls);

			const executions = await client.listExecutions(workflow.id);
			const details = await Promise.all(
				executions.map((execution) => client.waitForExecution(execution.id, 120000)),
			);
			const received = details.flatMap((execution) => nodeOutput(execution, 'Received'));
			// with Mark as Read off nothing tells the service; the first reply's finished execution is known
			// to main's memory only until the next emit saves it, so after the restart it may come once more,
			// flagged (docs/guarantees.md), never unflagged
			expect(
				received
					.filter((reply) => reply.redelivered !== true)
					.map((reply) => reply.id)
					.sort(),
			).toEqual([first, second].sort());
			for (const reply of received.filter((item) => item.redelivered === true))
				expect(reply.id).toBe(first);
			for (const execution of details) {
				expect(execution.mode).toBe('trigger');
				expect(n8n.workerOf(execution.id)).toBeDefined();
			}
		} finally {
			await client.deactivateWorkflow(workflow.id);
		}
	});

	it('the chat trigger checks in main every few seconds, each turn runs on a worker, and a burst cut by a restart of main is answered once', async () => {
		const phone = '375291234571';
		const mailing = await axios.post(
			`${sandbox.url}/api/v2/sendQuickChatMessage`,
			new URLSearchParams({
				token: TOKEN,
				chatname_id: String(sandbox.account(TOKEN).chatnameIds[0]),
				phone,
				message: 'Need help?',
			}),
		);
		const mailingId = Number(
			(mailing.data as { result: { message_id: number } }).result.message_id,
		);
		const say = (message: string) =>
			sandbox.injectReply(TOKEN, { message_id: mailingId, phone, message }).id;
		const workflow = await client.createWorkflow(
			workflowOf('Chat turns in queue mode', [
				{
					name: 'Chat Turn',
					type: `${PACKAGE}.messagingServiceChatTrigger`,
					typeVersion: 1,
					position: [0, 0],
					parameters: { days: 7, checkEverySeconds: 2, quietWindowSeconds: 3 },
					credentials: { messagingServiceApi: { id: credential.id, name: credential.name } },
				},
				{
					name: 'Received',
					type: 'n8n-nodes-base.noOp',
					typeVersion: 1,
					position: [220, 0],
					parameters: {},
				},
			]),
		);
		await client.activateWorkflow(workflow.id);
		try {
			const sent = [say('hi')];
			await new Promise((resolve) => setTimeout(resolve, 1000));
			sent.push(say('I need help'));
			const [first] = await client.waitForExecutions(workflow.id, 1, 120000);
			const firstExecution = await client.waitForExecution(first.id, 120000);
			expect(nodeOutput(firstExecution, 'Received').map((turn) => turn.chatInput)).toEqual([
				'hi\nI need help',
			]);
			expect(n8n.workerOf(first.id)).toBeDefined();

			// the customer starts a turn, main goes down before it ends, the customer goes on
			sent.push(say('with my'));
			await n8n.restartMain();
			await login();
			sent.push(say('booking'));
			await client.waitForExecutions(workflow.id, 2, 240000);
			// a while longer: nothing more may start
			await new Promise((resolve) => setTimeout(resolve, 15000));
			const executions = await client.listExecutions(workflow.id);
			const details = await Promise.all(
				executions.map((execution) => client.waitForExecution(execution.id, 120000)),
			);
			const answered = details.flatMap((execution) =>
				nodeOutput(execution, 'Received').flatMap((turn) =>
					(turn.replies as Array<{ id: string }>).map((reply) => reply.id),
				),
			);
			expect(answered.sort()).toEqual([...sent].sort());
			for (const execution of details) expect(n8n.workerOf(execution.id)).toBeDefined();
			const unread = await axios.post(
				`${sandbox.url}/api/v2/getNewIncomingMessages`,
				new URLSearchParams({ token: TOKEN, message_id: String(mailingId) }),
			);
			expect((unread.data as { result: unknown[] }).result).toEqual([]);
		} finally {
			await client.deactivateWorkflow(workflow.id);
		}
	});

	it('the Delivery Trigger (Recent Mailings) reads in main what a worker sent: each status once', async () => {
		const reader = '375291234605';
		const neverReached = '375291234606';
		sandbox.setUnreachable(TOKEN, neverReached, 'chat');
		const trigger = await client.createWorkflow(
			withCredential(
				workflowOf('queue mode: delivery statuses', [
					{
						name: 'Delivery Trigger',
						type: `${PACKAGE}.messagingServiceDeliveryTrigger`,
						typeVersion: 1,
						position: [0, 0],
						parameters: {
							pollTimes: { item: [{ mode: 'everyMinute' }] },
							watch: 'recentMailings',
							channels: ['chat'],
							events: ['read', 'timedOut'],
							timeLimit: 2,
							options: {},
						},
					},
				]),
				credential,
			),
		);
		const sender = await client.createWorkflow(
			chatSendsWorkflow(
				'queue mode: two chat messages',
				[reader, neverReached],
				String(sandbox.account(TOKEN).chatnameIds[0]),
				credential,
			),
		);
		// its first poll notes where the service's list stands: what is sent after it is watched. n8n runs
		// that poll at the activation, or, right after a restart of main (the test before), only once main
		// leads: the send waits for it
		await client.activateWorkflow(trigger.id);
		try {
			await waitFor(
				() => sandbox.requests().some((request) => request.apiMethod === 'getChatMessages'),
				120000,
				"the trigger's first poll",
			);
			const sentAt = Date.now();
			expect((await client.runManually(sender.id)).status).toBe('success');
			const seenAt = new Map<string, number>();
			const events = async () => {
				const found: string[] = [];
				for (const summary of await client.listExecutions(trigger.id)) {
					const execution = await client.waitForExecution(summary.id);
					expect(execution.status).toBe('success');
					for (const item of nodeOutput(execution, 'Delivery Trigger') as IDataObject[]) {
						const event = `${String(item.event)} ${String(item.phone)}`;
						found.push(event);
						if (!seenAt.has(event)) seenAt.set(event, Math.round((Date.now() - sentAt) / 1000));
					}
				}
				return found.sort();
			};
			// found by the poll after the send, read 60 s after it, timed out 2 minutes after it was found:
			// four polls a minute apart at most, a poll more if one comes a little early
			await waitFor(
				async () => (await events()).length >= 2,
				420000,
				() => `the two statuses (seen, s after the send: ${JSON.stringify([...seenAt])})`,
			);
			// a poll later, still each once
			await new Promise((resolve) => setTimeout(resolve, 70000));
			expect(await events()).toEqual([`read ${reader}`, `timedOut ${neverReached}`]);
			process.stdout.write(
				`Delivery Trigger in queue mode, s after the send: ${JSON.stringify([...seenAt])}\n`,
			);
		} finally {
			await client.deactivateWorkflow(trigger.id);
		}
	}, 720000);

	it("3.0's settings: Verification Code > Send run from the editor on a worker, then > Check in executions of their own: a wrong code refused, the right one taken once per worker", async () => {
		const phone = '375291234590';
		const send = await client.runManually(
			(await client.createWorkflow(sendCodeWorkflow(credential, phone))).id,
		);
		expect({ status: send.status, error: executionError(send) }).toEqual({
			status: 'success',
			error: undefined,
		});
		expect(n8n.workerOf(send.id)).toBeDefined();
		const [sent] = nodeOutput(send, 'Send Code');
		const [code] = codesSentTo(sandbox, phone);
		expect(typeof sent.token).toBe('string');
		expect(JSON.stringify(sent)).not.toContain(code);

		// one Check workflow, its Entered Code typed anew before each run: attempts and use are counted per workflow
		const checker = await client.createWorkflow(
			checkCodeWorkflow(credential, String(sent.token), ''),
		);
		const check = async (entered: string) => {
			await client.saveWorkflow(
				checker.id,
				checkCodeWorkflow(credential, String(sent.token), entered).nodes,
			);
			const execution = await client.runManually(checker.id);
			const [result] = nodeOutput(execution, 'Check Code');
			return { valid: result.valid, status: result.status, worker: n8n.workerOf(execution.id) };
		};
		expect(await check(wrongCode(code))).toEqual({
			valid: false,
			status: 'wrongCode',
			worker: expect.any(Number),
		});
		// A manual run saves no static data (docs/verification-codes.md): each worker counts in its own
		// memory, so the code is taken once per worker that checks it, and refused there afterwards.
		const rights = [];
		for (let run = 0; run < 4; run++) rights.push(await check(code));
		const workersSeen = new Set<number | undefined>();
		for (const right of rights) {
			expect(right.worker).toBeDefined();
			expect(right).toEqual(
				workersSeen.has(right.worker)
					? { valid: false, status: 'alreadyUsed', worker: right.worker }
					: { valid: true, status: 'valid', worker: right.worker },
			);
			workersSeen.add(right.worker);
		}
	});

	it("3.0's settings: Chat Message > Send reads its image from binary data on the filesystem, and Send Batch sends the same items, on a worker", async () => {
		const phones = ['375291234591', '375291234592'];
		const workflow = await client.createWorkflow(
			binaryImageWorkflow(sandbox, TOKEN, credential, phones),
		);
		const execution = await client.runManually(workflow.id);
		expect({ status: execution.status, error: executionError(execution) }).toEqual({
			status: 'success',
			error: undefined,
		});
		expect(n8n.workerOf(execution.id)).toBeDefined();
		// stored by the mode set, not held in memory (nor in PostgreSQL, queue mode's default)
		const stored = execution.data.resultData.runData['To File'][0].data?.main?.[0]?.map(
			(item) => item.binary?.photo?.id,
		);
		expect(stored).toEqual([
			expect.stringMatching(/^filesystem/),
			expect.stringMatching(/^filesystem/),
		]);
		const uploads = sandbox
			.requests()
			.filter((request) => request.apiMethod === 'sendQuickChatMessage');
		expect(
			uploads.map((request) =>
				request.files.map((file) => ({
					sha256: file.sha256,
					size: file.size,
					type: file.contentType,
				})),
			),
		).toEqual(phones.map(() => [{ sha256: PNG_SHA256, size: PNG.length, type: 'image/png' }]));
		expect(nodeOutput(execution, 'Send Image')).toHaveLength(2);
		expect(
			sandbox.requests().filter((request) => request.apiMethod === 'sendBulkChat'),
		).toHaveLength(1);
		expect(nodeOutput(execution, 'Send Batch').length).toBeGreaterThan(0);
	});

	it("3.0's settings: SSRF protection lets the allowed emulator through (every test here) and blocks another loopback address, naming what to set", async () => {
		const blockedUrl = sandbox.url.replace('127.0.0.1', '127.0.0.2');
		const blocked = await client.createCredential({
			name: 'Messaging Service (blocked address)',
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: blockedUrl, allowUnencryptedHttp: true },
		});
		const execution = await client.runManually(
			(await client.createWorkflow(smsSendWorkflow(sandbox, TOKEN, blocked))).id,
		);
		expect(execution.status).toBe('error');
		expect(n8n.workerOf(execution.id)).toBeDefined();
		const error = executionError(execution, 'Send SMS');
		expect(error).toContain("n8n's SSRF protection blocked the request to 127.0.0.2");
		expect(error).toContain('N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.2/32');
		expect(error).not.toContain(TOKEN);
		expect(sandbox.requests()).toEqual([]);
	});

	it('verification codes under attack, as two workers count them: at most 2 x 5 wrong codes, 2 valid, 2 codes a phone', async () => {
		const WORKERS = 2;
		const shipped = await client.createWorkflow(withCredential(signUpExample(), credential));
		await client.activateWorkflow(shipped.id);
		try {
			const url = (path: string) => `${n8n.baseUrl}/webhook/${path}`;
			for (const path of ['verification-code/start', 'verification-code/verify'])
				await waitUntilListening(url(path));
			const start = async (path: string, phone: string) =>
				await post(url(`${path}/start`), { phone });
			const verifyAll = async (
				path: string,
				token: IDataObject[string],
				codes: string[],
				inFlight: number,
			) =>
				await atOnce(
					codes,
					inFlight,
					async (code) => await post(url(`${path}/verify`), { token, code }),
				);

			const wrong = await start('verification-code', '375291234580');
			const [code] = codesSentTo(sandbox, '375291234580');
			const wrongAnswers = tally(
				await verifyAll(
					'verification-code',
					wrong.token,
					Array<string>(100).fill(wrongCode(code)),
					100,
				),
			);
			expect(wrongAnswers.wrongCode).toBeGreaterThanOrEqual(5);
			expect(wrongAnswers.wrongCode).toBeLessThanOrEqual(WORKERS * 5);
			expect(wrongAnswers.wrongCode + wrongAnswers.tooManyAttempts).toBe(100);
			expect(
				await post(url('verification-code/verify'), { token: wrong.token, code }),
			).toMatchObject({ status: 'tooManyAttempts' });
			const workers = new Set(
				(await client.listExecutions(shipped.id)).map((execution) => n8n.workerOf(execution.id)),
			);
			expect([...workers].sort()).toEqual([0, 1]);

			const right = await start('verification-code', '375291234581');
			const [rightCode] = codesSentTo(sandbox, '375291234581');
			const rightAnswers = tally(
				await verifyAll('verification-code', right.token, Array<string>(20).fill(rightCode), 20),
			);
			expect(rightAnswers.valid).toBeGreaterThanOrEqual(1);
			expect(rightAnswers.valid).toBeLessThanOrEqual(WORKERS);
			expect(rightAnswers.valid + rightAnswers.alreadyUsed).toBe(20);

			const starts = await atOnce(
				Array<string>(20).fill('375291234582'),
				20,
				async (phone) => await start('verification-code', phone),
			);
			const sent = codesSentTo(sandbox, '375291234582').length;
			expect(sent).toBeGreaterThanOrEqual(1);
			expect(sent).toBeLessThanOrEqual(WORKERS);
			expect(starts.filter((answer) => typeof answer.token === 'string')).toHaveLength(sent);
		} finally {
			await client.deactivateWorkflow(shipped.id);
		}
	}, 1_800_000);
});
