#!/usr/bin/env node
// `npm test`: lint, typecheck, build, the jest suites and the end-to-end suite. What the end-to-end
// suite needs from outside (a real n8n, first run only: a few minutes, mostly download; Redis and
// PostgreSQL for queue mode, from Debian's packages when missing) is installed from the start,
// beside the other stages. Jest runs beside the end-to-end suite, which mostly waits for n8n's
// polls, at normal priority: at `nice -n 10` it got about a tenth of the CPU beside any other busy
// process (an n8n on a developer's machine, another job on a CI runner); one jest file took 130 s
// niced and 39 s at normal priority, side by side beside two busy processes. Each stage's whole
// output goes to .test-logs/<stage>.log; the terminal gets one line per stage with when it started
// and how long it took (and the reliability figures). A failing stage prints its log and stops the
// run. TEST_CPU_LOAD=N runs N busy processes beside the whole run (scripts/test/cpu-load.js): a
// slow machine, to check a test against.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const { cpuLoadFromEnv, startCpuLoad } = require('./cpu-load');

const root = path.resolve(__dirname, '..', '..');
const logDir = path.join(root, '.test-logs');
const jest = path.join(root, 'node_modules', '.bin', 'jest');
const HEARTBEAT_MS = 120_000;

/** Started at once; the stages that need them wait. */
const installs = {
	n8nHost: { name: 'n8n-host', command: process.execPath, args: [path.join(root, 'scripts', 'n8n-host', 'install.js')] },
	queueMode: { name: 'queue-mode', command: 'bash', args: [path.join(root, 'scripts', 'queue-mode', 'install.sh')] },
};
/** Run in order; the stages of one step run side by side. */
const steps = [
	[
		{ name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
		{ name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
	],
	[{ name: 'build', command: 'npm', args: ['run', '--silent', 'build'] }],
	[
		// --silent: the errors the tests provoke on purpose (n8n logs them) stay in the log file
		{ name: 'jest', command: jest, args: ['--silent'] },
		{
			name: 'e2e',
			command: jest,
			args: ['-c', 'test/e2e/jest.config.js', '--silent'],
			env: { E2E_SKIP_BUILD: '1' },
			needs: [installs.n8nHost, installs.queueMode],
		},
	],
];

function seconds(ms) {
	return `${Math.round(ms / 1000)} s`;
}

/** What a passing stage shows: jest's totals, and the figures the reliability suite writes. */
function summaryOf(output) {
	const lines = output.split('\n');
	const totals = lines.filter((line) => /^(Test Suites|Tests):/.test(line)).map((line) => line.trim());
	const figures = [];
	const start = lines.findIndex((line) => line.startsWith('Reliability and security, proven'));
	if (start >= 0) {
		figures.push(lines[start]);
		for (let i = start + 1; i < lines.length && lines[i].startsWith('  '); i++) figures.push(lines[i]);
	}
	return { totals: totals.join('; '), figures };
}

function runStage(stage) {
	stage.startedAt = Date.now();
	return new Promise((resolve) => {
		const logFile = path.join(logDir, `${stage.name}.log`);
		const log = fs.createWriteStream(logFile);
		let output = '';
		const started = Date.now();
		const child = spawn(stage.command, stage.args, {
			cwd: root,
			env: { ...process.env, FORCE_COLOR: '0', ...stage.env },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const collect = (chunk) => {
			log.write(chunk);
			output += chunk.toString();
		};
		child.stdout.on('data', collect);
		child.stderr.on('data', collect);
		const heartbeat = setInterval(() => {
			const files = (output.match(/^(PASS|FAIL) /gm) ?? []).length;
			process.stdout.write(`  ${stage.name}: still running, ${seconds(Date.now() - started)}${files ? `, ${files} test files done` : ''}\n`);
		}, HEARTBEAT_MS);
		const finish = (code, signal) => {
			clearInterval(heartbeat);
			log.end();
			resolve({ code: code ?? 1, signal, output, logFile, ms: Date.now() - started });
		};
		child.on('error', (error) => {
			collect(`${error.message}\n`);
			finish(1, null);
		});
		child.on('close', finish);
	});
}

let runStarted = Date.now();

/** Prints a finished stage's line, or its whole output and exits when it failed. */
function report(stage, result) {
	const relativeLog = path.relative(root, result.logFile);
	const timing = `from ${seconds(stage.startedAt - runStarted).padStart(5)}, ${seconds(result.ms).padStart(6)}`;
	if (result.code !== 0) {
		process.stdout.write(`${result.output}\n`);
		process.stdout.write(`FAILED ${stage.name} (${timing}, exit ${result.signal ?? result.code}); its whole output: ${relativeLog}\n`);
		process.exit(result.code || 1);
	}
	const { totals, figures } = summaryOf(result.output);
	process.stdout.write(`ok  ${stage.name.padEnd(10)} ${timing}${totals ? `  ${totals}` : ''}\n`);
	for (const line of figures) process.stdout.write(`    ${line}\n`);
}

async function main() {
	fs.mkdirSync(logDir, { recursive: true });
	const busy = cpuLoadFromEnv();
	if (busy > 0) {
		startCpuLoad(busy);
		process.stdout.write(`TEST_CPU_LOAD: ${busy} busy processes of normal priority beside the run, until it ends\n`);
	}
	runStarted = Date.now();
	for (const install of Object.values(installs)) {
		// a failed install is reported at once: the stages that need it cannot run
		install.done = runStage(install).then((result) => report(install, result));
	}
	for (const step of steps) {
		await Promise.all(
			step.map(async (stage) => {
				await Promise.all((stage.needs ?? []).map((install) => install.done));
				report(stage, await runStage(stage));
			}),
		);
	}
	await Promise.all(Object.values(installs).map((install) => install.done));
	process.stdout.write(`all stages passed in ${seconds(Date.now() - runStarted)}; the full output of each is in ${path.relative(root, logDir)}/\n`);
}

main();
