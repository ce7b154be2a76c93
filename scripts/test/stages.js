#!/usr/bin/env node
// `npm test`: lint, typecheck, build, the jest suites and the end-to-end suite. What the end-to-end
// suite needs from outside (a real n8n, first run only: a few minutes, mostly download; Redis and
// PostgreSQL for queue mode, from Debian's packages when missing) is installed from the start,
// beside the other stages. Jest runs beside the end-to-end suite, which mostly waits for n8n's
// polls, at normal priority: at `nice -n 10` it got about a tenth of the CPU beside any other busy
// process (an n8n on a developer's machine, another job on a CI runner); one jest file took 130 s
// niced and 39 s at normal priority, side by side beside two busy processes. Each stage's whole
// output goes to .test-logs/<stage>.log, every n8n's to .test-logs/e2e-n8n/; the terminal gets one
// line per stage with when it started and how long it took (and the reliability figures). A failing
// stage prints why and lets the others finish; only a stage that needs it (the end-to-end suite
// needs the build and the installs) is not run. The run ends with the totals of every stage that
// ran when one failed. Ctrl-C stops every stage's process group, and the n8n processes with them.
// TEST_CPU_LOAD=N runs N busy processes beside the whole run (scripts/test/cpu-load.js): a slow
// machine, to check a test against. TEST_STAGES picks stages and test files (selection.js).
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const { cpuLoadFromEnv, startCpuLoad } = require('./cpu-load');
const { failureOf, figuresOf, totalsOf } = require('./stage-summary');
const { selectionFromEnv } = require('./selection');

const root = path.resolve(__dirname, '..', '..');
const logDir = path.join(root, '.test-logs');
const n8nLogDir = path.join(logDir, 'e2e-n8n');
/** Where each n8n the end-to-end suite starts leaves its process group's id while it runs (n8n-process.ts). */
const n8nPidDir = path.join(logDir, 'e2e-n8n-running');
const jest = path.join(root, 'node_modules', '.bin', 'jest');
const HEARTBEAT_MS = 120_000;
const STOP_GRACE_MS = 30_000;

/** Started at once; the stages that need them wait. */
const installs = {
	n8nHost: {
		name: 'n8n-host',
		command: process.execPath,
		args: [path.join(root, 'scripts', 'n8n-host', 'install.js')],
	},
	queueMode: {
		name: 'queue-mode',
		command: 'bash',
		args: [path.join(root, 'scripts', 'queue-mode', 'install.sh')],
	},
};
/** Run in order; the stages of one step run side by side. `after`: the stages whose work it uses. */
const steps = [
	[
		{ name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
		{ name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
	],
	[{ name: 'build', command: 'npm', args: ['run', '--silent', 'build'] }],
	[
		// --silent: the errors the tests provoke on purpose (n8n logs them) stay in the log file
		{ name: 'jest', command: jest, args: ['--silent'], picksFiles: true },
		{
			name: 'e2e',
			command: jest,
			args: ['-c', 'test/e2e/jest.config.js', '--silent'],
			picksFiles: true,
			env: { E2E_SKIP_BUILD: '1', E2E_N8N_PID_DIR: n8nPidDir },
			before: () => stopLeftN8n(),
			afterwards: () => stopLeftN8n(),
			after: ['build'],
			needs: [installs.n8nHost, installs.queueMode],
		},
	],
];

function seconds(ms) {
	return `${Math.round(ms / 1000)} s`;
}

/** The child processes of the stages still running, each the leader of its own process group. */
const running = new Set();
let interrupted = false;

function killGroup(child, signal) {
	try {
		process.kill(-child.pid, signal);
	} catch {
		// already gone
	}
}

// Each stage runs in a process group of its own, so Ctrl-C reaches it through this process only:
// every group is asked to stop (the end-to-end suite stops its n8n processes then), and killed
// if it has not within the grace period.
function stopAll(signal) {
	if (interrupted) return;
	interrupted = true;
	process.stdout.write(`\n${signal}: stopping ${running.size} running stages\n`);
	for (const child of running) killGroup(child, 'SIGTERM');
	setTimeout(() => {
		for (const child of running) killGroup(child, 'SIGKILL');
	}, STOP_GRACE_MS).unref();
}
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));

/**
 * Kills the n8n processes an end-to-end run left running (its jest was killed, or a file did not
 * stop its n8n); returns how many. Only a process whose command line names n8n: an id left by an
 * n8n that died on its own may belong to another process by now.
 */
function stopLeftN8n() {
	if (!fs.existsSync(n8nPidDir)) return 0;
	let stopped = 0;
	for (const name of fs.readdirSync(n8nPidDir)) {
		const pid = Number(name);
		let command = '';
		try {
			command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
		} catch {
			// gone
		}
		if (Number.isInteger(pid) && pid > 1 && command.includes('n8n')) {
			try {
				process.kill(-pid, 'SIGKILL');
				stopped++;
			} catch {
				// gone meanwhile
			}
		}
		fs.rmSync(path.join(n8nPidDir, name), { force: true });
	}
	return stopped;
}

