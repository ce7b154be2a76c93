#!/usr/bin/env node
'use strict';
// n8n's package scanner (@n8n/scan-community-package) on this checkout, before publishing.
// Its command line scans only a version published on npm with provenance, whose source it
// downloads from GitHub; this runs the same two checks on what we would publish: the source
// (package.json, nodes/, credentials/) and the packed tarball (its .js files and package.json).
// It builds, packs, installs the scanner (newest on the registry, or SCANNER_VERSION) into a
// temporary folder with npm, and needs no network beyond the npm registry.
// Usage: npm run scan:package

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { pathToFileURL } = require('node:url');

const repoRoot = path.resolve(__dirname, '..', '..');
const version = process.env.SCANNER_VERSION ?? 'latest';

function say(message) {
	process.stdout.write(`[scan] ${message}\n`);
}

function run(command, args, cwd) {
	return execFileSync(command, args, {
		cwd,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
}

async function main() {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-community-package-'));
	try {
		say('building the package (npm run build)');
		run('npm', ['run', '--silent', 'build'], repoRoot);
		say('packing it (npm pack)');
		const tarball = run('npm', ['pack', '--silent', '--pack-destination', work], repoRoot)
			.trim()
			.split('\n')
			.pop();
		const unpacked = path.join(work, 'package');
		run('tar', ['-xzf', path.join(work, tarball), '-C', work], work);

		// --ignore-scripts: a dependency of the scanner (eslint-plugin-n8n-nodes-base) has a
		// preinstall script that only lets pnpm install it, which stops a plain npm install
		say(`installing @n8n/scan-community-package@${version} into ${work}`);
		run(
			'npm',
			[
				'install',
				'--silent',
				'--no-save',
				'--no-audit',
				'--no-fund',
				'--ignore-scripts',
				'--prefix',
				work,
				`@n8n/scan-community-package@${version}`,
			],
			work,
		);
		const scannerDir = path.join(work, 'node_modules', '@n8n', 'scan-community-package');
		const installed = JSON.parse(
			fs.readFileSync(path.join(scannerDir, 'package.json'), 'utf8'),
		).version;
		const scanner = await import(
			pathToFileURL(path.join(scannerDir, 'scanner', 'scanner.mjs')).href
		);

		const legs = [
			{
				name: `source (${scanner.SOURCE_FILE_PATTERNS.join(', ')})`,
				dir: repoRoot,
				patterns: scanner.SOURCE_FILE_PATTERNS,
			},
			{
				name: `tarball ${tarball} (**/*.js, package.json)`,
				dir: unpacked,
				patterns: ['**/*.js', 'package.json'],
			},
		];
		let passed = true;
		for (const leg of legs) {
			const result = await scanner.analyzePackage(leg.dir, leg.patterns);
			say(
				`${result.passed ? 'passed' : 'FAILED'}: ${leg.name}${result.message ? ` (${result.message})` : ''}`,
			);
			if (result.details) process.stdout.write(`${result.details}\n`);
			passed &&= result.passed;
		}
		say(`@n8n/scan-community-package ${installed}: ${passed ? 'clean' : 'violations found'}`);
		return passed ? 0 : 1;
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
}

main().then(
	(code) => process.exit(code),
	(error) => {
		process.stderr.write(`[scan] ${error.stack ?? error}\n`);
		process.exit(1);
	},
);
