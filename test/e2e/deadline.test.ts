// The request deadline in a real n8n (the package from its tarball): a service that sends its
// headers and then a byte now and then is cut off at the Timeout option, through n8n's own HTTP layer.
import { startScriptedServer, trickle, type ScriptedServer } from '../hostile/scriptedServer';
import { executionError } from './lib/execution-data';
import type { N8nClient } from './lib/n8n-client';
import { sharedN8n } from './lib/shared-n8n';
import { manualTriggerNode, workflowOf } from './lib/workflow-builder';

const PACKAGE = 'n8n-nodes-messaging-service';
const TIMEOUT_S = 2;

describe('the Timeout option in a real n8n', () => {
	let server: ScriptedServer;
	let client: N8nClient;
	let credential: { id: string; name: string };
	/** when the server saw each answer's connection closed: it never ends an answer itself */
	const closedAt: number[] = [];

	beforeAll(async () => {
		server = await startScriptedServer();
		server.script((_request, response) => {
			trickle(response, 300);
			response.on('close', () => closedAt.push(Date.now()));
		});
		({ client } = await sharedN8n());
		credential = await client.createCredential({
			name: 'Deadline: Messaging Service (slow service)',
			type: 'messagingServiceApi',
			data: { apiKey: 'e2e-slow-key', baseUrl: server.url, allowUnencryptedHttp: false },
		});
	});

	afterAll(async () => {
		await server?.close();
	});

	it('ends SMS > Send against a slow answer at the Timeout, saying the message may have been sent', async () => {
		const workflow = await client.createWorkflow(
			workflowOf('Deadline: slow service', [
				manualTriggerNode(),
				{
					name: 'Send SMS',
					type: `${PACKAGE}.messagingService`,
					typeVersion: 1,
					position: [220, 0],
					parameters: {
						resource: 'sms',
						operation: 'send',
						phone: '375291234567',
						messageFrom: 'text',
						message: 'Hello',
						senderNameId: '1001',
						options: { timeout: TIMEOUT_S },
					},
					credentials: { messagingServiceApi: { id: credential.id, name: credential.name } },
				},
			]),
		);
		const execution = await client.runManually(workflow.id);

		expect(execution.status).toBe('error');
		const message = executionError(execution, 'Send SMS') ?? '';
		expect(message).toMatch(/did not answer sendQuickSMS within 2 seconds/);
		expect(message).toMatch(/may have been sent/);
		const sends = server.requests.filter((request) => request.apiMethod === 'sendQuickSMS');
		expect(sends).toHaveLength(1);
		// n8n cut the trickling answer off, counted from its arrival: within ten times the Timeout, a busy machine's margin
		expect(closedAt).toHaveLength(1);
		expect(closedAt[0] - sends[0].at).toBeLessThan(TIMEOUT_S * 10 * 1000);
	});
});
