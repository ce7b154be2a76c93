// The package as users install it (its npm tarball in n8n's community nodes folder), in a real n8n,
// against the emulator.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../sandbox';
import { executionError, nodeOutput } from './lib/execution-data';
import type { N8nClient } from './lib/n8n-client';
import { sharedN8n, type SharedN8n } from './lib/shared-n8n';
import { manualTriggerNode, workflowOf } from './lib/workflow-builder';

const PACKAGE = 'n8n-nodes-messaging-service';
const TOKEN = 'e2e-token';
// A key that cannot appear by chance: the error tests look for it in everything n8n stored.
const SECRET_KEY = 'e2e-SECRET-key-7c41d9b2f0';

describe('the package installed from its tarball into a real n8n', () => {
	let sandbox: Sandbox;
	let n8n: SharedN8n;
	let client: N8nClient;
	let credential: { id: string; name: string };

	const credentialData = (apiKey: string) => ({
		apiKey,
		baseUrl: sandbox.url,
		allowUnencryptedHttp: false,
	});

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN, SECRET_KEY], quiet: true });
		({ n8n, client } = await sharedN8n());
		credential = await client.createCredential({
			name: 'Package in n8n: Messaging Service (emulator)',
			type: 'messagingServiceApi',
			data: credentialData(TOKEN),
		});
	});

	afterAll(async () => {
		await sandbox?.close();
	});

	beforeEach(() => sandbox.clearRequests());

	it('is installed from the tarball with nothing but dist/ and no runtime dependencies', () => {
		const packageJson = JSON.parse(
			fs.readFileSync(path.join(n8n.packageDir, 'package.json'), 'utf8'),
		) as Record<string, unknown>;
		expect(packageJson.name).toBe(PACKAGE);
		expect(packageJson.dependencies ?? {}).toEqual({});
		const shipped = fs
			.readdirSync(n8n.packageDir)
			.filter((entry) => !/^(package\.json|README.*|LICEN[CS]E.*|CHANGELOG.*)$/i.test(entry));
		expect(shipped).toEqual(['dist']);
	});

	it('lists the action node, its tool variant, the trigger and the credential type', async () => {
		const nodeTypes = (await client.nodeTypes()).map((type) => type.name);
		expect(nodeTypes).toEqual(
			expect.arrayContaining([
				`${PACKAGE}.messagingService`,
				`${PACKAGE}.messagingServiceTool`,
				`${PACKAGE}.messagingServiceTrigger`,
			]),
		);
		const credentialTypes = (await client.credentialTypes()).map((type) => type.name);
		expect(credentialTypes).toContain('messagingServiceApi');
	});

	it('passes the credential test with the right API key', async () => {
		const result = await client.testCredential({
			...credential,
			type: 'messagingServiceApi',
			data: credentialData(TOKEN),
		});
		expect(result).toEqual(expect.objectContaining({ status: 'OK' }));
		expect(sandbox.requests().some((request) => request.token === TOKEN)).toBe(true);
	});

	it('fails the credential test with a wrong API key, with a clear message that does not show the key', async () => {
		const wrongKey = 'wrong-key-5f2c9d';
		const wrong = await client.createCredential({
			name: 'Package in n8n: Messaging Service (wrong key)',
			type: 'messagingServiceApi',
			data: credentialData(wrongKey),
		});
		const result = await client.testCredential({
			...wrong,
			type: 'messagingServiceApi',
			data: credentialData(wrongKey),
		});
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/api key/i);
		expect(result.message).not.toContain(wrongKey);
	});

	it('runs Manual Trigger -> Template > Get Many against the emulator and returns the seeded templates', async () => {
		const workflow = await client.createWorkflow(
			workflowOf('Package in n8n: list templates', [
				manualTriggerNode(),
				{
					name: 'Get Templates',
					type: `${PACKAGE}.messagingService`,
					typeVersion: 1,
					position: [220, 0],
					parameters: { resource: 'template', operation: 'getMany', returnAll: true },
					credentials: { messagingServiceApi: { id: credential.id, name: credential.name } },
				},
			]),
		);

		const execution = await client.runManually(workflow.id);

		expect(execution.status).toBe('success');
		const seeded = sandbox.account(TOKEN).templates;
		const output = nodeOutput(execution, 'Get Templates');
		expect(output.map((template) => String(template.id)).sort()).toEqual(
			seeded.map((template) => String(template.id)).sort(),
		);
		const templateCalls = sandbox
			.requests()
			.filter((request) => request.apiMethod === 'getTemplateMessages');
		expect(templateCalls).toHaveLength(1);
		expect(templateCalls[0].token).toBe(TOKEN);
	});

	describe('an error in the node', () => {
		let secretCredential: { id: string; name: string };

		beforeAll(async () => {
			secretCredential = await client.createCredential({
				name: 'Package in n8n: Messaging Service (secret key)',
				type: 'messagingServiceApi',
				data: credentialData(SECRET_KEY),
			});
		});

		afterEach(() => sandbox.clearFaults());

		async function runSmsSend(name: string, phone: string) {
			const workflow = await client.createWorkflow(
				workflowOf(name, [
					manualTriggerNode(),
					{
						name: 'Send SMS',
						type: `${PACKAGE}.messagingService`,
						typeVersion: 1,
						position: [220, 0],
						parameters: {
							resource: 'sms',
							operation: 'send',
							phone,
							messageFrom: 'text',
							message: 'Your order has shipped',
							senderNameId: String(sandbox.account(SECRET_KEY).alphanameIds[0]),
							options: {},
						},
						credentials: {
							messagingServiceApi: { id: secretCredential.id, name: secretCredential.name },
						},
					},
				]),
			);
			const execution = await client.runManually(workflow.id);
			return { execution, text: await client.executionAsText(execution.id) };
		}

		it('SMS > Send with a bad phone fails the execution with a message naming the field, and sends nothing', async () => {
			const { execution, text } = await runSmsSend('Package in n8n: bad phone', 'call me maybe');

			expect(execution.status).toBe('error');
			const message = executionError(execution, 'Send SMS') ?? '';
			expect(message).toMatch(/Phone/);
			expect(message).toContain('call me maybe');
			expect(message).not.toMatch(/\[object Object\]|undefined/);
			expect(sandbox.requests()).toEqual([]);
			expect(text).not.toContain(SECRET_KEY);
		});

		it('the service answering 500 fails the execution with a readable message; the API key is nowhere in the execution', async () => {
			sandbox.setFaults({ rules: [{ apiMethod: 'sendQuickSMS', kind: '500-before' }] });

			const { execution, text } = await runSmsSend(
				'Package in n8n: service error',
				'+375 29 123-45-67',
			);

			expect(execution.status).toBe('error');
			const message = executionError(execution, 'Send SMS') ?? '';
			expect(message).toMatch(/500|server/i);
			expect(message).not.toMatch(/\[object Object\]|undefined/);
			// The key went to the service (in the query string of sendQuickSMS) ...
			expect(
				sandbox.requests().map((request) => [request.apiMethod, request.token, request.status]),
			).toEqual([['sendQuickSMS', SECRET_KEY, 500]]);
			// ... but n8n kept it nowhere: not in the error, its description or context, nor in any node's data.
			expect(text).toContain('Send SMS');
			expect(text).not.toContain(SECRET_KEY);
		});
	});
});
