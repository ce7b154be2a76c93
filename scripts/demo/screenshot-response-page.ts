// Takes docs/send-and-wait-page.png: the page that the link of Send and Wait for Response opens,
// on a phone-sized screen. It runs examples/approval-before-batch-send.json in a real n8n
// against the emulator until it waits, and opens the link of the button message the manager got,
// with headless Chromium from Debian (apt-get install -y chromium).
// Usage: npx ts-node --transpile-only scripts/demo/screenshot-response-page.ts [--skip-build]
//   [--output <file.png>] [--chromium <path>]
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../../test/sandbox';
import { packPackage } from '../../test/e2e/lib/community-package';
import { ensureHostInstalled, host } from '../../test/e2e/lib/host';
import { N8nClient } from '../../test/e2e/lib/n8n-client';
import { startN8nWithPackage, type PackageLoadedN8n } from '../../test/e2e/lib/n8n-with-package';
import { readExampleWorkflows, withCredential } from './examples';
import { loadPlaywright } from './playwright';
import type { Browser, Page } from './playwright-types';

const OWNER = {
	email: 'demo@example.com',
	password: 'Messaging-demo-1',
	firstName: 'Demo',
	lastName: 'User',
};
const EXAMPLE = 'approval-before-batch-send.json';
// An iPhone 12-15 sized screen, drawn at twice the pixels as the phone does.
const PHONE = {
	viewport: { width: 390, height: 844 },
	deviceScaleFactor: 2,
	isMobile: true,
	hasTouch: true,
};
const CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-sync',
];

type PhonePage = (options: typeof PHONE) => Promise<Page>;

function flag(name: string, fallback: string): string {
	const index = process.argv.indexOf(name);
	return index > 0 ? process.argv[index + 1] : fallback;
}

async function main(): Promise<void> {
	const output = path.resolve(
		flag('--output', path.join(host.repoRoot, 'docs', 'send-and-wait-page.png')),
	);
	if (!process.argv.includes('--skip-build'))
		execFileSync('npm', ['run', 'build'], { cwd: host.repoRoot, stdio: 'inherit' });
	ensureHostInstalled();
	const { chromium } = loadPlaywright();

	const packFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-screenshot-'));
	let sandbox: Sandbox | undefined;
	let n8n: PackageLoadedN8n | undefined;
	let browser: Browser | undefined;
	try {
		sandbox = await startSandbox({ tokens: ['demo-token'], clock: 'real', quiet: true });
		n8n = await startN8nWithPackage({ tarball: packPackage(packFolder) });
		const client = new N8nClient(n8n.baseUrl);
		await client.setupOwnerAndLogin(OWNER);
		const credential = await client.createCredential({
			name: 'Messaging Service (local emulator)',
			type: 'messagingServiceApi',
			data: { apiKey: 'demo-token', baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
		const example = readExampleWorkflows(host.repoRoot).find((entry) =>
			entry.file.endsWith(EXAMPLE),
		);
		if (!example) throw new Error(`examples/${EXAMPLE} is missing`);
		const workflow = await client.createWorkflow(withCredential(example.workflow, credential));
		const executionId = await client.startManualRun(workflow.id);
		await client.waitUntilWaiting(executionId);
		const button = sandbox
			.requests()
			.find((request) => request.apiMethod === 'sendQuickChatMessage');
		const link = String(button?.body?.button_link ?? '');
		if (!link.startsWith(n8n.baseUrl))
			throw new Error(`no response link in the chat message: ${JSON.stringify(button?.body)}`);

		browser = await chromium.launch({
			executablePath: flag('--chromium', '/usr/bin/chromium'),
			args: CHROMIUM_FLAGS,
		});
		const page = await (browser.newPage.bind(browser) as unknown as PhonePage)(PHONE);
		await page.goto(link);
		await page.waitForLoadState('load');
		fs.mkdirSync(path.dirname(output), { recursive: true });
		await page.screenshot({ path: output });
		process.stdout.write(
			`screenshot of ${link.split('?')[0]} written to ${path.relative(host.repoRoot, output)}\n`,
		);
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
