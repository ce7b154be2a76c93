'use strict';
// What the host installer's steps share: progress lines, running a command with a heartbeat, and
// the environment that builds native modules for the host's Node.js.

const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const host = require('./host-paths');

const startedAt = Date.now();

function elapsed(since = startedAt) {
	return `${((Date.now() - since) / 1000).toFixed(0)} s`;
}

function say(message) {
	process.stdout.write(`[n8n-host ${elapsed()}] ${message}\n`);
}

// Runs a command, streaming its output, with a heartbeat so a long npm install never looks stuck.
function run(label, command, commandArgs, options) {
	const stepStart = Date.now();
	say(`${label}: ${command} ${commandArgs.join(' ')}`);
	return new Promise((resolve, reject) => {
		const child = spawn(command, commandArgs, { stdio: 'inherit', ...options });
		const heartbeat = setInterval(() => {
			say(`${label}: still working (${elapsed(stepStart)} in this step)`);
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

module.exports = { startedAt, elapsed, say, run, writeJson, host24Env };
