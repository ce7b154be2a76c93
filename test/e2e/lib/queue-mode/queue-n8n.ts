// n8n in queue mode on this machine: Redis, PostgreSQL, one main and its workers (`n8n worker`),
// all sharing one user folder with the package installed from its npm tarball, as users run it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { installCommunityPackage, packPackage } from '../community-package';
import { getFreePort } from '../free-port';
import { startN8n, type N8nProcess } from '../n8n-process';
import {
	ensureQueueServicesInstalled,
	startPostgres,
	startRedis,
	type PostgresService,
	type Service,
} from './services';

export interface QueueModeN8n {
	/** the main instance now running (a new one after restartMain) */
	readonly main: N8nProcess;
	readonly baseUrl: string;
	readonly workers: N8nProcess[];
	readonly packageDir: string;
	/** Stops main and starts it again on the same port, database and queue (workers keep running). */
	restartMain(): Promise<void>;
	/** Stops main with this signal (sent at once), as a crash or a deploy does; startMain() starts it again (workers keep running). */
	killMain(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
	startMain(): Promise<void>;
	/** Which worker (index into workers) logged that it started the execution, or undefined. */
	workerOf(executionId: string): number | undefined;
	/** How many times the workers logged that they started (or resumed) the execution. */
	workerRunsOf(executionId: string): number;
	/** The execution's status and waitTill as n8n stored them in PostgreSQL (read with psql, not through n8n). */
	storedExecution(executionId: string): { status: string; waitTill: string };
	stop(): Promise<void>;
}

export interface QueueModeOptions {
	/** the package's npm tarball (default: E2E_PACKAGE_TARBALL of the e2e set-up, or a fresh pack) */
	tarball?: string;
	workers?: number;
	/** folder for the processes' logs (main.log, worker-1.log, ...); none when omitted */
	logDir?: string;
	/** extra environment for main and the workers */
	env?: Record<string, string>;
}

const ENCRYPTION_KEY = 'queue-mode-test-encryption-key-3f9a1c';
const JOBS_KEPT = 1000;

function queueEnvironment(
	redis: Service,
	postgres: PostgresService,
	mainUrl: string,
): Record<string, string> {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		// the test cluster trusts local connections; n8n wants some password
		DB_POSTGRESDB_PASSWORD: 'unused',
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		// the links a worker writes (Send and Wait's response link) must point at main, as users set
		// WEBHOOK_URL on every process; the e2e default N8N_WEBHOOK_URL (each process's own port) wins over it
		WEBHOOK_URL: `${mainUrl}/`,
		N8N_WEBHOOK_URL: `${mainUrl}/`,
		// manual runs go to the workers too, as every run will in n8n 3
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
		// n8n's default (0) has Bull delete a job the moment it finishes; a worker that finishes it before
		// a busy main starts waiting for it leaves the webhook's caller waiting forever (docs/queue-mode.md)
		N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED: String(JOBS_KEPT),
		N8N_EXECUTIONS_QUEUE_KEEP_LAST_FAILED: String(JOBS_KEPT),
	};
}

const STARTED_EXECUTION = /Worker started execution (\d+)/g;

function startsLogged(worker: N8nProcess, executionId: string): number {
	return [...worker.output().matchAll(STARTED_EXECUTION)].filter(
		(match) => match[1] === executionId,
	).length;
}

/** Starts Redis, PostgreSQL, n8n main (database migrated), then the workers. Installs Redis and PostgreSQL when missing. */
export async function startQueueModeN8n(options: QueueModeOptions = {}): Promise<QueueModeN8n> {
	ensureQueueServicesInstalled();
	const tarball = options.tarball ?? process.env.E2E_PACKAGE_TARBALL ?? packPackage();
	const cleanups: Array<() => Promise<void>> = [];
	const stopAll = async () => {
		while (cleanups.length)
			await cleanups
				.pop()?.()
				.catch((error: Error) => console.error(error.message));
	};
	try {
		const redis = await startRedis();
		cleanups.push(() => redis.stop());
		const postgres = await startPostgres();
		cleanups.push(() => postgres.stop());

		const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-'));
		cleanups.push(async () => fs.rmSync(userFolder, { recursive: true, force: true }));
		const packageDir = installCommunityPackage(userFolder, tarball);

		const port = await getFreePort();
		const mainUrl = `http://127.0.0.1:${port}`;
		const env = { ...queueEnvironment(redis, postgres, mainUrl), ...options.env };
		const logFile = (name: string) =>
			options.logDir ? path.join(options.logDir, `${name}.log`) : undefined;
		if (options.logDir) {
			// this run's logs only: the processes append, and main's restarts go on in the same file
			fs.rmSync(options.logDir, { recursive: true, force: true });
			fs.mkdirSync(options.logDir, { recursive: true });
		}

		const startMain = async () =>
			await startN8n({ port, userFolder, communityPackages: true, env, logFile: logFile('main') });
		let main = await startMain();
		cleanups.push(() => main.stop());

		const workers: N8nProcess[] = [];
		for (let index = 0; index < (options.workers ?? 2); index++) {
			const worker = await startN8n({
				command: 'worker',
				userFolder,
				communityPackages: true,
				env: { ...env, QUEUE_HEALTH_CHECK_PORT: String(await getFreePort()) },
				logFile: logFile(`worker-${index + 1}`),
			});
			workers.push(worker);
			cleanups.push(() => worker.stop());
		}

		return {
			get main() {
				return main;
			},
			baseUrl: mainUrl,
			workers,
			packageDir,
			restartMain: async () => {
				await main.stop();
				main = await startMain();
			},
			killMain: async (signal) => await main.kill(signal),
			startMain: async () => {
				main = await startMain();
			},
			workerOf: (executionId) => {
				const index = workers.findIndex((worker) => startsLogged(worker, executionId) > 0);
				return index >= 0 ? index : undefined;
			},
			workerRunsOf: (executionId) =>
				workers.reduce((sum, worker) => sum + startsLogged(worker, executionId), 0),
			storedExecution: (executionId) => {
				const row = postgres.query(
					`SELECT status, "waitTill" FROM execution_entity WHERE id = ${Number(executionId)}`,
				);
				const [status = '', waitTill = ''] = row.split('|');
				return { status, waitTill };
			},
			stop: stopAll,
		};
	} catch (error) {
		await stopAll();
		throw error;
	}
}
