// A quick look at pacing without a real n8n: the node from source in n8n's engine (the test harness,
// which needs jest) against the emulator in its own process, with the pacer's decisions logged.
// For tuning pacer.ts; `npm run bench` is the benchmark. Not part of the test suite (no *.test.ts).
//   BENCH_SCENARIO=S2 BENCH_ITEMS=300 BENCH_CONCURRENCY=10 \
//     npx jest --roots '<rootDir>/scripts/bench' --testMatch '**/*.tune.ts' --testTimeout 600000
import * as fs from 'node:fs';
import axios from 'axios';
import { host } from '../../test/e2e/lib/host';
import { TEST_API_KEY } from '../../test/harness/keys';
import { runNode } from '../../test/harness/runNode';
import { phoneOf, smsSendPerItem } from '../../test/throughput/perItemSms';
import { RequestPacer } from '../../nodes/MessagingService/transport/pacer';
import { BenchEmulator } from './emulator';

interface Logged {
	at: string;
	status: number;
}

function histogram(offsets: number[]): number[] {
	const seconds: number[] = [];
	for (const offset of offsets) {
		const second = Math.floor(offset / 1000);
		while (seconds.length <= second) seconds.push(0);
		seconds[second]++;
	}
	return seconds;
}

/** Logs what the pacer decides at each measurement (its private state, read from outside). */
function watchPacer(started: number, decisions: string[]): () => void {
	const prototype = RequestPacer.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
	const original = prototype.measure;
	const originalGrow = prototype.grow;
	const state = (pacer: Record<string, unknown>) =>
		`budget ${String(pacer.budget)} confirmed ${String(pacer.confirmed)} margin ${String(pacer.marginMs)} last ${String(pacer.lastMeasured)}`;
	prototype.measure = function (this: Record<string, unknown>, ...args: unknown[]) {
		const before = state(this);
		const result = original.apply(this, args);
		decisions.push(`${((Date.now() - started) / 1000).toFixed(2)} measure: ${before} -> ${state(this)}`);
		return result;
	};
	prototype.grow = function (this: Record<string, unknown>, ...args: unknown[]) {
		const grew = originalGrow.apply(this, args) as boolean;
		if (grew) decisions.push(`${((Date.now() - started) / 1000).toFixed(2)} grow: -> ${state(this)}`);
		return grew;
	};
	return () => {
		prototype.measure = original;
		prototype.grow = originalGrow;
	};
}

it('runs the node in the engine and prints what the emulator saw and what the pacer decided', async () => {
	const scenario = (process.env.BENCH_SCENARIO ?? 'S2').toUpperCase();
	const items = Number(process.env.BENCH_ITEMS ?? (scenario === 'S1' ? 1000 : 300));
	const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
	const emulator = await BenchEmulator.start(host.repoRoot, TEST_API_KEY);
	const decisions: string[] = [];
	try {
		await emulator.prepare(
			scenario === 'S1' ? { latencyMs: 50 } : { latencyMs: 50, rateLimit: { perSecond: 20, retryAfterSeconds: 1 } },
		);
		const started = Date.now();
		const unwatch = watchPacer(started, decisions);
		const { items: output, error } = await runNode({
			baseUrl: emulator.baseUrl,
			parameters: smsSendPerItem(emulator.alphanameId, { concurrency }),
			items: Array.from({ length: items }, (_, index) => ({ phone: phoneOf(index), text: `Engine ${scenario}` })),
		});
		unwatch();
		const seconds = (Date.now() - started) / 1000;
		const delivery = await emulator.delivery(items);
		const log = (await axios.get<Logged[]>(`${emulator.baseUrl}/__sandbox/requests`)).data;
		const first = log.length > 0 ? Date.parse(log[0].at) : started;
		if (process.env.BENCH_LOG_FILE) {
			const lines = log.map((entry) => `${Date.parse(entry.at) - first} ${entry.status}`);
			fs.writeFileSync(process.env.BENCH_LOG_FILE, `${lines.join('\n')}\n${decisions.join('\n')}\n`);
		}
		console.log(
			[
				`${scenario}: ${items} items, concurrency ${concurrency}: ${seconds.toFixed(2)} s${scenario === 'S2' ? ` = ${(seconds / (items / 20)).toFixed(2)}x of ${items / 20} s` : ''}, ${output.length} outputs, error ${error?.message ?? 'none'}`,
				`delivery ${JSON.stringify(delivery)}`,
				`refused at ${log
					.filter((entry) => entry.status === 429)
					.map((entry) => ((Date.parse(entry.at) - first) / 1000).toFixed(2))
					.join(' ')}`,
				`accepted per second ${histogram(log.filter((entry) => entry.status === 200).map((entry) => Date.parse(entry.at) - first)).join(' ')}`,
				...decisions,
			].join('\n'),
		);
	} finally {
		await emulator.stop();
	}
});
