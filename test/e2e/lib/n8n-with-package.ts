import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { installCommunityPackage, packPackage } from './community-package';
import { startN8n, type N8nProcess, type StartN8nOptions } from './n8n-process';

export interface PackageLoadedN8n extends N8nProcess {
	/** Where the package was installed inside n8n's community nodes folder. */
	packageDir: string;
}

/**
 * Starts n8n with the package installed the way users install it: its npm tarball in the
 * community nodes folder of a fresh user folder. Packs the repository when no tarball is given.
 */
export async function startN8nWithPackage(
	options: StartN8nOptions & { tarball?: string } = {},
): Promise<PackageLoadedN8n> {
	const tarball = options.tarball ?? process.env.E2E_PACKAGE_TARBALL ?? packPackage();
	const ownsUserFolder = options.userFolder === undefined;
	const userFolder = options.userFolder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-'));
	const removeOwnFolder = () => {
		if (ownsUserFolder) fs.rmSync(userFolder, { recursive: true, force: true });
	};
	let n8n: N8nProcess;
	let packageDir: string;
	try {
		packageDir = installCommunityPackage(userFolder, tarball);
		n8n = await startN8n({ ...options, userFolder, communityPackages: true });
	} catch (error) {
		removeOwnFolder();
		throw error;
	}
	return {
		...n8n,
		packageDir,
		stop: async () => {
			await n8n.stop();
			removeOwnFolder();
		},
	};
}
