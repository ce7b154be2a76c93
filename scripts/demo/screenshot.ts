// Takes docs/node-in-editor.png: the Messaging Service node open in a real n8n editor, against
// the emulator, with headless Chromium from Debian (apt-get install -y chromium).
// Usage: npx ts-node --transpile-only scripts/demo/screenshot.ts [--skip-build] [--no-execute]
//   [--parameters '<node parameters as JSON>'] [--output <file.png>] [--chromium <path>]
import { execFileSync } from 'node:child_process';
import type { INodeParameters } from 'n8n-workflow';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../test/sandbox';
import { packPackage } from '../../test/e2e/lib/community-package';
import { ensureHostInstalled, host } from '../../test/e2e/lib/host';
import { N8nClient } from '../../test/e2e/lib/n8n-client';
import { startN8nWithPackage, type PackageLoadedN8n } from '../../test/e2e/lib/n8n-with-package';
import { manualTriggerNode, workflowOf } from '../../test/e2e/lib/workflow-builder';
import { loadPlaywright } from './playwright';
import type { Browser } from './playwright-types';

const OWNER = { email: 'demo@example.com', password: 'Messaging-demo-1', firstName: 'Demo', lastName: 'User' };
const NODE_NAME = 'Send an SMS';
// SMS > Send to a seeded sender name of the emulator: the operation most users start with.
const DEFAULT_PARAMETERS: INodeParameters = {
	resource: 'sms',
	operation: 'send',
	phone: '+375 29 123-45-67',
	messageFrom: 'text',
	message: 'Your order has shipped and arrives tomorrow.',
	senderNameId: '1001',
	options: {},
};
const CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

function flag(name: string, fallback: string): string {
	const index = process.argv.indexOf(name);
	return index > 0 ? process.argv[index + 1] : fallback;
}

async function main(): Promise<void> {
	const output = path.resolve(flag('--output', path.join(host.repoRoot, 'docs', 'node-in-editor.png')));
	const parameters = JSON.parse(flag('--parameters', JSON.stringify(DEFAULT_PARAMETERS))) as INodeParameters;
	if (!process.argv.includes('--skip-build')) execFileSync('npm', ['run', 'build'], { cwd: host.repoRoot, stdio: 'inherit' });
	ensureHostInstalled();
	const { chromium } = loadPlaywright();

	const packFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-screenshot-'));
	let sandbox: Sandbox | undefined;
	let n8n: PackageLoadedN8n | undefined;
	let browser: Browser | undefined;
	try {
		sandbox = await startSandbox({ tokens: ['demo-token'], quiet: true });
		n8n = await startN8nWithPackage({ tarball: packPackage(packFolder) });
		browser = await chromium.launch({ executablePath: flag('--chromium', '/usr/bin/chromium'), args: CHROMIUM_FLAGS });
		const client = new N8nClient(n8n.baseUrl);
		await client.setupOwnerAndLogin(OWNER);
		const credential = await client.createCredential({
			name: 'Messaging Service (local emulator)',
			type: 'messagingServiceApi',
			data: { apiKey: 'demo-token', baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
		const workflow = await client.createWorkflow(
			workflowOf('Messaging Service demo', [
				manualTriggerNode(),
				{
					name: NODE_NAME,
					type: 'n8n-nodes-messaging-service.messagingService',
					typeVersion: 1,
					position: [260, 0],
					parameters,
					credentials: { messagingServiceApi: { id: credential.id, name: credential.name } },
				},
			]),
		);

		const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
		page.setDefaultTimeout(180000);
		await page.goto(`${n8n.baseUrl}/signin`);
		await page.fill('input[name="emailOrLdapLoginId"], input[type="email"]', OWNER.email);
		await page.fill('input[name="password"], input[type="password"]', OWNER.password);
		await page.keyboard.press('Enter');
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 180000 });

		await page.goto(`${n8n.baseUrl}/workflow/${workflow.id}`);
		const node = page.locator(`[data-test-id="canvas-node"][data-node-name="${NODE_NAME}"]`).first();
		await node.waitFor({ timeout: 180000 });
		await page.keyboard.press('Escape');
		await node.dblclick();
		await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 180000 });
		if (!process.argv.includes('--no-execute')) {
			// Run the node against the emulator so its output shows next to its parameters.
			await page.locator('[data-test-id="node-execute-button"]').first().click();
			await page.locator('[data-test-id="output-panel"] [data-test-id="node-run-status-success"]').first().waitFor({ timeout: 180000 });
		}
		// Let icons, fonts and the parameter panel settle before the picture.
		await page.waitForLoadState('networkidle');
		fs.mkdirSync(path.dirname(output), { recursive: true });
		await page.screenshot({ path: output });
		process.stdout.write(`screenshot written to ${path.relative(host.repoRoot, output)}\n`);
	} finally {
		await browser?.close();
		await n8n?.stop();
		await sandbox?.close();
		fs.rmSync(packFolder, { recursive: true, force: true });
	}
}

main().then(
	() => process.exit(0),
	(error: Error) => {
		process.stderr.write(`screenshot failed: ${error.stack ?? error.message}\n`);
		process.exit(1);
	},
);
