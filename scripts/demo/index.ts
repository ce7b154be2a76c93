// The one-command demo: builds the package, starts the emulator and a real n8n with the package
// installed from its npm tarball, creates a login and a credential, imports the examples.
// Usage: npx ts-node --transpile-only scripts/demo/index.ts [--port 5678] [--emulator-port 18080] [--skip-build] [--smoke]
// --smoke sets everything up, prints the summary and stops again (a check for CI).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packPackage } from '../../test/e2e/lib/community-package';
import { isPortFree } from '../../test/e2e/lib/free-port';
import { ensureHostInstalled, host } from '../../test/e2e/lib/host';
import { N8nClient } from '../../test/e2e/lib/n8n-client';
import { startN8nWithPackage } from '../../test/e2e/lib/n8n-with-package';
import { startEmulatorProcess } from './emulator-process';
import { ensureDataTable, EXAMPLE_DATA_TABLES } from './dataTables';
import { importExamples } from './import-examples';
import { accountDefaults, printSummary } from './summary';

const OWNER = {
	email: 'demo@example.com',
	password: process.env.DEMO_PASSWORD ?? 'Messaging-demo-1',
	firstName: 'Demo',
	lastName: 'User',
};
const EMULATOR_TOKEN = 'demo-token';
const CREDENTIAL_NAME = 'Messaging Service (local emulator)';

const startedAt = Date.now();
const cleanups: Array<() => Promise<void>> = [];

function step(message: string): void {
	process.stdout.write(`\n[demo ${((Date.now() - startedAt) / 1000).toFixed(0)} s] ${message}\n`);
}

function option(name: string, fallback: number): number {
	const index = process.argv.indexOf(name);
	return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

async function stopEverything(): Promise<void> {
	while (cleanups.length)
		await cleanups
			.pop()?.()
			.catch((error: Error) => console.error(error.message));
}

async function requireFreePort(port: number, what: string, flag: string): Promise<void> {
	if (!(await isPortFree(port))) {
		throw new Error(
			`port ${port} (${what}) is in use on 127.0.0.1; stop what uses it or pass ${flag} <another port>`,
		);
	}
}

async function main(): Promise<void> {
	const n8nPort = option('--port', 5678);
	const emulatorPort = option('--emulator-port', 18080);
	const smoke = process.argv.includes('--smoke');

	await requireFreePort(n8nPort, 'n8n', '--port');
	await requireFreePort(emulatorPort, 'the emulator', '--emulator-port');

	if (!process.argv.includes('--skip-build')) {
		step('building the package (npm run build)');
		execFileSync('npm', ['run', 'build'], { cwd: host.repoRoot, stdio: 'inherit' });
	}
	step('checking the n8n host (the first run installs n8n into .n8n-host/, several minutes)');
	ensureHostInstalled();

	const demoFolder = path.join(host.repoRoot, '.n8n-demo');
	fs.rmSync(demoFolder, { recursive: true, force: true });
	fs.mkdirSync(demoFolder, { recursive: true });
	step('packing the package as npm would publish it (npm pack)');
	const tarball = packPackage(demoFolder);

	step(`starting the emulator on 127.0.0.1:${emulatorPort} (npm run sandbox)`);
	const emulator = await startEmulatorProcess({
		repoRoot: host.repoRoot,
		port: emulatorPort,
		token: EMULATOR_TOKEN,
	});
	cleanups.push(async () => {
		step('stopping the emulator');
		await emulator.stop();
	});

	step(
		`starting n8n ${host.versions.n8n} on 127.0.0.1:${n8nPort} with the package in its community nodes folder`,
	);
	const logFile = path.join(demoFolder, 'n8n.log');
	const n8n = await startN8nWithPackage({
		port: n8nPort,
		userFolder: path.join(demoFolder, 'user'),
		tarball,
		logFile,
	});
	cleanups.push(async () => {
		step('stopping n8n');
		await n8n.stop();
	});

	step('creating the owner login and the credential');
	const client = new N8nClient(n8n.baseUrl);
	await client.setupOwnerAndLogin(OWNER);
	// The emulator's first sender name, chat sender and subscriber list as the account's defaults:
	// nodes that leave these IDs empty use them (README, Credentials).
	const credentialData = {
		apiKey: EMULATOR_TOKEN,
		baseUrl: emulator.baseUrl,
		allowUnencryptedHttp: false,
		...accountDefaults(emulator.account),
	};
	const credential = await client.createCredential({
		name: CREDENTIAL_NAME,
		type: 'messagingServiceApi',
		data: credentialData,
	});
	const credentialTest = await client.testCredential({
		id: credential.id,
		name: CREDENTIAL_NAME,
		type: 'messagingServiceApi',
		data: credentialData,
	});

	step(
		`creating the Data tables the examples write to (${EXAMPLE_DATA_TABLES.map((table) => `"${table.name}"`).join(', ')})`,
	);
	for (const table of EXAMPLE_DATA_TABLES) await ensureDataTable(client, table);

	step('importing the example workflows (examples/*.json)');
	const imported = await importExamples(client, host.repoRoot, credential);

	printSummary({
		n8n,
		owner: OWNER,
		emulator,
		credentialName: CREDENTIAL_NAME,
		credentialTest,
		imported,
		logFile,
	});
	if (smoke) {
		await stopEverything();
		return;
	}
	process.stdout.write('\nPress Ctrl-C to stop n8n and the emulator.\n');
	await new Promise<never>(() => undefined);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
	process.once(signal, () => {
		stopEverything().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	});
}

main().then(
	() => process.exit(0),
	async (error: Error) => {
		process.stderr.write(`\n[demo] failed: ${error.message}\n`);
		await stopEverything();
		process.exit(1);
	},
);
