import { sleep } from 'n8n-workflow';

import { AdaptiveConcurrency } from './concurrency';
import { LearnedRateBudget } from './learnedRateBudget';

/**
 * The pace of one execution's requests: TCP's congestion control, applied to a rate limit.
 *
 * 1. In flight: at most `concurrency.current` requests. It starts at 40 (START_CONCURRENCY) and
 *    doubles with each round of answers, up to the node's Concurrency; a 429 halves it
 *    (concurrency.ts). Without 429s nothing else holds requests back.
 * 2. Pause: a 429 holds every request of the execution until its Retry-After has passed.
 * 3. Budget: the first 429 measures the rate the service takes: the starts it accepted in the
 *    second before the refused one. From then on no second (WINDOW_MS, plus a margin for uneven
 *    arrival: INITIAL_MARGIN_MS to MAX_MARGIN_MS) holds more starts than that budget, so a rate
 *    limit stretches the run instead of failing it. The starts are spread over the second, not sent
 *    in one burst as it opens (a burst let whichever execution came back first from its pause take
 *    every second). Starts are remembered for HISTORY_MS.
 * 4. Probe: while the budget holds starts back, it climbs back to the ceiling (what the service
 *    accepted at its last 429) by half the gap per second; after PROBE_AFTER_WINDOWS seconds there
 *    it tries 1, then 2, 4, 8 (MAX_PROBE_STEP) more per second while they are accepted. A refused
 *    probe goes back to what was accepted, and the next probe waits twice as long, up to
 *    PROBE_AFTER_WINDOWS_MAX.
 * 5. Share: a 429 at or below the ceiling means another client (another execution) uses the same
 *    limit, or requests reached the service unevenly (the margin widens): the ceiling drops to 90%
 *    of what was accepted (CEILING_ON_SHARED_LIMIT) and the budget to 70% of that
 *    (DECREASE_ON_SHARED_LIMIT). A pacer under half of its best probes every second. Executions
 *    sharing one limit, each with its own pacer, so even out their shares and keep their sum near
 *    the limit.
 *
 * Rules 3 to 5: learnedRateBudget.ts, where each constant says why it has its value.
 */
export class RequestPacer {
	/** how many requests may be in flight, adapted to the service's answers */
	private readonly concurrency: AdaptiveConcurrency;

	private readonly budget = new LearnedRateBudget();

	private inFlight = 0;

	private resumeAt = 0;

	private waiting: Array<() => void> = [];

	private stopped = false;

	/** `startConcurrency`: requests in flight at first (default: START_CONCURRENCY, or the maximum when lower) */
	constructor(
		readonly maxConcurrency: number,
		startConcurrency?: number,
	) {
		this.concurrency = new AdaptiveConcurrency(maxConcurrency, startConcurrency);
	}

	/** how many requests may be in flight at once now */
	get currentLimit(): number {
		return this.concurrency.current;
	}

	/** the service has answered 429: its limit, not n8n's CPU, holds the requests back */
	get rateLimited(): boolean {
		return this.resumeAt > 0;
	}

	/** requests per second the pacer allows, once the service has answered 429 (else undefined) */
	get requestsPerSecond(): number | undefined {
		return this.budget.perSecond;
	}

	async acquire(): Promise<void> {
		for (;;) {
			if (this.stopped) throw new Error('The requests of this execution were stopped');
			const now = Date.now();
			const pause = this.resumeAt - now;
			if (pause > 0) {
				await sleep(pause);
				continue;
			}
			if (this.inFlight >= this.concurrency.current) {
				await new Promise<void>((resolve) => this.waiting.push(resolve));
				continue;
			}
			const wait = this.budget.waitMs(now, this.resumeAt);
			if (wait > 0) {
				await sleep(wait);
				continue;
			}
			this.inFlight++;
			this.budget.started(now);
			this.concurrency.started(this.inFlight);
			return;
		}
	}

	/** Each acquired request is released once, with how it ended. */
	release(outcome: 'ok' | 'rateLimited' | 'failed', retryAfterMs = 0): void {
		const now = Date.now();
		this.inFlight = Math.max(0, this.inFlight - 1);
		const finished = this.budget.finished(outcome === 'rateLimited' ? 'refused' : outcome, now);
		if (finished === 'answered') this.concurrency.answered();
		if (outcome === 'rateLimited') {
			this.resumeAt = Math.max(this.resumeAt, now + retryAfterMs);
			if (finished === 'newEpisode') this.concurrency.rateLimited();
		}
		// After a failure, the next request waits for a turn of the event loop: when the error stops
		// the execution (stop()), that has happened by then, and the request is not sent.
		if (outcome === 'failed') void sleep(0).then(() => this.wakeAll());
		else this.wakeAll();
	}

	/** Requests waiting now or later fail: an item stopped the execution, nothing more is sent. */
	stop(): void {
		this.stopped = true;
		this.wakeAll();
	}

	private wakeAll(): void {
		for (const wake of this.waiting.splice(0)) wake();
	}
}
