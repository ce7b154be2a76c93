// `--baseline <commit>`: the package as it was at another commit, packed from a worktree of it (the
// repository's own node_modules linked in), so that the CHAT bench plays the same script against
// it and against the tree in one run: the before-and-after figures share the machine and its load.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildAndPack } from './package';

/** Packs the package at `commit`; returns the tarball, in `workFolder/baseline`. */
export function packBaseline(repoRoot: string, workFolder: string, commit: string): string {
	const folder = path.join(workFolder, 'baseline');
	const tree = path.join(folder, 'tree');
	fs.rmSync(folder, { recursive: true, force: true });
	execFileSync('git', ['worktree', 'prune'], { cwd: repoRoot });
	execFileSync('git', ['worktree', 'add', '--detach', tree, commit], {
		cwd: repoRoot,
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	try {
		fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(tree, 'node_modules'));
		return buildAndPack(tree, folder);
	} finally {
		execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: repoRoot });
	}
}
