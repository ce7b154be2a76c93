// The pacer's guarantees on jest's fake clock, against a model of a rate-limited service
// (pacerModel.ts): executions as the router runs them, the service as the emulator limits it.
// The scenarios are those of `npm run bench` (S2, S4, S5); nothing here depends on real time.
import { MAX_RATE_LIMIT_RETRIES } from '../../nodes/MessagingService/transport/retryPolicy';
import { busiestSecond, refusals, runModel, type Arrival } from './pacerModel';

const perItem = (items: number, concurrency = 50) => [{ items, concurrency }];

/** Every refusal's pause (Retry-After from its answer) passed without a start of its execution. */
function startsDuringPauses(arrivals: Arrival[], retryAfterMs: number): Arrival[] {
	const refused = arrivals.filter((arrival) => !arrival.accepted);
	return arrivals.filter((arrival) =>
		refused.some(
			(refusal) =>
				refusal.execution === arrival.execution && arrival.startedAt > refusal.answeredAt && arrival.startedAt < refusal.answeredAt + retryAfterMs,
		),
	);
}

/** Refusals from `fromMs` on, per execution. */
function refusedAfter(arrivals: Arrival[], fromMs: number): number {
	return refusals(arrivals.filter((arrival) => arrival.at >= fromMs));
}

function acceptedOnce(arrivals: Arrival[]): number {
	return arrivals.filter((arrival) => arrival.accepted).length;
}

describe('RequestPacer', () => {
	beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') }));
	afterEach(() => jest.useRealTimers());

	it('without a 429 nothing holds a request back: 1,000 requests of 50 ms at 50 at once take 1 s', async () => {
		const run = await runModel({ perSecond: Infinity }, perItem(1000));

		// (the model's clock moves in steps of 10 ms)
		expect(run.seconds).toBeLessThanOrEqual(1.05);
		expect(refusals(run.arrivals)).toBe(0);
		expect(run.pacers[0].requestsPerSecond).toBeUndefined();
	});

	it('after a 429 no request starts until its Retry-After has passed, also when it is far ahead', async () => {
		for (const retryAfterMs of [1500, 60_000]) {
			const run = await runModel({ perSecond: 20, retryAfterMs }, perItem(100));

			expect(acceptedOnce(run.arrivals)).toBe(100);
			expect(startsDuringPauses(run.arrivals, retryAfterMs)).toEqual([]);
		}
	});

	it('a burst of 429s with nothing accepted before it only pauses: no rate is made up from it', async () => {
		const run = await runModel({ perSecond: Infinity, refuseFirst: 50, retryAfterMs: 0 }, perItem(100));

		expect(acceptedOnce(run.arrivals)).toBe(100);
		expect(run.pacers[0].requestsPerSecond).toBeUndefined();
		expect(run.seconds).toBeLessThan(0.5);
	});

	it('under a limit of 20 per second (S2) it keeps to the limit it learned: 300 requests near 15 s, a refused probe at most every other second', async () => {
		for (const jitterMs of [0, 30]) {
			const run = await runModel({ perSecond: 20, jitterMs }, perItem(300));

			expect(acceptedOnce(run.arrivals)).toBe(300);
			expect(run.seconds).toBeLessThanOrEqual(15 * 1.05);
			expect(refusedAfter(run.arrivals, 2000)).toBeLessThanOrEqual(run.seconds / 2);
		}
	});

	it('a limit that starts after the first 200 requests (S4): followed at the next 429, 1,000 requests within 1.1x of the floor', async () => {
		const floor = (200 * 50) / 50 / 1000 + 800 / 20;
		for (const jitterMs of [0, 30]) {
			const run = await runModel({ perSecond: 20, unlimited: 200, jitterMs }, perItem(1000));

			expect(acceptedOnce(run.arrivals)).toBe(1000);
			expect(run.seconds).toBeLessThanOrEqual(floor * 1.1);
			expect(run.pacers[0].requestsPerSecond).toBeLessThanOrEqual(30);
		}
	});

	it('a limit that rises from 20 to 40 per second is taken up within a few seconds', async () => {
		const run = await runModel({ perSecond: (elapsedMs) => (elapsedMs < 10_000 ? 20 : 40) }, perItem(1000));

		const acceptedBetween = (fromMs: number, toMs: number) =>
			run.arrivals.filter((arrival) => arrival.accepted && arrival.at >= fromMs && arrival.at < toMs).length;
		expect(acceptedBetween(0, 10_000)).toBeLessThanOrEqual(10 * 20);
		// a window lasts a second from the earliest answer: 40 per 1.05 s here
		expect(acceptedBetween(15_000, 25_000)).toBeGreaterThanOrEqual(10 * 40 * 0.9);
	});

	it('three executions sharing one limit of 20 per second (S5), each with its own pacer: none gives up, within 1.2x of the floor (1.25x with 50 ms of jitter)', async () => {
		for (const [jitterMs, seed, bound] of [[0, 1, 1.2], [10, 1, 1.2], [30, 1, 1.2], [10, 2, 1.2], [30, 3, 1.2], [50, 4, 1.25]]) {
			const run = await runModel({ perSecond: 20, jitterMs, seed }, [0, 1, 2].map(() => ({ items: 300, concurrency: 50 })));

			expect(run.gaveUp).toBe(0);
			// no item came near giving up: room to spare for a busier machine than this model
			expect(run.mostRefused).toBeLessThanOrEqual(MAX_RATE_LIMIT_RETRIES / 2);
			expect(acceptedOnce(run.arrivals)).toBe(900);
			expect(busiestSecond(run.arrivals)).toBe(20);
			expect(run.seconds).toBeLessThanOrEqual(45 * bound);
		}
	});

	it('three executions of 60 sharing 20 per second (as sharedLimit.test.ts in the engine): each had a quarter of its items accepted before the first was done', async () => {
		for (const jitterMs of [0, 10]) {
			const run = await runModel({ perSecond: 20, latencyMs: 20, jitterMs }, [0, 1, 2].map(() => ({ items: 60, concurrency: 50 })));

			const firstDone = Math.min(...run.finishedAt);
			for (const execution of [0, 1, 2]) {
				const accepted = run.arrivals.filter((arrival) => arrival.execution === execution && arrival.accepted && arrival.at <= firstDone);
				expect(accepted.length).toBeGreaterThanOrEqual(60 / 4);
			}
		}
	});
});
