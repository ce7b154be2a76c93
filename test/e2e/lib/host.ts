import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

export interface HostPaths {
	repoRoot: string;
	hostDir: string;
	nodeBinDir: string;
	nodeBinary: string;
	n8nDir: string;
	n8nBin: string;
	markerFile: string;
	versions: { n8n: string; node: string; pinned: boolean };
}

// The installer and its paths are plain Node.js so they run before anything is built.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const host = require('../../../scripts/n8n-host/host-paths.js') as HostPaths;

/** The major version of the host's n8n: 1.x's REST API differs from 2.x's in places (n8n-client.ts). */
export const n8nMajorVersion = Number(host.versions.n8n.split('.')[0]);

const installer = path.join(host.repoRoot, 'scripts', 'n8n-host', 'install.js');

/** Installs the n8n host on first use (several minutes, with progress on stdout); a no-op afterwards. */
export function ensureHostInstalled(): void {
	execFileSync(process.execPath, [installer, '--quiet-if-ready'], { stdio: 'inherit' });
}

/** Loads a module from the host's n8n install (it carries what n8n itself needs, e.g. flatted). */
export function requireFromHost<T>(moduleName: string): T {
	const resolved = require.resolve(moduleName, {
		paths: [path.join(host.n8nDir, 'node_modules', 'n8n')],
	});
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(resolved) as T;
}
