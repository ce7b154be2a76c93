// Redis and PostgreSQL for n8n's queue mode: installed from Debian's packages when missing
// (scripts/queue-mode/install.sh), started as plain processes on 127.0.0.1 with their data in a
// temporary folder, stopped and removed afterwards. Nothing here touches a system service.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { getFreePort } from '../free-port';
import { host } from '../host';

export interface Service {
	port: number;
	/** the last part of its output, for diagnostics */
	output(): string;
	stop(): Promise<void>;
}

export interface PostgresService extends Service {
	user: string;
	database: string;
	/** Runs one SQL statement with psql; its rows, one a line, columns separated by `|`. */
	query(sql: string): string;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
	for (const child of running) signalGroup(child, 'SIGKILL');
});

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// already gone
	}
}

/** Runs scripts/queue-mode/install.sh: apt-get installs Redis and PostgreSQL when they are missing (as root). */
export function ensureQueueServicesInstalled(): void {
	execFileSync('bash', [path.join(host.repoRoot, 'scripts', 'queue-mode', 'install.sh')], {
		stdio: 'inherit',
	});
}

function postgresBin(name: string): string {
	const root = '/usr/lib/postgresql';
	const versions = fs.existsSync(root)
		? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
		: [];
	for (const version of versions) {
		const candidate = path.join(root, version, 'bin', name);
		if (fs.existsSync(candidate)) return candidate;
	}
	return name;
}

const isRoot = () => process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user the package created. */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
	return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

async function startProcess(
	name: string,
	[command, args]: [string, string[]],
	ready: RegExp,
	timeoutMs = 60000,
): Promise<{
	child: ChildProcess;
	output: () => string;
	stop: (signal: NodeJS.Signals) => Promise<void>;
}> {
	let output = '';
	const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	running.add(child);
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	void exited.then(() => running.delete(child));
	const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-50000));
	child.stdout?.on('data', collect);
	child.stderr?.on('data', collect);
	const stop = async (signal: NodeJS.Signals) => {
		if (child.exitCode === null && child.signalCode === null) {
			signalGroup(child, signal);
			const forced = setTimeout(() => signalGroup(child, 'SIGKILL'), 15000);
			await exited;
			clearTimeout(forced);
		}
		signalGroup(child, 'SIGKILL');
	};
	const deadline = Date.now() + timeoutMs;
	while (!ready.test(output)) {
		if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
			await stop('SIGKILL');
			throw new Error(`${name} did not start (${command} ${args.join(' ')}):\n${output}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	return { child, output: () => output, stop };
}

/** redis-server on 127.0.0.1 and a free port, nothing saved to disk. */
export async function startRedis(): Promise<Service> {
	const port = await getFreePort();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'queue-redis-'));
	const redis = await startProcess(
		'Redis',
		[
			'redis-server',
			[
				'--port',
				String(port),
				'--bind',
				'127.0.0.1',
				'--save',
				'',
				'--appendonly',
				'no',
				'--dir',
				dir,
			],
		],
		/Ready to accept connections/,
	);
	return {
		port,
		output: redis.output,
		stop: async () => {
			await redis.stop('SIGTERM');
			fs.rmSync(dir, { recursive: true, force: true });
		},
	};
}

/**
 * A PostgreSQL cluster of its own in a temporary folder (initdb), on 127.0.0.1 and a free port,
 * its superuser `n8n` trusted without a password, durability switched off (a test database).
 */
export async function startPostgres(): Promise<PostgresService> {
	const port = await getFreePort();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'queue-postgres-'));
	const dataDir = path.join(dir, 'data');
	fs.mkdirSync(dataDir);
	if (isRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
	const user = 'n8n';
	const [initdb, initdbArgs] = asPostgresUser(postgresBin('initdb'), [
		'-D',
		dataDir,
		'-U',
		user,
		'--auth=trust',
		'-E',
		'UTF8',
		'--no-sync',
	]);
	execFileSync(initdb, initdbArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
	const postgres = await startProcess(
		'PostgreSQL',
		asPostgresUser(postgresBin('postgres'), [
			'-D',
			dataDir,
			'-p',
			String(port),
			'-h',
			'127.0.0.1',
			'-k',
			dir,
			'-c',
			'fsync=off',
			'-c',
			'synchronous_commit=off',
			'-c',
			'full_page_writes=off',
		]),
		/database system is ready to accept connections/,
	);
	return {
		port,
		user,
		database: 'postgres',
		output: postgres.output,
		query: (sql) =>
			execFileSync(
				postgresBin('psql'),
				[
					'-h',
					'127.0.0.1',
					'-p',
					String(port),
					'-U',
					user,
					'-d',
					'postgres',
					'-At',
					'-F',
					'|',
					'-c',
					sql,
				],
				{
					encoding: 'utf8',
				},
			).trim(),
		stop: async () => {
			// SIGINT: PostgreSQL's fast shutdown
			await postgres.stop('SIGINT');
			fs.rmSync(dir, { recursive: true, force: true });
		},
	};
}
