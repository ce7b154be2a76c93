// Takes docs/node-in-editor.png: the Messaging Service node open in a real n8n editor, against
// the emulator, with headless Chromium from Debian (apt-get install -y chromium).
// Usage: npx ts-node --transpile-only scripts/demo/screenshot.ts [--skip-build] [--no-execute]
//   [--parameters '<node parameters as JSON>'] [--output <file.png>] [--chromium <path>]
//   [--node-name <name>] [--open-picker]  (opens the first picker's list, after a few chat mailings are sent to the emulator)
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
import { CHROMIUM_FLAGS, loadPlaywright } from './playwright';
import { accountDefaults } from './summary';
import type { Browser } from './playwright-types';

const OWNER = {
	email: 'demo@example.com',
	password: 'Messaging-demo-1',
	firstName: 'Demo',
	lastName: 'User',
};
const NODE_NAME = flag('--node-name', 'Send an SMS');
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

/** A few chat mailings of different kinds, so that a picker's list has something to show. */
async function sendChatMailings(sandbox: Sandbox): Promise<void> {
	const chatnameId = String(sandbox.account('demo-token').chatnameIds[0]);
	const mailings: Array<Record<string, string>> = [
		{ message: 'Your order 1042 has shipped and arrives tomorrow.' },
		{
			type_message: 'BUTTON',
			button: 'Track my order',
			button_link: 'https://shop.example.com/orders/1042',
		},
		{ message: 'How did we do? Reply with a number from 1 to 5.' },
	];
	for (const mailing of mailings) {
		const body = new URLSearchParams({
			token: 'demo-token',
			chatname_id: chatnameId,
			phone: '375291234567',
			...mailing,
		});
		const response = await fetch(`${sandbox.url}/api/v2/sendQuickChatMessage`, {
			method: 'POST',
			body,
		});
		if (!response.ok)
			throw new Error(
				`the emulator refused a chat mailing: ${response.status} ${await response.text()}`,
			);
	}
}

function flag(name: string, fallback: string): string {
	const index = process.argv.indexOf(name);
	return index > 0 ? process.argv[index + 1] : fallback;
}

async function main(): Promise<void> {
	const output = path.resolve(
		flag('--output', path.join(host.repoRoot, 'docs', 'node-in-editor.png')),
	);
	const parameters = JSON.parse(
		flag('--parameters', JSON.stringify(DEFAULT_PARAMETERS)),
	) as INodeParameters;
	if (!process.argv.includes('--skip-build'))
		execFileSync('npm', ['run', 'build'], { cwd: host.repoRoot, stdio: 'inherit' });
	ensureHostInstalled();
	const { chromium } = loadPlaywright();

	const packFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-screenshot-'));
	let sandbox: Sandbox | undefined;
	let n8n: PackageLoadedN8n | undefined;
	let browser: Browser | undefined;
	try {
		sandbox = await startSandbox({ tokens: ['demo-token'], quiet: true });
		n8n = await startN8nWithPackage({ tarball: packPackage(packFolder) });
		browser = await chromium.launch({
			executablePath: flag('--chromium', '/usr/bin/chromium'),
			args: CHROMIUM_FLAGS,
		});
		const client = new N8nClient(n8n.baseUrl);
		await client.setupOwnerAndLogin(OWNER);
		const credential = await client.createCredential({
			name: 'Messaging Service (local emulator)',
			type: 'messagingServiceApi',
			data: {
				apiKey: 'demo-token',
				baseUrl: sandbox.url,
				allowUnencryptedHttp: false,
				...accountDefaults(sandbox.account('demo-token') as unknown as Record<string, unknown>),
			},
		});
		const openPicker = process.argv.includes('--open-picker');
		if (openPicker) await sendChatMailings(sandbox);
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
		const node = page
			.locator(`[data-test-id="canvas-node"][data-node-name="${NODE_NAME}"]`)
			.first();
		await node.waitFor({ timeout: 180000 });
		await page.keyboard.press('Escape');
		await node.dblclick();
		await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 180000 });
		if (openPicker) {
			await page.locator('[data-test-id="rlc-input"]').first().click();
			await page.locator('[data-test-id="rlc-item"]').first().waitFor({ timeout: 180000 });
		} else if (!process.argv.includes('--no-execute')) {
			// Run the node against the emulator so its output shows next to its parameters.
			await page.locator('[data-test-id="node-execute-button"]').first().click();
			await page
				.locator('[data-test-id="output-panel"] [data-test-id="node-run-status-success"]')
				.first()
				.waitFor({ timeout: 180000 });
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
