// start-order: 6
// The auto-responder loop in a real n8n (the package installed from its tarball), against the
// emulator: the reply trigger starts a workflow that answers with Chat Message > Send. The answer
// is a new mailing; a reply to it must start the workflow again at the very next poll, and every
// reply must start it exactly once, while another watched mailing fails at every read (a hostile
// proxy in front of the emulator): that one is reported once, as an error execution. Polls are
// counted from the emulator's log, not timed.
import axios from 'axios';
import { startFaultProxy, type FaultProxy } from '../hostile/faultProxy';
import { startSandbox, type LoggedRequest, type Sandbox } from '../sandbox';
import { executionError, nodeOutput } from './lib/execution-data';
import type { N8nClient } from './lib/n8n-client';
import type { ExecutionDetails } from './lib/n8n-types';
import { waitForPoll } from './lib/polls';
import { sharedN8n } from './lib/shared-n8n';
import { workflowOf } from './lib/workflow-builder';

const TOKEN = 'e2e-autoresponder-key-7Hq2-xP';
const PACKAGE = 'n8n-nodes-messaging-service';
const PHONE = '375291234571';

describe('an auto-responder: the reply trigger answering with Chat Message > Send', () => {
	let sandbox: Sandbox;
	let proxy: FaultProxy;
	let client: N8nClient;

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], quiet: true, clock: 'real' });
		proxy = await startFaultProxy(sandbox.url);
		({ client } = await sharedN8n());
	});

	afterAll(async () => {
		await proxy?.close();
		await sandbox?.close();
	});

	/** The reads of one mailing's replies: one per poll that read it. */
	const readsOf = (mailingId: number) =>
		sandbox
			.requests()
			.filter(
				(request) =>
					request.apiMethod === 'getNewIncomingMessages' &&
					request.body?.message_id === String(mailingId),
			);
	const answers = (): LoggedRequest[] =>
		sandbox
			.requests()
			.filter((request) => request.apiMethod === 'sendQuickChatMessage' && request.status === 200);
	const reply = (mailingId: number, message: string) =>
		sandbox.injectReply(TOKEN, { message_id: mailingId, phone: PHONE, message }).id;
	const openMailing = async (chatnameId: string, message: string) => {
		const opening = await axios.post(
			`${sandbox.url}/api/v2/sendQuickChatMessage`,
			new URLSearchParams({ token: TOKEN, chatname_id: chatnameId, phone: PHONE, message }),
		);
		return Number((opening.data as { result: { message_id: number } }).result.message_id);
	};
	/** The workflow's first `count` executions with the given status, each finished, oldest first. */
	const runs = async (
		workflowId: string,
		status: string,
		count: number,
	): Promise<ExecutionDetails[]> => {
		const deadline = Date.now() + 150000;
		for (;;) {
			const found = (await client.listExecutions(workflowId)).filter(
				(execution) => execution.status === status,
			);
			if (found.length >= count) {
				const details = await Promise.all(
					found.map(async (execution) => await client.getExecution(execution.id)),
				);
				return details.sort((a, b) => Number(a.id) - Number(b.id)).slice(0, count);
			}
			if (Date.now() > deadline)
				throw new Error(`${found.length} executions with status ${status}, wanted ${count}`);
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	};

	it('a reply starts the workflow once; a reply to its answer starts it again at the next poll', async () => {
		const chatnameId = String(sandbox.account(TOKEN).chatnameIds[0]);
		const credential = await client.createCredential({
			name: 'Auto-responder: Messaging Service (emulator)',
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: proxy.url, allowUnencryptedHttp: false },
		});
		const openingId = await openMailing(chatnameId, 'How did we do?');
		const brokenId = await openMailing(chatnameId, 'A mailing the service cannot read');
		const readsOfBroken = () =>
			proxy.requests.filter(
				(request) =>
					request.apiMethod === 'getNewIncomingMessages' &&
					request.params.get('message_id') === String(brokenId),
			);
		proxy.intercept = (request) =>
			request.apiMethod === 'getNewIncomingMessages' &&
			request.params.get('message_id') === String(brokenId)
				? { status: 500, body: { error: 'server unavailable' } }
				: undefined;
		reply(brokenId, 'never readable');
		sandbox.clearRequests();

		const credentials = { messagingServiceApi: { id: credential.id, name: credential.name } };
		const workflow = await client.createWorkflow(
			workflowOf('Auto-responder (auto-responder e2e)', [
				{
					name: 'New Reply',
					type: `${PACKAGE}.messagingServiceTrigger`,
					typeVersion: 1,
					position: [0, 0],
					parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, watch: 'recentMailings' },
					credentials,
				},
				{
					name: 'Answer',
					type: `${PACKAGE}.messagingService`,
					typeVersion: 1,
					position: [220, 0],
					parameters: {
						resource: 'chatMessage',
						operation: 'send',
						chatnameId,
						phone: '={{ $json.phone }}',
						messageType: 'TEXT',
						message: '=Thank you! You wrote: {{ $json.message }}',
					},
					credentials,
				},
			]),
		);
		await client.activateWorkflow(workflow.id);
		try {
			// the poll at activation reads the opening mailing and tries the broken one (in either
			// order, so wait for both); a reply after it is new
			await waitForPoll(() => readsOf(openingId).length >= 1 && readsOfBroken().length >= 1);
			const first = reply(openingId, 'Great service');
			const [firstRun] = await runs(workflow.id, 'success', 1);
			expect({ status: firstRun.status, error: executionError(firstRun) }).toEqual({
				status: 'success',
				error: undefined,
			});
			expect(nodeOutput(firstRun, 'New Reply').map((item) => item.id)).toEqual([first]);
			const [answer] = nodeOutput(firstRun, 'Answer');
			const answerId = Number(answer.message_id);
			expect(answers().map((request) => request.body)).toEqual([
				expect.objectContaining({ phone: PHONE, message: 'Thank you! You wrote: Great service' }),
			]);

			// the customer answers the answer: the next poll that reads the new mailing outputs the reply
			const readsBefore = readsOf(answerId).length;
			const second = reply(answerId, 'You are welcome');
			const answered = await runs(workflow.id, 'success', 2);
			expect(readsOf(answerId).length - readsBefore).toBe(1);
			const secondRun = answered[1];
			expect({ status: secondRun.status, error: executionError(secondRun) }).toEqual({
				status: 'success',
				error: undefined,
			});
			expect(nodeOutput(secondRun, 'New Reply').map((item) => item.id)).toEqual([second]);
			expect(nodeOutput(secondRun, 'New Reply')[0].mailing).toEqual(
				expect.objectContaining({
					message_id: answerId,
					message: 'Thank you! You wrote: Great service',
				}),
			);

			// one more poll starts nothing: each reply ran the workflow once, each answer went out once,
			// and the broken mailing was reported once, by the second poll that could not read it
			const pollsSoFar = readsOf(answerId).length;
			await waitForPoll(() => readsOf(answerId).length > pollsSoFar);
			const executions = await client.listExecutions(workflow.id);
			expect(executions.map((execution) => execution.status).sort()).toEqual([
				'error',
				'success',
				'success',
			]);
			const [report] = await runs(workflow.id, 'error', 1);
			expect(executionError(report)).toMatch(
				new RegExp(
					`mailing ${brokenId} could not be read 2 times in a row .*Every other watched mailing was read as usual`,
				),
			);
			expect(readsOfBroken().length).toBeGreaterThanOrEqual(2);
			expect(answers().map((request) => request.body?.message)).toEqual([
				'Thank you! You wrote: Great service',
				'Thank you! You wrote: You are welcome',
			]);
		} finally {
			await client.deactivateWorkflow(workflow.id);
		}
	}, 400000);
});
