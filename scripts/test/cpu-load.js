#!/usr/bin/env node
// A slow machine on demand: N busy processes of normal priority, one core's worth of work each,
// beside the tests, so that a test that depends on how fast the computer is fails here before it
// lands. `TEST_CPU_LOAD=3 npm test` runs the whole suite beside three of them; this file alone runs
// any command beside them: `node scripts/test/cpu-load.js 2 nice -n 10 npx jest test/throughput`.
// The busy processes end with the command, and on their own when this process is gone.
'use strict';

const { spawn } = require('node:child_process');

// Each busy process spins, and leaves once its parent is gone (it is then adopted: its ppid changes).
const SPIN =
	'const parent = process.ppid; for (;;) { for (let i = 0; i < 1e7; i++); if (process.ppid !== parent) process.exit(0); }';

/** Starts `count` busy processes; returns the function that stops them. */
function startCpuLoad(count) {
	const busy = Array.from({ length: count }, () =>
		spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }),
	);
	// they keep no one waiting: the run ends when its own work does, and 'exit' stops them
	for (const child of busy) child.unref();
	const stop = () => {
		for (const child of busy) if (child.exitCode === null) child.kill('SIGKILL');
	};
	process.on('exit', stop);
	return stop;
}

/** TEST_CPU_LOAD as a count of busy processes: unset or empty is none. */
function cpuLoadFromEnv(env = process.env) {
	const text = (env.TEST_CPU_LOAD ?? '').trim();
	if (text === '') return 0;
	if (!/^\d+$/.test(text))
		throw new Error(`TEST_CPU_LOAD must be a whole number of busy processes, not "${text}"`);
	return Number(text);
}

function main([countText, command, ...args]) {
	if (!/^\d+$/.test(countText ?? '') || !command) {
		process.stderr.write(
			'usage: node scripts/test/cpu-load.js <busy processes> <command> [arguments...]\n',
		);
		process.exit(2);
	}
	const stop = startCpuLoad(Number(countText));
	process.stderr.write(
		`cpu-load: ${countText} busy processes beside: ${[command, ...args].join(' ')}\n`,
	);
	const child = spawn(command, args, { stdio: 'inherit' });
	for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
	child.on('error', (error) => {
		process.stderr.write(`${error.message}\n`);
		process.exit(1);
	});
	child.on('close', (code, signal) => {
		stop();
		process.exit(code ?? (signal ? 1 : 0));
	});
}

if (require.main === module) main(process.argv.slice(2));

module.exports = { startCpuLoad, cpuLoadFromEnv };
