import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { host } from '../../test/e2e/lib/host';

const PLAYWRIGHT_CORE = 'playwright-core@1.65.1';

interface Playwright {
	chromium: {
		launch(options: {
			executablePath: string;
			args: string[];
		}): Promise<import('./playwright-types').Browser>;
	};
}

/** Chromium's flags for a headless run on these machines (no sandbox, GPU or network beyond the demo). */
export const CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/** playwright-core lives in the git-ignored host folder, not in the package's dependencies; installed on first use. */
export function loadPlaywright(): Playwright {
	const toolsDir = path.join(host.hostDir, 'tools');
	const entry = path.join(toolsDir, 'node_modules', 'playwright-core');
	if (!fs.existsSync(entry)) {
		process.stdout.write(
			`installing ${PLAYWRIGHT_CORE} into ${path.relative(host.repoRoot, toolsDir)}\n`,
		);
		fs.mkdirSync(toolsDir, { recursive: true });
		if (!fs.existsSync(path.join(toolsDir, 'package.json'))) {
			fs.writeFileSync(
				path.join(toolsDir, 'package.json'),
				'{ "name": "n8n-host-tools", "private": true }\n',
			);
		}
		execFileSync(
			'npm',
			['install', '--ignore-scripts', '--no-audit', '--no-fund', PLAYWRIGHT_CORE],
			{ cwd: toolsDir, stdio: 'inherit' },
		);
	}
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(entry) as Playwright;
}
