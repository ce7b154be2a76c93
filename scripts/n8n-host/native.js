'use strict';
// The native modules of the host's n8n, built for the Node.js that runs it. isolated-vm ships a
// prebuilt binary for Node.js 24. sqlite3 has none on the npm registry, so it is compiled from
// source: in a folder of its own, from the version the pinned tree holds, while n8n's tree is
// still being unpacked; its binary (Node-API, so not tied to one Node.js version) is then put into
// n8n's copy. -O1 instead of its -O3 halves the compile (about 50 s instead of 90 s on one core)
// for a database that holds a few test workflows.

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const host = require('./host-paths');
const { run, writeJson, host24Env } = require('./shell');

/** n8n's dependency tree, pinned: `npm ci` resolves nothing and every run gets the same n8n. */
const pinnedTree = path.join(__dirname, 'package-lock.json');
const sqliteDir = path.join(host.hostDir, 'sqlite3-build');
const BINARY = path.join('node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');

function pinnedVersion(name) {
	const entry = JSON.parse(fs.readFileSync(pinnedTree, 'utf8')).packages[`node_modules/${name}`];
	if (!entry) throw new Error(`${name} is not in ${path.relative(host.repoRoot, pinnedTree)}`);
	return entry.version;
}

/** The sqlite3 of the n8n being installed: from the pinned tree, or else as n8n's package.json names it. */
function sqliteVersion() {
	if (host.versions.pinned) return pinnedVersion('sqlite3');
	const named = execFileSync('npm', ['view', `n8n@${host.versions.n8n}`, 'dependencies.sqlite3'], {
		encoding: 'utf8',
	}).trim();
	if (!named) throw new Error(`n8n ${host.versions.n8n} names no sqlite3 dependency`);
	return named;
}

function compileEnv() {
	return { ...host24Env(), CFLAGS: '-O1', CXXFLAGS: '-O1', JOBS: 'max' };
}

/** Compiles the pinned sqlite3 into its own folder (needs Node.js 24's headers). */
async function compileSqlite() {
	fs.rmSync(sqliteDir, { recursive: true, force: true });
	writeJson(path.join(sqliteDir, 'package.json'), {
		name: 'n8n-host-sqlite3',
		private: true,
		dependencies: { sqlite3: sqliteVersion() },
	});
	const common = ['--no-audit', '--no-fund', '--loglevel=error'];
	const downloadMs = await run(
		'sqlite3 download',
		'npm',
		['install', '--ignore-scripts', '--omit=optional', '--fetch-retries=5', ...common],
		{
			cwd: sqliteDir,
			env: host24Env(),
		},
	);
	const compileMs = await run(
		'sqlite3 compile',
		'npm',
		['rebuild', '--ignore-scripts=false', 'sqlite3', ...common],
		{
			cwd: sqliteDir,
			env: compileEnv(),
		},
	);
	return downloadMs + compileMs;
}

/** Puts the compiled sqlite3 into n8n's tree and builds the other native modules there. */
async function installNativeModules() {
	const target = path.join(host.n8nDir, BINARY);
	fs.mkdirSync(path.dirname(target), { recursive: true });
	fs.copyFileSync(path.join(sqliteDir, BINARY), target);
	fs.rmSync(sqliteDir, { recursive: true, force: true });
	const others = host.versions.rebuild.filter((name) => name !== 'sqlite3');
	if (others.length === 0) return 0;
	return await run('native modules', 'npm', ['rebuild', '--ignore-scripts=false', ...others], {
		cwd: host.n8nDir,
		env: compileEnv(),
	});
}

module.exports = { pinnedTree, compileSqlite, installNativeModules };
