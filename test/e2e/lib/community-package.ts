import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { host } from './host';

/** Packs the repository as npm would publish it (needs a build in dist/); returns the tarball's path. */
export function packPackage(destination = path.join(host.hostDir, 'e2e-pack')): string {
	fs.mkdirSync(destination, { recursive: true });
	const output = execFileSync(
		'npm',
		['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
		{
			cwd: host.repoRoot,
			encoding: 'utf8',
		},
	);
	const [packed] = JSON.parse(output) as Array<{ filename: string }>;
	return path.join(destination, packed.filename);
}

/**
 * Installs a package tarball the way n8n's "Install community node" does: with npm, into
 * <userFolder>/.n8n/nodes. Offline-safe: the package has no runtime dependencies, and its
 * peer n8n-workflow is not installed (n8n provides it).
 */
export function installCommunityPackage(userFolder: string, tarballPath: string): string {
	const tarball = path.resolve(tarballPath);
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	if (!fs.existsSync(path.join(nodesDir, 'package.json'))) {
		fs.writeFileSync(
			path.join(nodesDir, 'package.json'),
			`${JSON.stringify({ name: 'installed-nodes', private: true }, null, '\t')}\n`,
		);
	}
	try {
		execFileSync(
			'npm',
			[
				'install',
				tarball,
				'--ignore-scripts',
				'--omit=peer',
				'--legacy-peer-deps',
				'--no-audit',
				'--no-fund',
				'--offline',
				'--no-package-lock',
			],
			{ cwd: nodesDir, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
		);
	} catch (error) {
		const { stderr } = error as { stderr?: string };
		throw new Error(
			`npm could not install ${tarball} into ${nodesDir} offline:\n${stderr ?? (error as Error).message}`,
		);
	}
	return path.join(nodesDir, 'node_modules', packageNameOf(tarball));
}

function packageNameOf(tarball: string): string {
	const packageJson = execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], {
		encoding: 'utf8',
	});
	return (JSON.parse(packageJson) as { name: string }).name;
}
