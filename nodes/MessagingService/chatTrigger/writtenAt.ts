/** Offsets kept: the most recent replies' (a clock that drifts is followed). */
const KEPT = 50;
/** The offset used is the third highest kept: two replies with odd dates cannot move it. */
const RANK = 3;
/** The service writes whole seconds: a reply stamped 10:00:05 may have come at 10:00:05.999. */
const RESOLUTION_MS = 1000;

/**
 * When a customer wrote a reply, on n8n's clock, estimated from the service's `d_receiver` so
 * that a quiet window can count from the message rather than from the read that found it: a
 * reply found five seconds after it was written has had five seconds of its quiet window.
 *
 * The two clocks may differ (and the service's zone may be set wrong), so their offset is learned
 * from the replies found: a reply stamped R (service's clock) in the answer of a read that ended
 * at F (n8n's clock, as the service's wall time) gives R - F, at most the true offset, as the reply
 * came before the answer. Taking a high one of the recent R - F and adding the stamp's resolution
 * errs towards a later moment, so a quiet window is never taken as longer than it was (unless
 * three of the last 50 dates are odd). An estimate before the mailing's previous read, which did
 * not show the reply, proves the date wrong (a clock stuck in the past, say): the reply then counts
 * as written when it was found, as it does while fewer than three replies have been seen.
 */
export class WrittenAt {
	private readonly offsets: number[] = [];

	/** A reply stamped `stampMs` was in the answer of a read that ended at `readEndMs` (both as the service's wall time). */
	observe(stampMs: number, readEndMs: number): void {
		this.offsets.push(stampMs - readEndMs);
		if (this.offsets.length > KEPT) this.offsets.shift();
	}

	/**
	 * The latest moment (n8n's clock) the reply may have been written. `foundAt`: when the read
	 * that found it started; `previousReadAt`: when the mailing's read before it started, if any;
	 * `serviceNowMs`: `foundAt` as the service's wall time.
	 */
	estimate(
		stampMs: number | undefined,
		foundAt: number,
		serviceNowMs: number,
		previousReadAt?: number,
	): number {
		if (stampMs === undefined || this.offsets.length < RANK) return foundAt;
		const offset = [...this.offsets].sort((a, b) => b - a)[RANK - 1];
		const writtenAt = foundAt - (serviceNowMs + offset - stampMs - RESOLUTION_MS);
		return writtenAt < (previousReadAt ?? -Infinity) ? foundAt : Math.min(foundAt, writtenAt);
	}
}
