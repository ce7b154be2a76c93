/** Shortest time between two reads of a waited mailing. */
export const MIN_READ_EVERY_MS = 2_000;
/** Longest: a reply to an old question is found within a minute (when the budget allows). */
export const MAX_READ_EVERY_MS = 60_000;
/** The interval grows with the question's age as age / AGE_SHARE (every 20 s at 10 minutes). */
const AGE_SHARE = 30;
const MINUTE_MS = 60_000;

/**
 * When a waited mailing is read next, after a read at `now` that found nothing new: every 2 s in
 * the question's first minute, then every age/30, at least once a minute. A wait thus costs at
 * most 30 requests a minute when new and 1 a minute after 30 minutes.
 */
export function nextReadAfter(askedAt: number, now: number): number {
	const age = Math.max(0, now - askedAt);
	const every =
		age < MINUTE_MS
			? MIN_READ_EVERY_MS
			: Math.min(MAX_READ_EVERY_MS, Math.max(MIN_READ_EVERY_MS, age / AGE_SHARE));
	return now + every;
}

/** The reads started in the last minute, against Max Requests per Minute. */
export class MinuteBudget {
	private readonly started: number[] = [];

	left(perMinute: number, now: number): number {
		while (this.started.length > 0 && now - this.started[0] >= MINUTE_MS) this.started.shift();
		return Math.max(0, perMinute - this.started.length);
	}

	spend(now: number): void {
		this.started.push(now);
	}
}
