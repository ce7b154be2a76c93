// Where the memory of per-item sending goes, without a real n8n: the node from source in n8n's
// engine (the test harness, BENCH_SENDER=node) or the same requests through n8n's HTTP helper
// alone (BENCH_SENDER=helper), against the emulator in its own process; prints the heap before,
// at its peak and after a full garbage collection. One sender per process: the peak depends on
// what the garbage collector went through before. Not part of the test suite (no *.test.ts):
//   NODE_OPTIONS=--expose-gc BENCH_SENDER=node BENCH_ITEMS=10000 \
//     npx jest --roots '<rootDir>/scripts/bench' --testMatch '**/memory.tune.ts' --testTimeout 600000
import { host } from '../../test/e2e/lib/host';
import { TEST_API_KEY } from '../../test/harness/keys';
import { runNode } from '../../test/harness/runNode';
import { phoneOf, smsSendPerItem } from '../../test/throughput/perItemSms';
import { helperLoop } from './contenders';
import { BenchEmulator } from './emulator';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10000);
const SENDER = process.env.BENCH_SENDER === 'helper' ? 'helper' : 'node';
const MB = 1024 * 1024;

async function heapAround(label: string, work: () => Promise<void>): Promise<void> {
	const gc = (globalThis as { gc?: () => void }).gc;
	if (!gc) throw new Error('run with NODE_OPTIONS=--expose-gc');
	gc();
	const before = process.memoryUsage().heapUsed;
	let peak = before;
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 50);
	try {
		await work();
	} finally {
		clearInterval(sampler);
	}
	gc();
	const after = process.memoryUsage().heapUsed;
	console.log(
		`${label}, ${ITEMS} items: heap +${((peak - before) / MB).toFixed(0)} MB at its peak, +${((after - before) / MB).toFixed(0)} MB after a full GC`,
	);
}

it('measures the heap of per-item sending', async () => {
	const emulator = await BenchEmulator.start(host.repoRoot, TEST_API_KEY);
	try {
		await emulator.prepare({ latencyMs: 50 });
		const items = Array.from({ length: ITEMS }, (_, index) => ({
			phone: phoneOf(index),
			text: 'Memory',
		}));
		if (SENDER === 'helper') {
			await heapAround("n8n's HTTP helper loop (concurrency 10)", async () => {
				await helperLoop({
					emulatorUrl: emulator.baseUrl,
					token: TEST_API_KEY,
					alphanameId: emulator.alphanameId,
					items: ITEMS,
					text: 'Memory',
					concurrency: 10,
				});
			});
			return;
		}
		await heapAround('this node, SMS > Send per item (Concurrency 10)', async () => {
			const { error } = await runNode({
				baseUrl: emulator.baseUrl,
				parameters: smsSendPerItem(emulator.alphanameId),
				items,
			});
			if (error) throw error;
		});
	} finally {
		await emulator.stop();
	}
});
