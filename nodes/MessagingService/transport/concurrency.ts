/**
 * Requests in flight at the start of an execution: 200 (the default maximum) after three rounds
 * of answers. Executions that start together enter a limit they share in steps: starting at 200,
 * one execution's whole batch shut the others out (sharedLimit.test.ts failed 11 of 12 runs).
 */
export const START_CONCURRENCY = 40;

/**
 * How many requests of an execution may be in flight at once (TCP's window).
 *
 * - It starts at START_CONCURRENCY (or the maximum, when lower) and never leaves 1..maximum.
 * - A round is as many answers as the limit. After a round in which the limit was really used
 *   (that many requests were in flight at some moment), it doubles until the first 429 (slow
 *   start: from 40, 200 in three rounds), then grows by one per round.
 * - A 429 halves it (the pacer reports one per refusal episode, not one per refused request); the
 *   pace in requests per second is the pacer's learned rate, not this.
 */
export class AdaptiveConcurrency {
	private limit: number;

	private slowStart = true;

	private answers = 0;

	private busiest = 0;

	readonly maximum: number;

	constructor(maximum: number, start = START_CONCURRENCY) {
		this.maximum = Math.max(1, Math.floor(maximum));
		this.limit = Math.max(1, Math.min(this.maximum, Math.floor(start)));
	}

	/** how many requests may be in flight now */
	get current(): number {
		return this.limit;
	}

	/** A request started; `inFlight` requests (itself included) are now under way. */
	started(inFlight: number): void {
		this.busiest = Math.max(this.busiest, inFlight);
	}

	/** A request was answered (not with 429). */
	answered(): void {
		this.answers++;
		if (this.answers < this.limit) return;
		if (this.busiest >= this.limit)
			this.limit = Math.min(this.maximum, this.slowStart ? this.limit * 2 : this.limit + 1);
		this.startRound();
	}

	/** The service refused a request with 429 (once per episode of refusals). */
	rateLimited(): void {
		this.limit = Math.max(1, Math.floor(this.limit / 2));
		this.slowStart = false;
		this.startRound();
	}

	private startRound(): void {
		this.answers = 0;
		this.busiest = 0;
	}
}
