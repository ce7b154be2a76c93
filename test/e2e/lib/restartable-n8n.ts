// One n8n (regular mode, SQLite) with the package from its tarball, on a user folder of the
// test's own that outlives the process: stopped with a signal and started again on the same
// port, database and static data, as a deploy or a crash and a supervisor's restart do.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Restartable, Signal } from './kill';
import { N8nClient, N8nRequestError } from './n8n-client';
import type { N8nProcess } from './n8n-process';
import { startN8n } from './n8n-process';
import { startN8nWithPackage } from './n8n-with-package';

export interface RestartableN8n extends Restartable {
	readonly client: N8nClient;
	readonly process: N8nProcess;
	/** when n8n was last ready (ms) */
	readonly readyAt: number;
	stop(): Promise<void>;
}

/** Starts n8n with the package on `<runFolder>/user`, its output appended to `<runFolder>/n8n.log`. */
export async function startRestartableN8n(
	runFolder: string,
	env: Record<string, string> = {},
): Promise<RestartableN8n> {
	const userFolder = path.join(runFolder, 'user');
	fs.mkdirSync(userFolder, { recursive: true });
	const logFile = path.join(runFolder, 'n8n.log');
	let current: N8nProcess | undefined = await startN8nWithPackage({ userFolder, logFile, env });
	const port = current.port;
	const client = new N8nClient(current.baseUrl);
	let readyAt = Date.now();
	return {
		client,
		get process() {
			if (!current) throw new Error('n8n is not running');
			return current;
		},
		get readyAt() {
			return readyAt;
		},
		kill: async (signal: Signal) => {
			const running = current;
			current = undefined;
			await running?.kill(signal);
		},
		start: async () => {
			current = await startN8n({ userFolder, port, communityPackages: true, logFile, env });
			readyAt = Date.now();
		},
		stop: async () => {
			await current?.stop();
			current = undefined;
		},
	};
}

/** Logs in once; after a restart the session cookie (signed with the user folder's key) still holds, else it logs in again. */
export async function keepSession(
	client: N8nClient,
	owner: { email: string; password: string },
): Promise<void> {
	try {
		await client.request('get', '/rest/login');
	} catch (error) {
		if (!(error instanceof N8nRequestError && error.status === 401)) throw error;
		await client.login(owner.email, owner.password);
	}
}
