import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import axios from 'axios';
import { getFreePort } from './free-port';
import { host, n8nMajorVersion } from './host';

export interface StartN8nOptions {
	/** `n8n start` (default: main, with the editor and REST API) or `n8n worker` (queue mode). */
	command?: 'start' | 'worker';
	/** Port of the editor and REST API; a free one when omitted. */
	port?: number;
	/** N8N_USER_FOLDER; a fresh temporary folder when omitted (and removed on stop). */
	userFolder?: string;
	/** Folders with compiled nodes, loaded as CUSTOM.<name> (N8N_CUSTOM_EXTENSIONS). */
	customExtensions?: string[];
	/** Keep n8n's community-packages module on, so <userFolder>/.n8n/nodes is loaded. */
	communityPackages?: boolean;
	/** Extra environment, applied last. */
	env?: Record<string, string>;
	/** Also append n8n's output to this file. */
	logFile?: string;
	/** Print n8n's output to this process's stdout as well. */
	echoOutput?: boolean;
	/** Gives up waiting for /healthz/readiness after this long (a guard, not an assertion). */
	startTimeoutMs?: number;
}

export interface N8nProcess {
	baseUrl: string;
	port: number;
	userFolder: string;
	pid: number;
	/** The last part of n8n's stdout and stderr, for diagnostics. */
	output(): string;
	/** Stops n8n and every process it started (its process group); removes a temporary user folder. */
	stop(): Promise<void>;
	/**
	 * Sends `signal` to n8n's process group at once (synchronously, before the first await: a kill
	 * timed to an event lands within milliseconds of it), waits until n8n has exited (SIGKILL after
	 * 20 s), then kills what is left of the group; removes a temporary user folder, as stop() does.
	 */
	kill(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

const OUTPUT_LIMIT = 200_000;
const running = new Set<ChildProcess>();

// A test runner that dies must not leave n8n behind: kill whatever is still running on exit, or
// when stopped (Ctrl-C in `npm test` asks each stage's process group to stop; n8n is in a group of
// its own, which the signal does not reach). These handlers fire only where this module is loaded
// outside a test file (jest's global setup): a test file's `process` is jest's copy, which the real
// exit and signals never reach. For those, `npm test` names a folder (E2E_N8N_PID_DIR) where each
// running n8n leaves its process group's id, and stops the ones left when the suite has ended.
process.once('exit', () => {
	for (const child of running) killGroup(child, 'SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.once(signal, () => {
		for (const child of running) killGroup(child, 'SIGKILL');
		process.kill(process.pid, signal);
	});
}

/** Leaves the process group's id in E2E_N8N_PID_DIR, when set; returns the function that takes it back. */
function noteRunning(pid: number | undefined): () => void {
	const folder = process.env.E2E_N8N_PID_DIR;
	if (!folder || pid === undefined) return () => undefined;
	fs.mkdirSync(folder, { recursive: true });
	const file = path.join(folder, String(pid));
	fs.writeFileSync(file, '');
	return () => fs.rmSync(file, { force: true });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// already gone
	}
}

/** The environment that keeps n8n offline and private to this run. */
export function n8nEnvironment(
	options: { port: number; userFolder: string; brokerPort: number } & StartN8nOptions,
) {
	// n8n 1.x has no mcp-registry module, and refuses to start when told to disable a module it does not know.
	const disabledModules = [
		...(options.communityPackages ? [] : ['community-packages']),
		...(n8nMajorVersion >= 2 ? ['mcp-registry'] : []),
	];
	const env: Record<string, string> = {
		...(process.env as Record<string, string>),
		PATH: `${host.nodeBinDir}${path.delimiter}${process.env.PATH ?? ''}`,
		N8N_USER_FOLDER: options.userFolder,
		N8N_PORT: String(options.port),
		N8N_HOST: '127.0.0.1',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_WEBHOOK_URL: `http://127.0.0.1:${options.port}/`,
		// jest sets NODE_ENV=test, in which n8n refuses to load nodes.
		NODE_ENV: 'production',
		N8N_RUNNERS_BROKER_PORT: String(options.brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		// With community packages on, the editor would fetch n8n's list of verified packages online.
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		GENERIC_TIMEZONE: 'UTC',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
		// n8n pings its database every 2 s and answers every request with 503 "Database is not ready!"
		// while a ping is late by 5 s; with SQLite on a machine as busy as CI that happens.
		DB_PING_TIMEOUT_MS: '60000',
	};
	if (disabledModules.length) env.N8N_DISABLED_MODULES = disabledModules.join(',');
	if (options.customExtensions?.length)
		env.N8N_CUSTOM_EXTENSIONS = options.customExtensions.join(';');
	return { ...env, ...options.env };
}

// Ready means: the database is migrated (/healthz/readiness) and n8n has announced its editor,
// which it does once the REST API and the node types are loaded.
const EDITOR_ANNOUNCED = 'Editor is now accessible via';
const WORKER_ANNOUNCED = 'n8n worker is now ready';

async function waitUntilWorkerReady(child: ChildProcess, timeoutMs: number, output: () => string) {
	const deadline = Date.now() + timeoutMs;
	while (!output().includes(WORKER_ANNOUNCED)) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(
				`n8n worker exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`,
			);
		}
		if (Date.now() > deadline)
			throw new Error(`n8n worker was not ready within ${timeoutMs} ms:\n${output()}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

async function waitUntilReady(
	baseUrl: string,
	child: ChildProcess,
	timeoutMs: number,
	output: () => string,
) {
	const deadline = Date.now() + timeoutMs;
	let closed = false;
	child.once('close', () => (closed = true));
	while (Date.now() < deadline) {
		if (closed) {
			throw new Error(
				`n8n exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`,
			);
		}
		try {
			const response = await axios.get(`${baseUrl}/healthz/readiness`, {
				timeout: 2000,
				validateStatus: () => true,
			});
			if (response.status === 200 && output().includes(EDITOR_ANNOUNCED)) return;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(`n8n did not become ready at ${baseUrl} within ${timeoutMs} ms:\n${output()}`);
}

export async function startN8n(options: StartN8nOptions = {}): Promise<N8nProcess> {
	if (!fs.existsSync(host.n8nBin)) {
		throw new Error(
			`n8n is not installed in ${host.hostDir}; run: node scripts/n8n-host/install.js`,
		);
	}
	const port = options.port ?? (await getFreePort());
	const brokerPort = await getFreePort();
	const ownsUserFolder = options.userFolder === undefined;
	const userFolder = options.userFolder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-'));
	const baseUrl = `http://127.0.0.1:${port}`;
	const env = n8nEnvironment({ ...options, port, userFolder, brokerPort });

	let output = '';
	const logStream = options.logFile
		? fs.createWriteStream(options.logFile, { flags: 'a' })
		: undefined;
	const child = spawn(host.nodeBinary, [host.n8nBin, options.command ?? 'start'], {
		cwd: userFolder,
		env,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	running.add(child);
	const forgetRunning = noteRunning(child.pid);
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	exited.then(
		() => running.delete(child),
		() => undefined,
	);
	const collect = (chunk: Buffer) => {
		output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
		logStream?.write(chunk);
		if (options.echoOutput) process.stdout.write(chunk);
	};
	child.stdout?.on('data', collect);
	child.stderr?.on('data', collect);

	const kill = async (signal: 'SIGTERM' | 'SIGKILL') => {
		if (child.exitCode === null && child.signalCode === null) {
			killGroup(child, signal);
			const forced = setTimeout(() => killGroup(child, 'SIGKILL'), 20000);
			await exited;
			clearTimeout(forced);
		}
		// n8n's task runner lives in the same group and may outlive the main process for a moment.
		killGroup(child, 'SIGKILL');
		forgetRunning();
		logStream?.end();
		if (ownsUserFolder) fs.rmSync(userFolder, { recursive: true, force: true });
	};
	const stop = async () => await kill('SIGTERM');

	try {
		const timeoutMs = options.startTimeoutMs ?? 300000;
		if (options.command === 'worker') await waitUntilWorkerReady(child, timeoutMs, () => output);
		else await waitUntilReady(baseUrl, child, timeoutMs, () => output);
	} catch (error) {
		await stop();
		throw error;
	}
	return { baseUrl, port, userFolder, pid: child.pid ?? -1, output: () => output, stop, kill };
}