function runStage(stage) {
	stage.startedAt = Date.now();
	stage.before?.();
	return new Promise((resolve) => {
		const logFile = path.join(logDir, `${stage.name}.log`);
		const log = fs.createWriteStream(logFile);
		let output = '';
		const started = Date.now();
		const child = spawn(stage.command, stage.args, {
			cwd: root,
			env: { ...process.env, FORCE_COLOR: '0', ...stage.env },
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		});
		if (child.pid !== undefined) running.add(child);
		const collect = (chunk) => {
			log.write(chunk);
			output += chunk.toString();
		};
		child.stdout.on('data', collect);
		child.stderr.on('data', collect);
		const heartbeat = setInterval(() => {
			const files = (output.match(/^(PASS|FAIL) /gm) ?? []).length;
			process.stdout.write(
				`  ${stage.name}: still running, ${seconds(Date.now() - started)}${files ? `, ${files} test files done` : ''}\n`,
			);
		}, HEARTBEAT_MS);
		const finish = (code, signal) => {
			running.delete(child);
			const stopped = stage.afterwards?.() ?? 0;
			if (stopped) {
				log.write(`\n${stage.name}: killed ${stopped} n8n process groups left running\n`);
				process.stdout.write(
					`  ${stage.name}: killed ${stopped} n8n process groups left running\n`,
				);
			}
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
/** Every stage's outcome, in the order they ended: { name, status: 'ok' | 'FAILED' | 'not run', detail }. */
const outcomes = [];

/** Prints a finished stage's line; for a failed one, first why it failed. */
function report(stage, result) {
	const relativeLog = path.relative(root, result.logFile);
	const timing = `from ${seconds(stage.startedAt - runStarted).padStart(5)}, ${seconds(result.ms).padStart(6)}`;
	const totals = totalsOf(result.output);
	if (result.code !== 0) {
		outcomes.push({
			name: stage.name,
			status: 'FAILED',
			detail: totals || `exit ${result.signal ?? result.code}`,
		});
		process.stdout.write(`${failureOf(result.output)}\n`);
		process.stdout.write(
			`FAILED ${stage.name} (${timing}, exit ${result.signal ?? result.code})${totals ? `  ${totals}` : ''}; its whole output: ${relativeLog}\n`,
		);
		return;
	}
	outcomes.push({ name: stage.name, status: 'ok', detail: totals });
	process.stdout.write(`ok  ${stage.name.padEnd(10)} ${timing}${totals ? `  ${totals}` : ''}\n`);
	for (const line of figuresOf(result.output)) process.stdout.write(`    ${line}\n`);
}

function notRun(stage, why) {
	outcomes.push({ name: stage.name, status: 'not run', detail: why });
	process.stdout.write(`--  ${stage.name.padEnd(10)} not run: ${why}\n`);
}

async function runInTurn(stage) {
	await Promise.all((stage.needs ?? []).map((install) => install.done));
	const failed = [
		...(stage.after ?? []),
		...(stage.needs ?? []).map((install) => install.name),
	].filter((name) => outcomes.find((outcome) => outcome.name === name)?.status !== 'ok');
	if (interrupted) return notRun(stage, 'the run was interrupted');
	if (failed.length) return notRun(stage, `${failed.join(' and ')} did not pass`);
	report(stage, await runStage(stage));
}

function filesUnder(folder) {
	if (!fs.existsSync(folder)) return [];
	return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		return entry.isDirectory() ? filesUnder(full) : [path.relative(root, full)];
	});
}

/** When a stage failed: what each stage came to, and where the logs are. */
function printFailedRun() {
	const failed = outcomes
		.filter((outcome) => outcome.status !== 'ok')
		.map((outcome) => outcome.name);
	process.stdout.write(
		`\n${interrupted ? 'interrupted' : 'FAILED'} after ${seconds(Date.now() - runStarted)} (${failed.join(', ')}). What each stage came to:\n`,
	);
	for (const { name, status, detail } of outcomes)
		process.stdout.write(`  ${status.padEnd(7)} ${name.padEnd(10)} ${detail}\n`);
	process.stdout.write(
		`the whole output of each stage: ${path.relative(root, logDir)}/<stage>.log\n`,
	);
	const n8nLogs = filesUnder(n8nLogDir);
	if (n8nLogs.length)
		process.stdout.write(
			`the output of each n8n the end-to-end suite started:\n${n8nLogs.map((file) => `  ${file}\n`).join('')}`,
		);
}

async function main() {
	fs.mkdirSync(logDir, { recursive: true });
	const selection = selectionFromEnv(steps.flat());
	const busy = cpuLoadFromEnv();
	if (busy > 0) {
		startCpuLoad(busy);
		process.stdout.write(
			`TEST_CPU_LOAD: ${busy} busy processes of normal priority beside the run, until it ends\n`,
		);
	}
	if (selection) process.stdout.write(`TEST_STAGES: only ${selection.describe()}\n`);
	runStarted = Date.now();
	const wanted = steps.flat().filter((stage) => !selection || selection.has(stage.name));
	for (const stage of wanted)
		if (selection && stage.picksFiles)
			stage.args = [...stage.args, ...selection.filesOf(stage.name)];
	for (const install of Object.values(installs)) {
		if (!wanted.some((stage) => stage.needs?.includes(install))) continue;
		// a failed install is reported at once; the stages that need it are not run
		install.done = runStage(install).then((result) => report(install, result));
	}
	for (const step of steps)
		await Promise.all(step.filter((stage) => wanted.includes(stage)).map(runInTurn));
	await Promise.all(Object.values(installs).map((install) => install.done));
	if (outcomes.every((outcome) => outcome.status === 'ok')) {
		process.stdout.write(
			`all stages passed in ${seconds(Date.now() - runStarted)}; the full output of each is in ${path.relative(root, logDir)}/\n`,
		);
		process.exit(0);
	}
	printFailedRun();
	process.exit(interrupted ? 130 : 1);
}

main();
