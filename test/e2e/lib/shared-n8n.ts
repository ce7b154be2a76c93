// The one n8n with the package that the end-to-end files share: the global setup starts it
// (shared-n8n-lifecycle.ts) and leaves what a file needs to reach it in the environment, which
// jest hands on to its workers. Files run side by side in it: each keeps to its own credentials,
// workflows and executions, and none stops, restarts or reconfigures it.
import * as fs from 'node:fs';
import { N8nClient } from './n8n-client';

const VARIABLE = 'E2E_SHARED_N8N';

/** What the global setup leaves for the files. */
export interface SharedN8nAddress {
	baseUrl: string;
	/** The owner's session, begun by the global setup (see N8nClient.resumeSession). */
	session: string;
	userFolder: string;
	/** Where the package was installed inside n8n's community nodes folder. */
	packageDir: string;
	/** Everything n8n wrote to stdout and stderr since it started. */
	logFile: string;
}

export interface SharedN8n {
	baseUrl: string;
	userFolder: string;
	packageDir: string;
	/** n8n's output so far: of every file's work, not only this file's. */
	output(): string;
}

export function publishSharedN8n(address: SharedN8nAddress): void {
	process.env[VARIABLE] = JSON.stringify(address);
}

function sharedN8nAddress(): SharedN8nAddress {
	const published = process.env[VARIABLE];
	if (!published)
		throw new Error(
			`${VARIABLE} is not set: the shared n8n is started by the global setup of test/e2e/jest.config.js`,
		);
	return JSON.parse(published) as SharedN8nAddress;
}

/** The shared n8n, and a client of this file's own, logged in as its owner. */
export async function sharedN8n(): Promise<{ n8n: SharedN8n; client: N8nClient }> {
	const { baseUrl, session, userFolder, packageDir, logFile } = sharedN8nAddress();
	const client = new N8nClient(baseUrl);
	await client.resumeSession(session);
	return {
		n8n: { baseUrl, userFolder, packageDir, output: () => fs.readFileSync(logFile, 'utf8') },
		client,
	};
}
