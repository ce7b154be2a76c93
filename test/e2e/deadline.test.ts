// The request deadline in a real n8n (the package from its tarball): a service that sends its
// headers and then a byte now and then is cut off at the Timeout option, through n8n's own HTTP layer.
import { startScriptedServer, trickle, type ScriptedServer } from '../hostile/scriptedServer';
import { executionError } from './lib/execution-data';
import { N8nClient } from './lib/n8n-client';
import { startN8nWithPackage, type PackageLoadedN8n } from './lib/n8n-with-package';
import { manualTriggerNode, workflowOf } from './lib/workflow-builder';

const PACKAGE = 'n8n-nodes-messaging-service';
const TIMEOUT_S = 2;

describe('the Timeout option in a real n8n', () => {
	let server: ScriptedServer;
	let n8n: PackageLoadedN8n;
	let client: N8nClient;
	let credential: { id: string; name: string };

	beforeAll(async () => {
		server = await startScriptedServer();
		server.script((_request, response) => trickle(response, 300));
		n8n = await startN8nWithPackage();
		client = new N8nClient(n8n.baseUrl);
		await client.setupOwnerAndLogin({ email: 'owner@example.com', password: 'Deadline-e2e-test-1', firstName: 'Owner', lastName: 'Test' });
		credential = await client.createCredential({
			name: 'Messaging Service (slow service)',
			type: 'messagingServiceApi',
			data: { apiKey: 'e2e-slow-key', baseUrl: server.url, allowUnencryptedHttp: false },
		});
	});

	afterAll(async () => {
		await n8n?.stop();
		await server?.close();
	});

	it('ends SMS > Send against a slow answer at the Timeout, saying the message may have been sent', async () => {
		const workflow = await client.createWorkflow(
			workflowOf('E2E: slow service', [
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
		const started = Date.now();
		const execution = await client.runManually(workflow.id);
		const elapsed = Date.now() - started;

		expect(execution.status).toBe('error');
		const message = executionError(execution, 'Send SMS') ?? '';
		expect(message).toMatch(/did not answer sendQuickSMS within 2 seconds/);
		expect(message).toMatch(/may have been sent/);
		expect(server.requests.filter((request) => request.apiMethod === 'sendQuickSMS')).toHaveLength(1);
		// generous: the run includes n8n's own start of the execution and its polling by the client
		expect(elapsed).toBeLessThan((TIMEOUT_S + 10) * 1000);
	});
});
