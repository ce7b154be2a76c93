import { sleep } from 'n8n-workflow';

/** The service's rate window: a 429 with `Retry-After: 1` suggests a rolling second. */
const WINDOW_MS = 1000;

/** One request the pacer let start; request.ts reports its answer with `answered`. */
export interface PacedRequest {
	/** how many requests started before it */
	readonly serial: number;
	readonly startedAt: number;
	/** when its answer came (undefined while it is under way) */
	answeredAt?: number;
	refused: boolean;
}

/**
 * Paces the requests of one execution. Executions share no memory (in queue mode they run in other
 * processes), so each learns the service's limit from its own 429 answers. The rules:
 *
 * 1. Until the first 429 nothing holds a request back: the Concurrency option is the only limit.
 * 2. A 429 stops every start until its Retry-After has passed (request.ts bounds the value).
 * 3. The first 429 of an episode sets the rate: no window of WINDOW_MS holds more requests than the
 *    service accepted from this execution in the window before the refused one. A request counts
 *    from its start until one window after its answer (the service counted it somewhere in
 *    between), so uneven network delays never put more into the service's window than the rate.
 *    The count is taken once every request started before the refusal has been answered. A 429
 *    for a request that started before the episode's first refusal came back is part of it.
 * 4. Each window in which the rate held a request back without a 429, it grows: by 1, then 2, 4,
 *    ... (back to 1 after a 429). A limit that rose, or that another execution stopped sharing, is
 *    taken up within a few windows; at a steady limit the cost is a refused request every other
 *    window, whose pause ends about when the full window would have let a request through anyway.
 *
 * Executions sharing one limit take turns unevenly: request.ts sends a refused request again up to
 * MAX_RATE_LIMIT_RETRIES times.
 */
export class RequestPacer {
	/** the requests that may still count in a window, in the order they started */
	private requests: PacedRequest[] = [];

	private resumeAt = 0;

	/** requests started before this belong to the last episode of 429s */
	private episodeAt = -Infinity;

	/** requests per window, once the service has answered 429 */
	private rate: number | undefined;

	private started = 0;

	/** what the rate grows by at the next window that holds a request back */
	private step = 1;

	/** a window to count once every request started before the refusal (serial below `until`) has been answered */
	private measurement: { from: number; until: number } | undefined;

	private rateChangedAt = 0;

	/** requests per window the pacer allows, once the service has answered 429 (else undefined) */
	get requestsPerSecond(): number | undefined {
		return this.rate;
	}

	async acquire(): Promise<PacedRequest> {
		for (;;) {
			const now = Date.now();
			const wait = Math.max(this.resumeAt - now, this.windowWait(now));
			if (wait <= 0) break;
			await sleep(wait);
		}
		const request: PacedRequest = { serial: this.started++, startedAt: Date.now(), refused: false };
		this.requests.push(request);
		return request;
	}

	/** `retryAfterMs`: the service refused the request with 429 and asked to wait this long. */
	answered(request: PacedRequest, retryAfterMs?: number): void {
		const now = Date.now();
		request.answeredAt = now;
		if (retryAfterMs !== undefined) {
			request.refused = true;
			this.resumeAt = Math.max(this.resumeAt, now + retryAfterMs);
			if (request.startedAt >= this.episodeAt) {
				this.episodeAt = now;
				this.measurement = { from: request.startedAt - WINDOW_MS, until: this.started };
			}
		}
		const measurement = this.measurement;
		if (measurement && !this.requests.some((other) => other.serial < measurement.until && other.answeredAt === undefined)) {
			this.measurement = undefined;
			this.setRate(measurement, now);
		}
		this.forget(now);
	}

	/** How long a start must wait until the last window holds fewer requests than the rate. */
	private windowWait(now: number): number {
		if (this.rate === undefined) return 0;
		const counted = this.requests.filter((request) => !request.refused && (request.answeredAt ?? now) > now - WINDOW_MS);
		if (counted.length < this.rate) return 0;
		if (now - Math.max(this.rateChangedAt, this.resumeAt) >= WINDOW_MS) {
			this.rate += this.step;
			this.step *= 2;
			this.rateChangedAt = now;
			return this.windowWait(now);
		}
		// the first to leave the window (one under way leaves a window after its answer, at the earliest now + WINDOW_MS)
		return Math.max(1, Math.min(...counted.map((request) => request.answeredAt ?? now)) + WINDOW_MS - now);
	}

	/** The rate becomes what the service accepted between `from` and the refusal (nothing accepted says nothing about a rate). */
	private setRate({ from, until }: { from: number; until: number }, now: number): void {
		const accepted = this.requests.filter((request) => !request.refused && request.serial < until && request.answeredAt! > from).length;
		if (accepted === 0) return;
		this.rate = accepted;
		this.step = 1;
		this.rateChangedAt = now;
	}

	/** Drops the requests that no window counts any more (nor a measurement to come), from the oldest start on. */
	private forget(now: number): void {
		const before = Math.min(now - WINDOW_MS, this.measurement?.from ?? now);
		let drop = 0;
		while (drop < this.requests.length && (this.requests[drop].answeredAt ?? now) <= before) drop++;
		if (drop > 0) this.requests.splice(0, drop);
	}
}
