// The package as users install it (its npm tarball in n8n's community nodes folder), in a real n8n,
// against the emulator.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../sandbox';
import { nodeOutput } from './lib/execution-data';
import { N8nClient } from './lib/n8n-client';
import { startN8nWithPackage, type PackageLoadedN8n } from './lib/n8n-with-package';
import { manualTriggerNode, workflowOf } from './lib/workflow-builder';

const PACKAGE = 'n8n-nodes-messaging-service';
const TOKEN = 'e2e-token';

describe('the package installed from its tarball into a real n8n', () => {
	let sandbox: Sandbox;
	let n8n: PackageLoadedN8n;
	let client: N8nClient;
	let credential: { id: string; name: string };

	const credentialData = (apiKey: string) => ({ apiKey, baseUrl: sandbox.url, allowUnencryptedHttp: false });

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], quiet: true });
		n8n = await startN8nWithPackage();
		client = new N8nClient(n8n.baseUrl);
		await client.setupOwnerAndLogin({
			email: 'owner@example.com',
			password: 'Package-e2e-test-1',
			firstName: 'Owner',
			lastName: 'Test',
		});
		credential = await client.createCredential({
			name: 'Messaging Service (emulator)',
			type: 'messagingServiceApi',
			data: credentialData(TOKEN),
		});
	});

	afterAll(async () => {
		await n8n?.stop();
		await sandbox?.close();
	});

	beforeEach(() => sandbox.clearRequests());

	it('is installed from the tarball with nothing but dist/ and no runtime dependencies', () => {
		const packageJson = JSON.parse(fs.readFileSync(path.join(n8n.packageDir, 'package.json'), 'utf8')) as Record<string, unknown>;
		expect(packageJson.name).toBe(PACKAGE);
		expect(packageJson.dependencies ?? {}).toEqual({});
		const shipped = fs.readdirSync(n8n.packageDir).filter((entry) => !/^(package\.json|README.*|LICEN[CS]E.*|CHANGELOG.*)$/i.test(entry));
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
		const result = await client.testCredential({ ...credential, type: 'messagingServiceApi', data: credentialData(TOKEN) });
		expect(result).toEqual(expect.objectContaining({ status: 'OK' }));
		expect(sandbox.requests().some((request) => request.token === TOKEN)).toBe(true);
	});

	it('fails the credential test with a wrong API key, with a clear message that does not show the key', async () => {
		const wrongKey = 'wrong-key-5f2c9d';
		const wrong = await client.createCredential({
			name: 'Messaging Service (wrong key)',
			type: 'messagingServiceApi',
			data: credentialData(wrongKey),
		});
		const result = await client.testCredential({ ...wrong, type: 'messagingServiceApi', data: credentialData(wrongKey) });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/api key/i);
		expect(result.message).not.toContain(wrongKey);
	});

	it('runs Manual Trigger -> Template > Get Many against the emulator and returns the seeded templates', async () => {
		const workflow = await client.createWorkflow(
			workflowOf('E2E: list templates', [
				manualTriggerNode(),
				{
					name: 'Get Templates',
					type: `${PACKAGE}.messagingService`,
					typeVersion: 1,
					position: [220, 0],
					parameters: { resource: 'template', operation: 'getAll', returnAll: true },
					credentials: { messagingServiceApi: { id: credential.id, name: credential.name } },
				},
			]),
		);

		const execution = await client.runManually(workflow.id);

		expect(execution.status).toBe('success');
		const seeded = sandbox.account(TOKEN).templates;
		const output = nodeOutput(execution, 'Get Templates');
		expect(output.map((template) => String(template.id)).sort()).toEqual(seeded.map((template) => String(template.id)).sort());
		const templateCalls = sandbox.requests().filter((request) => request.apiMethod === 'getTemplateMessages');
		expect(templateCalls).toHaveLength(1);
		expect(templateCalls[0].token).toBe(TOKEN);
	});
});
