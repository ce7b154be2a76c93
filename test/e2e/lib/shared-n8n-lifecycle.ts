// Starts and stops the n8n the end-to-end files share (shared-n8n.ts), from jest's global setup
// and teardown. Both run in jest's own process, which stays up for the whole run and carries
// n8n's output into the log file the files read.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { N8nClient, type OwnerAccount } from './n8n-client';
import { n8nLogFile } from './n8n-logs';
import { startN8nWithPackage, type PackageLoadedN8n } from './n8n-with-package';
import { publishSharedN8n } from './shared-n8n';

const OWNER: OwnerAccount = {
	email: 'owner@example.com',
	password: 'Shared-e2e-owner-1',
	firstName: 'Owner',
	lastName: 'Test',
};

// The teardown receives nothing from the setup; a global of jest's process is the way across.
interface RunningSharedN8n {
	n8n: PackageLoadedN8n;
	runFolder: string;
}
const processGlobals = globalThis as { e2eSharedN8n?: RunningSharedN8n };

/** Starts n8n with the package from the tarball, sets up its owner and logs in, and publishes it to the files. */
export async function startSharedN8n(tarball: string): Promise<void> {
	const runFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-shared-'));
	const userFolder = path.join(runFolder, 'user');
	const logFile = n8nLogFile('shared');
	fs.mkdirSync(userFolder);
	let n8n: PackageLoadedN8n;
	try {
		n8n = await startN8nWithPackage({ tarball, userFolder, logFile });
	} catch (error) {
		fs.rmSync(runFolder, { recursive: true, force: true });
		throw error;
	}
	processGlobals.e2eSharedN8n = { n8n, runFolder };
	const owner = new N8nClient(n8n.baseUrl);
	try {
		await owner.setupOwnerAndLogin(OWNER);
	} catch (error) {
		await stopSharedN8n();
		throw error;
	}
	publishSharedN8n({
		baseUrl: n8n.baseUrl,
		session: owner.session,
		userFolder,
		packageDir: n8n.packageDir,
		logFile,
	});
}

export async function stopSharedN8n(): Promise<void> {
	const running = processGlobals.e2eSharedN8n;
	if (!running) return;
	delete processGlobals.e2eSharedN8n;
	await running.n8n.stop();
	fs.rmSync(running.runFolder, { recursive: true, force: true });
}
