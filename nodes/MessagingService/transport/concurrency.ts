/** Requests in flight at the start of an execution: the node's fixed concurrency before it adapted. */
export const START_CONCURRENCY = 10;
/** A round whose answers came at most this many times as slow as the quickest round (plus the slack) lets the limit rise... */
const LATENCY_HOLDS_FACTOR = 2;
/** ...beyond this many times the service is queueing the requests: the limit steps back. */
const LATENCY_QUEUEING_FACTOR = 4;
/** Latencies of a few milliseconds vary by more than any factor: differences below this are noise. */
const LATENCY_SLACK_MS = 10;
/** A 429 cuts the limit to this share of itself (multiplicative decrease)... */
const DECREASE_ON_429 = 0.5;
/** ...and a service that queues to this share. */
const DECREASE_ON_QUEUEING = 0.75;

/**
 * How many requests of an execution may be in flight at once (additive increase, multiplicative
 * decrease, as TCP does with its window).
 *
 * - It starts at START_CONCURRENCY (or the maximum, when lower) and never leaves 1..maximum.
 * - A round is as many answers as the limit. After a round in which the limit was really used
 *   (that many requests were in flight at some moment) and latency held, the limit rises: it
 *   doubles until the first sign of trouble (slow start), then grows by one per round.
 * - A 429 halves it (the pacer reports one per refusal episode, not one per refused request); the
 *   pace in requests per second is the pacer's learned rate, not this.
 * - A round much slower than the quickest one seen means the service queues the requests: the limit
 *   steps back; a round somewhat slower holds it where it is.
 */
export class AdaptiveConcurrency {
	private limit: number;

	private slowStart = true;

	private answers = 0;

	private latencySumMs = 0;

	private busiest = 0;

	private quickestRoundMs: number | undefined;

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

	/** A request was answered (not with 429) `latencyMs` after it started. */
	answered(latencyMs: number): void {
		this.answers++;
		this.latencySumMs += Math.max(0, latencyMs);
		if (this.answers < this.limit) return;

		const roundMs = this.latencySumMs / this.answers;
		const quickest = Math.min(this.quickestRoundMs ?? roundMs, roundMs);
		this.quickestRoundMs = quickest;
		if (roundMs > quickest * LATENCY_QUEUEING_FACTOR + LATENCY_SLACK_MS) {
			this.lower(DECREASE_ON_QUEUEING);
		} else if (this.busiest >= this.limit && roundMs <= quickest * LATENCY_HOLDS_FACTOR + LATENCY_SLACK_MS) {
			this.limit = Math.min(this.maximum, this.slowStart ? this.limit * 2 : this.limit + 1);
			this.startRound();
		} else {
			this.startRound();
		}
	}

	/** The service refused a request with 429 (once per episode of refusals). */
	rateLimited(): void {
		this.lower(DECREASE_ON_429);
	}

	private lower(factor: number): void {
		this.limit = Math.max(1, Math.floor(this.limit * factor));
		this.slowStart = false;
		this.startRound();
	}

	private startRound(): void {
		this.answers = 0;
		this.latencySumMs = 0;
		this.busiest = 0;
	}
}
