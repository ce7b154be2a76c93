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
 * 3. A 429 sets the rate: no window of WINDOW_MS holds more requests than the service accepted
 *    from this execution in the window before the refusal. A request counts from its start until
 *    one window after its answer (the service counted it somewhere in between), so uneven network
 *    delays never put more into the service's window than the rate. The count is taken once every
 *    request started before the refusal came back has been answered. A limit that fell, or that
 *    other executions now share, is followed at the next 429.
 * 4. Each window in which the rate held requests back without a 429, it grows: by 1, then 2, 4, ...
 *    (doubling while the service accepts; back to 1 after a 429). A limit that rose, or that other
 *    executions stopped sharing, is taken up within a few windows; at a steady limit the cost is a
 *    refused request every other window, whose pause ends about when the window would have opened.
 *
 * A 429 for a request that started before the last 429 came back belongs to the same episode: it
 * waits as told but does not measure again.
 */
export class RequestPacer {
	/** the requests that may still count in a window, in the order they started */
	private requests: PacedRequest[] = [];

	private resumeAt = 0;

	/** how many requests have started */
	private started = 0;

	/** a refused request with a lower serial belongs to the last episode of 429s */
	private episodeUntil = 0;

	/** a window to count once every request started before the refusal (serial below `until`) has been answered */
	private measurement: { from: number; until: number } | undefined;

	/** requests per window, once the service has answered 429 */
	private rate: number | undefined;

	private rateChangedAt = 0;

	private step = 1;

	/** requests per second the pacer allows, once the service has answered 429 (else undefined) */
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
			if (request.serial >= this.episodeUntil) {
				this.episodeUntil = this.started;
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

	/** The rate becomes what the service accepted between `from` and the refusal. */
	private setRate({ from, until }: { from: number; until: number }, now: number): void {
		const accepted = this.requests.filter((request) => !request.refused && request.serial < until && request.answeredAt! > from).length;
		// nothing accepted (a burst of 429s, or others took it all) says nothing about a rate to keep to
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
