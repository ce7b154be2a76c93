#!/usr/bin/env node
'use strict';
// The compatibility suite: for each n8n the host installer knows (or those in COMPAT_VERSIONS,
// comma-separated; "2.41.1+3.0" is the pinned n8n with n8n 3.0's settings, in queue mode), installs
// it through scripts/n8n-host/install.js into its own folder, runs the smoke set
// (test/compat/*.compat.ts) against it with the package's packed tarball, and
// prints the table of docs/compatibility.md. Folders: N8N_HOST_DIR (default .n8n-host/) for the
// pinned n8n, and the same path with "-<version>" for each other one.
// Usage: npm run test:compat

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');

const repoRoot = path.resolve(__dirname, '..', '..');
const logDir = path.join(repoRoot, '.test-logs');
const { n8n: pinned } = require('../n8n-host/versions.json');
// A row is a version, or a version with n8n 3.0's settings ("2.41.1+3.0": test/compat/compat-n8n.ts).
const WITH_3_0 = '+3.0';
const known = [
	pinned,
	`${pinned}${WITH_3_0}`,
	...Object.keys(require('../n8n-host/other-versions.json')),
];
const rowNames = process.env.COMPAT_VERSIONS
	? process.env.COMPAT_VERSIONS.split(',').map((entry) => entry.trim())
	: known;
const baseHostDir = process.env.N8N_HOST_DIR
	? path.resolve(process.env.N8N_HOST_DIR)
	: path.join(repoRoot, '.n8n-host');

/** The table's columns: each smoke test's title starts with one of them. */
const COLUMNS = [
	'Loads',
	'Credential test',
	'Operations',
	'Send and Wait',
	'Reply trigger',
	'Chat trigger',
	'Callback trigger',
	'Examples imported',
	'Examples run',
	'Migration Report',
	'Binary data',
	'Task runner',
	'SSRF',
];
/** Columns only the row with 3.0's settings fills; elsewhere they show "—". */
const COLUMNS_OF_3_0 = new Set(['Binary data', 'Task runner', 'SSRF']);

function say(message) {
	process.stdout.write(`[compat] ${message}\n`);
}

function hostDirOf(version) {
	return version === pinned ? baseHostDir : `${baseHostDir}-${version}`;
}

function install(version, env) {
	const log = path.join(logDir, `compat-host-${version}.log`);
	say(
		`n8n ${version}: installing (or reusing) the host in ${env.N8N_HOST_DIR}; log ${path.relative(repoRoot, log)}`,
	);
	const started = Date.now();
	const out = fs.openSync(log, 'w');
	const result = spawnSync(
		process.execPath,
		[path.join(repoRoot, 'scripts', 'n8n-host', 'install.js')],
		{ env, stdio: ['ignore', out, out] },
	);
	fs.closeSync(out);
	if (result.status !== 0)
		throw new Error(`the host installer failed for n8n ${version}; see ${log}`);
	const marker = JSON.parse(fs.readFileSync(path.join(env.N8N_HOST_DIR, 'host.json'), 'utf8'));
	return { seconds: marker.seconds.total, reused: Date.now() - started < 30000, node: marker.node };
}

function smoke(rowName, env) {
	const report = path.join(logDir, `compat-${rowName}.json`);
	say(`n8n ${rowName}: running the smoke set`);
	fs.rmSync(report, { force: true });
	spawnSync('npx', ['jest', '-c', 'test/compat/jest.config.js'], {
		cwd: repoRoot,
		env: { ...env, COMPAT_REPORT: report },
		stdio: 'inherit',
	});
	if (!fs.existsSync(report)) throw new Error(`the smoke set wrote no report for n8n ${rowName}`);
	return JSON.parse(fs.readFileSync(report, 'utf8'));
}

