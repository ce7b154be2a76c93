// start-order: 10
// The demo command, end to end, in its --smoke mode: it sets everything up, prints the summary and stops.
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { readExampleWorkflows } from '../../scripts/demo/examples';
import { getFreePort, isPortFree } from './lib/free-port';
import { host } from './lib/host';

function runDemo(args: string[]): Promise<{ code: number | null; output: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(
			process.execPath,
			[
				require.resolve('ts-node/dist/bin.js'),
				'--transpile-only',
				path.join('scripts', 'demo', 'index.ts'),
				...args,
			],
			{ cwd: host.repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
		);
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.on('error', reject);
		child.on('close', (code) => resolve({ code, output }));
	});
}

describe('the demo command', () => {
	it('brings up n8n with the package and the emulator, prints the login, and stops everything again', async () => {
		const n8nPort = await getFreePort();
		const emulatorPort = await getFreePort();

		// The global setup has just built the package.
		const { code, output } = await runDemo([
			'--smoke',
			'--skip-build',
			'--port',
			String(n8nPort),
			'--emulator-port',
			String(emulatorPort),
		]);

		expect(output).toContain(`Open:      http://127.0.0.1:${n8nPort}`);
		expect(output).toMatch(/Log in:\s+demo@example\.com/);
		expect(output).toMatch(/Password:\s+\S+/);
		expect(output).toContain('credential test: OK');
		expect(output).not.toContain('NOT imported');
		// the Data table examples/ai-chatbot.json writes opt-outs to, created before the examples (a failure ends the demo)
		expect(output).toContain('creating the Data tables the examples write to ("Opted-out phones")');
		// every ID the service cannot list, the credential's defaults and the curl that injects a reply
		expect(output).toMatch(
			/sender names \(Sender Name ID\)\s+1001 \(DemoShop\), 1002 \(DemoAlerts\)/,
		);
		expect(output).toMatch(
			/chat senders \(Chat Sender ID\)\s+2001 \(DemoShopChat\), 2002 \(DemoSupport\)/,
		);
		expect(output).toMatch(
			/subscriber lists \(Subscriber List ID\) 3001 \(Customers\), 3002 \(Staff\)/,
		);
		expect(output).toMatch(/templates \(Template\)\s+4001 \(Welcome\), 4002 \(Order shipped\)/);
		expect(output).toContain(
			"The credential's defaults: sender name 1001, chat sender 2001, subscriber list 3001",
		);
		expect(output).toContain(`curl -s -X POST http://127.0.0.1:${emulatorPort}/__sandbox/replies`);
		// how to play both sides of the handoff example
		expect(output).toContain('5. Human handoff (AI chatbot with human handoff');
		const examples = readExampleWorkflows(host.repoRoot);
		for (const example of examples) {
			expect(output).toContain(`${example.workflow.name}: http://127.0.0.1:${n8nPort}/workflow/`);
			expect(output).toContain(`(${example.file})`);
		}
		// the sign-up hints call the example's own webhooks
		const signUp = examples.find((example) =>
			example.file.endsWith('signup-verification-code.json'),
		);
		const webhookPaths = (signUp?.workflow.nodes ?? [])
			.filter((node) => node.type === 'n8n-nodes-base.webhook')
			.map((node) => String(node.parameters.path));
		expect(webhookPaths).toHaveLength(2);
		for (const webhookPath of webhookPaths)
			expect(output).toContain(
				`curl -s -X POST http://127.0.0.1:${n8nPort}/webhook/${webhookPath} `,
			);
		expect(code).toBe(0);
		expect(await isPortFree(n8nPort)).toBe(true);
		expect(await isPortFree(emulatorPort)).toBe(true);
	}, 600000);
});
