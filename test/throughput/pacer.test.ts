// The pacer's rules on a fake clock (jest's fake timers drive Date.now and the timers of `sleep`):
// what it learns from a 429 and how it holds starts back. Nothing here depends on real time.
import { RequestPacer } from '../../nodes/MessagingService/transport/pacer';

/** Moves the fake clock on, then lets every woken acquire run to its end (they await in several hops). */
async function settle(ms = 0) {
	await jest.advanceTimersByTimeAsync(ms);
	for (let hop = 0; hop < 50; hop++) await Promise.resolve();
}

/**
 * Callers of one pacer and a model of the service behind it: a start is accepted when fewer than
 * `perSecond` starts were accepted in the second before it, else refused with `retryAfterMs`.
 * `answer()` releases every start made so far, in order, as the service decides.
 */
class Callers {
	readonly startTimes: number[] = [];
	readonly accepted: number[] = [];
	answered = 0;
	refused = 0;

	constructor(
		readonly pacer: RequestPacer,
		readonly perSecond = Infinity,
		readonly retryAfterMs = 1000,
		/** a refused request asks again, as callApi does */
		readonly retry = false,
	) {}

	request(count: number): void {
		for (let i = 0; i < count; i++) {
			void this.pacer.acquire().then(() => this.startTimes.push(Date.now()));
		}
	}

	get started(): number {
		return this.startTimes.length;
	}

	answer(): void {
		for (; this.answered < this.startTimes.length; this.answered++) {
			const at = this.startTimes[this.answered];
			const inWindow = this.accepted.filter((time) => time > at - 1000).length;
			if (inWindow < this.perSecond) {
				this.accepted.push(at);
				this.pacer.release('ok');
			} else {
				this.refused++;
				this.pacer.release('rateLimited', this.retryAfterMs);
				if (this.retry) this.request(1);
			}
		}
	}

	/** Most starts in any rolling second. */
	busiestSecond(): number {
		return Math.max(
			0,
			...this.startTimes.map(
				(at) => this.startTimes.filter((other) => other > at - 1000 && other <= at).length,
			),
		);
	}
}

/** Nothing more starts until `pauseMs` has passed; then `startedAfter` have started in all. */
async function expectPause(callers: Callers, pauseMs: number, startedAfter: number): Promise<void> {
	const startedBefore = callers.started;
	await settle(pauseMs - 1);
	expect(callers.started).toBe(startedBefore);
	await settle(1);
	expect(callers.started).toBe(startedAfter);
}