function cell(row, column) {
	const { results } = row;
	if (COLUMNS_OF_3_0.has(column) && !row.with30) return '—';
	// n8n 1.x has no Migration Report
	if (column === 'Migration Report' && Number(row.version.split('.')[0]) < 2) return '—';
	const mine = results.filter((result) => result.title.startsWith(`${column}:`));
	const ran = mine.filter((result) => result.status === 'passed' || result.status === 'failed');
	const failed = ran.filter((result) => result.status !== 'passed');
	if (ran.length === 0) return mine.length ? 'not run' : '—';
	if (failed.length) return `✗ ${failed.length} of ${ran.length} failed`;
	// The smoke set says in a test's title when what it checks needs n8n 2.x (the AI examples).
	const shownToNeed2x = ran.filter((result) => /needs n8n 2\.x/.test(result.title)).length;
	// ... and when what it shows is n8n's own behaviour, not the package's (a tool run on a worker)
	const shownN8n = ran.filter((result) => /shown: n8n's/.test(result.title)).length;
	const notRun = mine.length - ran.length;
	const notes = [
		shownToNeed2x ? `of which ${shownToNeed2x} shown to need 2.x` : '',
		shownN8n ? `of which ${shownN8n} shows n8n's own limit` : '',
		notRun ? `${notRun} not run: needs 2.x` : '',
	].filter(Boolean);
	return `✓ ${ran.length}${notes.length ? ` (${notes.join('; ')})` : ''}`;
}

function main() {
	fs.mkdirSync(logDir, { recursive: true });
	say('building and packing the package once');
	execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
	const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-compat-pack-'));
	const packed = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
			cwd: repoRoot,
			encoding: 'utf8',
		}),
	);
	const tarball = path.join(packDir, packed[0].filename);

	const rows = [];
	for (const rowName of rowNames) {
		const with30 = rowName.endsWith(WITH_3_0);
		const version = with30 ? rowName.slice(0, -WITH_3_0.length) : rowName;
		const env = {
			...process.env,
			N8N_VERSION: version,
			N8N_HOST_DIR: hostDirOf(version),
			E2E_PACKAGE_TARBALL: tarball,
			...(with30 ? { COMPAT_SETTINGS: '3.0' } : {}),
		};
		let host;
		try {
			host = install(version, env);
		} catch (error) {
			say(error.message);
			rows.push({ rowName, version, with30, failedInstall: true });
			continue;
		}
		const started = Date.now();
		const results = smoke(rowName, env);
		const passed = results.filter((result) => result.status === 'passed').length;
		const failed = results.filter((result) => result.status === 'failed').length;
		rows.push({
			rowName,
			version,
			with30,
			host,
			results,
			passed,
			failed,
			seconds: Math.round((Date.now() - started) / 1000),
		});
	}
	fs.rmSync(packDir, { recursive: true, force: true });

	const header = ['n8n (Node.js)', 'Host install', ...COLUMNS, 'Tests'];
	const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
	for (const row of rows) {
		if (row.failedInstall) {
			lines.push(
				`| ${row.rowName} | ✗ failed (see .test-logs/compat-host-${row.version}.log) | ${COLUMNS.map(() => 'not run').join(' | ')} | — |`,
			);
			continue;
		}
		const install = row.host.reused
			? `reused (${row.host.seconds} s when made)`
			: `${row.host.seconds} s`;
		const cells = COLUMNS.map((column) => cell(row, column));
		const name = row.with30
			? `${row.version} (${row.host.node}) with 3.0's settings, queue mode`
			: `${row.version} (${row.host.node})`;
		lines.push(
			`| ${name} | ${install} | ${cells.join(' | ')} | ${row.passed} passed, ${row.failed} failed, ${row.seconds} s |`,
		);
	}
	const table = `${lines.join('\n')}\n`;
	fs.writeFileSync(path.join(logDir, 'compat-table.md'), table);
	process.stdout.write(`\n${table}\n`);
	say(`table written to ${path.relative(repoRoot, path.join(logDir, 'compat-table.md'))}`);
	process.exitCode = rows.every((row) => !row.failedInstall && row.failed === 0 && row.passed > 0)
		? 0
		: 1;
}

main();
