import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packPackage } from './lib/community-package';
import { ensureHostInstalled, host } from './lib/host';
import { startSharedN8n } from './lib/shared-n8n-lifecycle';

// Runs once before the end-to-end files: installs the n8n host on the first run (several
// minutes, with progress), builds the package, packs it as npm would publish it, and starts the
// n8n with the package that the files share.
export default async function globalSetup(): Promise<void> {
	const started = Date.now();
	ensureHostInstalled();
	if (process.env.E2E_SKIP_BUILD !== '1') {
		process.stdout.write('\n[e2e] building the package (npm run build)\n');
		execFileSync('npm', ['run', 'build'], { cwd: host.repoRoot, stdio: 'inherit' });
	}
	// A folder of this run's own: runs from other checkouts sharing the host must not swap the tarball.
	const packFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-pack-'));
	const tarball = packPackage(packFolder);
	process.env.E2E_PACKAGE_TARBALL = tarball;
	await startSharedN8n(tarball);
	process.stdout.write(
		`[e2e] packed ${tarball}, started the shared n8n; setup took ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
	);
}
