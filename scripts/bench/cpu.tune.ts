// CPU per item of the per-item send path: the node from source in n8n's engine (the test harness,
// which needs jest) against the emulator in its own process at 0 ms latency, so the CPU counted
// here is the client's (n8n's engine, its HTTP helpers and this package), not the server's.
// Not part of the test suite (no *.test.ts). Profile with:
//   node --cpu-prof --cpu-prof-dir /tmp/prof node_modules/.bin/jest --runInBand \
//     --roots '<rootDir>/scripts/bench' --testMatch '**/cpu.tune.ts' --testTimeout 600000
//   CPU_ITEMS=1000 CPU_RUNS=3 CPU_CONCURRENCY=50 (defaults)
//   CPU_OPERATION=verificationCode: Verification Code > Send (version 3, with its resend cooldown) instead of SMS > Send
//   CPU_OPERATION=verificationCheck: Verification Code > Check, each item a wrong code for a token of its own
//   CPU_OPERATION=guarded: SMS > Send with Do Not Send To (10,000 phones, as an earlier node's items) and Quiet Hours
import type { INodeParameters } from 'n8n-workflow';
import { host } from '../../test/e2e/lib/host';
import { TEST_API_KEY } from '../../test/harness/keys';
import { runNode } from '../../test/harness/runNode';
import { phoneOf, smsSendPerItem } from '../../test/throughput/perItemSms';
import { hoursAroundNow } from './contenders';
import { BenchEmulator } from './emulator';

const verificationSend = (concurrency: number) => ({
	parameters: {
		resource: 'verificationCode',
		operation: 'send',
		phone: '={{ $json.phone }}',
		options: { concurrency },
	},
	typeVersion: 3,
});

function parametersOf(
	emulator: BenchEmulator,
	concurrency: number,
): { parameters: INodeParameters; typeVersion?: number } {
	if (process.env.CPU_OPERATION === 'verificationCode') return verificationSend(concurrency);
	if (process.env.CPU_OPERATION === 'verificationCheck') {
		return {
			parameters: {
				resource: 'verificationCode',
				operation: 'check',
				token: '={{ $json.token }}',
				enteredCode: '={{ $json.code }}',
			},
			typeVersion: 3,
		};
	}
	if (process.env.CPU_OPERATION === 'guarded') {
		// the items of an earlier node (the harness runs one node: an expression makes them), none a recipient;
		// hours around now in Europe/Minsk, the recipients' zone (from +375), as in `npm run bench`'s (b+)
		const doNotSendTo =
			"={{ Array.from({ length: 10000 }, (_, i) => ({ json: { phone: '+44 7700 ' + (100000 + i) } })) }}";
		return {
			parameters: smsSendPerItem(emulator.alphanameId, {
				concurrency,
				doNotSendTo,
				quietHours: hoursAroundNow(),
			}),
		};
	}
	return { parameters: smsSendPerItem(emulator.alphanameId, { concurrency }) };
}

/** The items of the measured runs: for Check, one token each, from a Send that is not measured. */
async function inputOf(emulator: BenchEmulator, items: number, concurrency: number) {
	const phones = Array.from({ length: items }, (_, index) => ({
		phone: phoneOf(index),
		text: 'CPU per item',
	}));
	if (process.env.CPU_OPERATION !== 'verificationCheck') return phones;
	const { items: sent, error } = await runNode({
		baseUrl: emulator.baseUrl,
		items: phones,
		...verificationSend(concurrency),
	});
	expect(error).toBeUndefined();
	return sent.map((item) => ({ token: item.json.token, code: '0' }));
}

it('prints the CPU per item of a per-item send in the engine', async () => {
	const items = Number(process.env.CPU_ITEMS ?? 1000);
	const runs = Number(process.env.CPU_RUNS ?? 3);
	const concurrency = Number(process.env.CPU_CONCURRENCY ?? 50);
	const emulator = await BenchEmulator.start(host.repoRoot, TEST_API_KEY);
	try {
		await emulator.prepare({ latencyMs: 0 });
		const input = await inputOf(emulator, items, concurrency);
		const lines: string[] = [];
		// the first run warms the JIT and is not counted
		for (let run = 0; run <= runs; run++) {
			const cpu = process.cpuUsage();
			const started = Date.now();
			const { items: output, error } = await runNode({
				baseUrl: emulator.baseUrl,
				items: input,
				...parametersOf(emulator, concurrency),
			});
			const used = process.cpuUsage(cpu);
			expect(error).toBeUndefined();
			expect(output).toHaveLength(items);
			const perItem = (used.user + used.system) / items;
			lines.push(
				`${run === 0 ? 'warm-up' : `run ${run}`}: ${items} items in ${Date.now() - started} ms, CPU ${perItem.toFixed(0)} µs/item (user ${(used.user / items).toFixed(0)}, system ${(used.system / items).toFixed(0)})`,
			);
		}
		console.log(lines.join('\n'));
	} finally {
		await emulator.stop();
	}
});
