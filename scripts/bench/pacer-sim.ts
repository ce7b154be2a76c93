// Runs the RequestPacer alone against a model of a rate-limited service (a rolling one-second
// window, 429 with Retry-After, a fixed latency), with a retry loop like callApi's. Shows how pacing
// behaves without the noise of n8n and HTTP. For tuning pacer.ts.
// Usage: npx ts-node --transpile-only scripts/bench/pacer-sim.ts [items=300] [perSecond=20] [latencyMs=50] [concurrency=10]
// SIM_STRAY_429=n: the first n requests are refused whatever the rate; SIM_JITTER_MS=j: each request
// reaches the service 0..j ms after its start, and its answer takes 0..j ms more; SIM_DEBUG=1: the
// pacer's state at each 429; SIM_CLIENTS=n: n executions (a pacer each) send `items` each at once under
// the one limit (S5); SIM_UNLIMITED=n: the limit starts after n requests (S4).
import { RequestPacer } from '../../nodes/MessagingService/transport/pacer';

const [items, perSecond, latencyMs, concurrency] = [300, 20, 50, 10].map((fallback, index) => {
	const value = Number(process.argv[2 + index]);
	return Number.isFinite(value) && value > 0 ? value : fallback;
});

const admitted: number[] = [];
const refusals: number[] = [];
let requests = 0;
const started = Date.now();

let stray = Number(process.env.SIM_STRAY_429 ?? 0);
let unlimited = Number(process.env.SIM_UNLIMITED ?? 0);
const clients = Math.max(1, Number(process.env.SIM_CLIENTS ?? 1));
const jitterMs = Number(process.env.SIM_JITTER_MS ?? 0);

function serverAdmits(now: number): boolean {
	if (stray > 0) {
		stray--;
		return false;
	}
	if (unlimited > 0) {
		unlimited--;
		return true;
	}
	while (admitted.length > 0 && admitted[0] <= now - 1000) admitted.shift();
	if (admitted.length >= perSecond) return false;
	admitted.push(now);
	return true;
}

async function send(pacer: RequestPacer): Promise<void> {
	for (;;) {
		await pacer.acquire();
		requests++;
		// the request reaches the service after a random delay, and its answer comes back after another
		await new Promise((resolve) => setTimeout(resolve, Math.random() * jitterMs));
		const ok = serverAdmits(Date.now());
		await new Promise((resolve) => setTimeout(resolve, latencyMs + Math.random() * jitterMs));
		if (ok) {
			pacer.release('ok');
			return;
		}
		refusals.push(Date.now() - started);
		if (process.env.SIM_DEBUG) {
			const state = pacer as unknown as Record<string, unknown>;
			const { budget, ceiling, probing, marginMs, probeAfterWindows } = state;
			const at = ((Date.now() - started) / 1000).toFixed(2);
			console.log(
				at,
				'refused; pacer before:',
				JSON.stringify({ budget, ceiling, probing, marginMs, probeAfterWindows }),
			);
		}
		pacer.release('rateLimited', 1000);
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

async function runClient(): Promise<{ seconds: number; pacer: RequestPacer }> {
	const pacer = new RequestPacer(concurrency);
	let next = 0;
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (next < items) {
				next++;
				await send(pacer);
			}
		}),
	);
	return { seconds: (Date.now() - started) / 1000, pacer };
}

async function main(): Promise<void> {
	const runs = await Promise.all(Array.from({ length: clients }, runClient));
	const seconds = Math.max(...runs.map((run) => run.seconds));
	const floor = (clients * items) / perSecond;
	console.log(
		`${clients} x ${items} items, ${perSecond}/s, ${latencyMs} ms, concurrency ${concurrency}: ${seconds.toFixed(2)} s = ${(seconds / floor).toFixed(2)}x of ${floor} s; ` +
			`${requests} requests, ${refusals.length} refused at [${refusals.map((at) => (at / 1000).toFixed(2)).join(' ')}]; ` +
			runs
				.map(
					(run) =>
						`${run.seconds.toFixed(1)} s (budget ${run.pacer.requestsPerSecond}, concurrency ${run.pacer.currentLimit})`,
				)
				.join(', '),
	);
}

void main();
