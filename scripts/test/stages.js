#!/usr/bin/env node
// `npm test`: lint, typecheck, build, the jest suites and the end-to-end suite, one after the
// other. Each stage's whole output goes to .test-logs/<stage>.log; the terminal gets one summary
// per stage (and the reliability figures). A failing stage prints its log and stops the run.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const logDir = path.join(root, '.test-logs');
const jest = path.join(root, 'node_modules', '.bin', 'jest');
const HEARTBEAT_MS = 120_000;

const stages = [
	{ name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
	{ name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
	{ name: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
	// --silent: the errors the tests provoke on purpose (n8n logs them) stay in the log file
	{ name: 'jest', command: jest, args: ['--silent'] },
	{ name: 'e2e', command: jest, args: ['-c', 'test/e2e/jest.config.js', '--silent'], env: { E2E_SKIP_BUILD: '1' } },
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
		child.on('close', (code, signal) => {
			clearInterval(heartbeat);
			log.end();
			resolve({ code: code ?? 1, signal, output, logFile, ms: Date.now() - started });
		});
	});
}

async function main() {
	fs.mkdirSync(logDir, { recursive: true });
	const runStarted = Date.now();
	for (const stage of stages) {
		const result = await runStage(stage);
		const relativeLog = path.relative(root, result.logFile);
		if (result.code !== 0) {
			process.stdout.write(`${result.output}\n`);
			process.stdout.write(`FAILED ${stage.name} after ${seconds(result.ms)} (exit ${result.signal ?? result.code}); its whole output: ${relativeLog}\n`);
			process.exit(result.code || 1);
		}
		const { totals, figures } = summaryOf(result.output);
		process.stdout.write(`ok  ${stage.name.padEnd(9)} ${seconds(result.ms).padStart(6)}${totals ? `  ${totals}` : ''}\n`);
		for (const line of figures) process.stdout.write(`    ${line}\n`);
	}
	process.stdout.write(`all stages passed in ${seconds(Date.now() - runStarted)}; the full output of each is in ${path.relative(root, logDir)}/\n`);
}

main();
