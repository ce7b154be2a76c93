// The shares of executions that send at once under one rate limit of the service, on a fake clock
// (jest's fake timers drive Date.now and the pacer's sleeps), so that the shares depend on the pacer's
// rules only, not on how fast the machine answers. sharedLimit.test.ts runs the same shape through
// n8n's execution and the emulator over HTTP, for the messages and their order; here many seeds vary
// the service's latency, the requests' arrival and when each execution starts.
import { RequestPacer } from '../../nodes/MessagingService/transport/pacer';
import { seededRandom } from '../harness/seededRandom';

const EXECUTIONS = 3;
const ITEMS = 60;
const PER_SECOND = 20;
const RETRY_AFTER_MS = 1000;
const CONCURRENCY = 200;

interface Shape {
	latencyMs: number;
	/** each request reaches the service 0..jitterMs after its start, its answer 0..jitterMs later again */
	jitterMs: number;
	/** when each execution starts sending, after the first */
	startDelaysMs: number[];
	/** the fewest messages each execution had accepted by the time the first had all of its own */
	leastShare: number;
}

/** The service: a start is accepted when fewer than PER_SECOND were accepted in the second before it. */
class OneLimit {
	readonly accepted: Array<{ execution: number; at: number }> = [];

	startedAt = 0;

	admits(execution: number, at: number): boolean {
		const inWindow = this.accepted.filter((start) => start.at > at - 1000).length;
		if (inWindow >= PER_SECOND) return false;
		this.accepted.push({ execution, at });
		return true;
	}
}

const wait = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** One item's request as callApi sends it: acquire, send, release with the outcome, ask again after a 429. */
async function sendItem(
	pacer: RequestPacer,
	service: OneLimit,
	execution: number,
	shape: Shape,
	random: () => number,
) {
	for (;;) {
		await pacer.acquire();
		await wait(random() * shape.jitterMs);
		const accepted = service.admits(execution, Date.now());
		await wait(shape.latencyMs + random() * shape.jitterMs);
		if (accepted) {
			pacer.release('ok');
			return;
		}
		pacer.release('rateLimited', RETRY_AFTER_MS);
	}
}

async function runExecutions(shape: Shape, seed: number): Promise<OneLimit> {
	const random = seededRandom(seed);
	const service = new OneLimit();
	service.startedAt = Date.now();
	const executions = Array.from({ length: EXECUTIONS }, async (_, execution) => {
		await wait(shape.startDelaysMs[execution] ?? 0);
		const pacer = new RequestPacer(CONCURRENCY);
		await Promise.all(
			Array.from(
				{ length: ITEMS },
				async () => await sendItem(pacer, service, execution, shape, random),
			),
		);
	});
	const finished = Promise.all(executions);
	let done = false;
	void finished.then(() => (done = true));
	for (let step = 0; step < 10_000 && !done; step++) await jest.advanceTimersByTimeAsync(10);
	await finished;
	return service;
}

/** Each execution's accepted messages up to the moment the first execution had all of its own accepted. */
function sharesUntilFirstDone(service: OneLimit): number[] {
	const lastAcceptedOf = (execution: number) =>
		Math.max(
			...service.accepted.filter((start) => start.execution === execution).map((start) => start.at),
		);
	const firstDone = Math.min(
		...Array.from({ length: EXECUTIONS }, (_, execution) => lastAcceptedOf(execution)),
	);
	return Array.from(
		{ length: EXECUTIONS },
		(_, execution) =>
			service.accepted.filter((start) => start.execution === execution && start.at <= firstDone)
				.length,
	);
}

// Before the pacer spread a learned budget over the window (it started it in one burst as the window
// opened), the fewest of 40 seeds were 38, 18, 11, 3 and 0: the execution back first after Retry-After
// took the whole second, round after round. Now 40, 18, 13, 34 and 7 (`SEEDS=40`).
const SHAPES: Array<[string, Shape]> = [
	[
		'all at once, 20 ms answers',
		{ latencyMs: 20, jitterMs: 0, startDelaysMs: [0, 0, 0], leastShare: ITEMS / 4 },
	],
	[
		'uneven arrival (0-40 ms) and answers',
		{ latencyMs: 20, jitterMs: 40, startDelaysMs: [0, 0, 0], leastShare: ITEMS / 4 },
	],
	[
		'the others start 50 and 150 ms after the first',
		{ latencyMs: 20, jitterMs: 20, startDelaysMs: [0, 50, 150], leastShare: ITEMS / 4 },
	],
	[
		'slow answers (200-400 ms)',
		{ latencyMs: 200, jitterMs: 200, startDelaysMs: [0, 0, 0], leastShare: ITEMS / 6 },
	],
	// the third meets a limit the other two have already learned and share: it starts from nothing
	[
		'the third starts 900 ms late, into the first 429s',
		{ latencyMs: 20, jitterMs: 20, startDelaysMs: [0, 10, 900], leastShare: ITEMS / 10 },
	],
];

/** At 20 per second the 180 messages need 9 s; pausing after 429s and learning the limit may take longer, not unbounded. */
const MOST_SECONDS = 22.5;

describe('executions sharing one rate limit, on a fake clock', () => {
	beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') }));
	afterEach(() => jest.useRealTimers());

	it.each(SHAPES)(
		'three executions of 60 sends at 20 per second (%s): each message accepted once, none starved while another finishes',
		async (_, shape) => {
			const seeds = Number(process.env.SEEDS ?? 20);
			const failing: string[] = [];
			for (let seed = 1; seed <= seeds; seed++) {
				const service = await runExecutions(shape, seed);
				expect(service.accepted).toHaveLength(EXECUTIONS * ITEMS);
				const shares = sharesUntilFirstDone(service);
				const seconds =
					(Math.max(...service.accepted.map((start) => start.at)) - service.startedAt) / 1000;
				if (Math.min(...shares) < shape.leastShare || seconds > MOST_SECONDS)
					failing.push(`seed ${seed}: shares ${shares.join(', ')} in ${seconds} s`);
			}
			expect(failing).toEqual([]);
			// a hang detector: 20 runs of the fake clock are CPU only, a few seconds alone, ten times that beside busy processes
		},
		600_000,
	);
});