describe('RequestPacer', () => {
	beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') }));
	afterEach(() => jest.useRealTimers());

	it('without a 429, only the concurrency holds requests back', async () => {
		const callers = new Callers(new RequestPacer(10));
		callers.request(15);
		await settle();
		expect(callers.started).toBe(10);
		callers.answer();
		await settle();
		expect(callers.started).toBe(15);
		expect(callers.pacer.requestsPerSecond).toBeUndefined();
	});

	it('after a 429 everyone waits for Retry-After; the budget is what the service accepted in the second before', async () => {
		const callers = new Callers(new RequestPacer(30, 30), 20, 1500);
		callers.request(30);
		await settle(50);
		callers.answer();
		expect(callers.refused).toBe(10);
		expect(callers.pacer.requestsPerSecond).toBe(20);

		callers.request(1);
		await expectPause(callers, 1500, 31);
	});

	it('a 429 with nothing accepted before it pauses and halves the concurrency, but sets no budget', async () => {
		const callers = new Callers(new RequestPacer(10), 0, 500);
		callers.request(10);
		await settle();
		callers.answer();
		expect(callers.refused).toBe(10);
		expect(callers.pacer.requestsPerSecond).toBeUndefined();
		expect(callers.pacer.currentLimit).toBe(5);
		callers.request(10);
		await expectPause(callers, 500, 15);
	});

	it('requests in flight follow the adaptive concurrency: 10 at first (when it starts at 10), more after each round answered, never above the maximum', async () => {
		const callers = new Callers(new RequestPacer(30, 10));
		callers.request(200);
		const inFlight: number[] = [];
		for (let round = 0; round < 4; round++) {
			await settle(50);
			inFlight.push(callers.started - callers.answered);
			callers.answer();
		}
		expect(inFlight).toEqual([10, 20, 30, 30]);
	});

	it('one episode of 429s halves the requests in flight once, however many of them were refused', async () => {
		const callers = new Callers(new RequestPacer(40, 10), 60, 1000, true);
		callers.request(300);
		for (let round = 0; round < 2; round++) {
			await settle(50);
			callers.answer();
		}
		// 10 + 20 accepted: of the next 40, 30 fit in the limit of 60 per second and 10 are refused
		expect(callers.pacer.currentLimit).toBe(40);
		await settle(50);
		callers.answer();
		expect(callers.refused).toBe(10);
		expect(callers.pacer.currentLimit).toBe(20);
		await settle(1000);
		expect(callers.started - callers.answered).toBeLessThanOrEqual(20);
	});

	it('learns a limit of 20 per second, confirms it, and then stays at it: no refusal but the odd probe', async () => {
		const callers = new Callers(new RequestPacer(50), 20, 1000, true);
		callers.request(300);
		for (let step = 0; step < 60; step++) {
			await settle(50);
			callers.answer();
		}
		expect(callers.pacer.requestsPerSecond).toBe(20);
		const refusedWhileLearning = callers.refused;
		const from = callers.started;

		for (let step = 0; step < 400 && callers.accepted.length < 300; step++) {
			await settle(50);
			callers.answer();
		}
		expect(callers.accepted).toHaveLength(300);
		// afterwards at most one refusal: a probe for one more request per second
		expect(callers.refused - refusedWhileLearning).toBeLessThanOrEqual(1);
		const paced = new Callers(callers.pacer);
		paced.startTimes.push(...callers.startTimes.slice(from));
		expect(paced.busiestSecond()).toBeLessThanOrEqual(21);
	});

	it('probes above the learned limit only after several windows at it, then by growing steps while the service accepts them', async () => {
		const callers = new Callers(new RequestPacer(50), 20);
		callers.request(1000);
		// learn and confirm the limit
		for (let step = 0; step < 60; step++) {
			await settle(50);
			callers.answer();
		}
		expect(callers.pacer.requestsPerSecond).toBe(20);
		// a service that now allows more (another client stopped sharing the limit): first one more,
		// then 2 more per window while none is refused
		const budgets: number[] = [];
		for (let step = 0; step < 40; step++) {
			await settle(50);
			for (; callers.answered < callers.started; callers.answered++) callers.pacer.release('ok');
		}
		expect(callers.pacer.requestsPerSecond).toBe(20);
		for (let step = 0; step < 300; step++) {
			await settle(50);
			for (; callers.answered < callers.started; callers.answered++) callers.pacer.release('ok');
			if (budgets[budgets.length - 1] !== callers.pacer.requestsPerSecond)
				budgets.push(callers.pacer.requestsPerSecond!);
		}
		expect(budgets.slice(0, 3)).toEqual([20, 21, 23]);
	});

	it('two pacers sharing one limit of 20 per second (two executions): both keep a share, their sum stays near the limit', async () => {
		const first = new Callers(new RequestPacer(50), 20, 1000, true);
		const second = new Callers(new RequestPacer(50), 20, 1000, true);
		// one service: both count against the same accepted starts
		Object.assign(second, { accepted: first.accepted });
		first.request(2000);
		second.request(2000);
		const startedAfter = (callers: Callers, seconds: number) =>
			callers.startTimes.filter((at) => at - start <= seconds * 1000).length;
		const start = Date.now();
		for (let step = 0; step < 800; step++) {
			await settle(50);
			first.answer();
			second.answer();
		}
		// 40 s: at most 800 accepted in all; from the 10th second on, more than 85% of the limit was used
		// (a pacer that did not probe above the accepted rate reached 79% here) and each got at least a quarter of it
		expect(first.accepted.length).toBeLessThanOrEqual(800 + 20);
		const late = [first, second].map(
			(callers) => startedAfter(callers, 40) - startedAfter(callers, 10),
		);
		const accepted = first.accepted.filter((at) => at - start > 10000).length;
		expect(accepted).toBeGreaterThan(30 * 20 * 0.85);
		for (const count of late) expect(count).toBeGreaterThan(accepted / 4);
		// a hang detector: 4,000 waiting requests re-checked at each start cost 186 s of a busy machine
	}, 600_000);
});
