// Builds the package into a private staging folder and packs it as npm would publish it, so the
// benchmark never touches the shared dist/ that other work in the tree may be rebuilding.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

function copyMatching(from: string, to: string, matches: (file: string) => boolean): void {
	if (!fs.existsSync(from)) return;
	for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
		const source = path.join(from, entry.name);
		const target = path.join(to, entry.name);
		if (entry.isDirectory()) copyMatching(source, target, matches);
		else if (matches(entry.name)) {
			fs.mkdirSync(to, { recursive: true });
			fs.copyFileSync(source, target);
		}
	}
}

/** Compiles nodes/ and credentials/ (tsconfig.build.json), adds the assets, packs; returns the tarball. */
export function buildAndPack(repoRoot: string, workFolder: string): string {
	const stage = path.join(workFolder, 'package');
	fs.rmSync(stage, { recursive: true, force: true });
	fs.mkdirSync(stage, { recursive: true });
	const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
	execFileSync(
		process.execPath,
		[tsc, '-p', path.join(repoRoot, 'tsconfig.build.json'), '--outDir', path.join(stage, 'dist')],
		{
			cwd: repoRoot,
			stdio: 'inherit',
		},
	);
	// The asset step of gulpfile.js: icons and codex files.
	copyMatching(path.join(repoRoot, 'icons'), path.join(stage, 'dist', 'icons'), (file) =>
		file.endsWith('.svg'),
	);
	copyMatching(path.join(repoRoot, 'nodes'), path.join(stage, 'dist', 'nodes'), (file) =>
		file.endsWith('.node.json'),
	);
	for (const file of ['package.json', 'LICENSE.md', 'README.md']) {
		if (fs.existsSync(path.join(repoRoot, file)))
			fs.copyFileSync(path.join(repoRoot, file), path.join(stage, file));
	}
	const output = execFileSync(
		'npm',
		['pack', '--json', '--ignore-scripts', '--pack-destination', workFolder],
		{
			cwd: stage,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	const [packed] = JSON.parse(output) as Array<{ filename: string }>;
	return path.join(workFolder, packed.filename);
}
