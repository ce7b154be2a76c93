import type { Effect } from './endpoints';

export const MAX_RATE_LIMIT_RETRIES = 12;
export const MAX_SERVER_ERROR_RETRIES = 3;
/** A `Retry-After` longer than this ends the item with an error saying when to try again. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;
/** All the 429 waits of one call together stay under this. */
export const MAX_TOTAL_RATE_LIMIT_WAIT_MS = 10 * 60_000;
/** A `Retry-After` date already past (or nearly) still gets this pause: the clocks differ. */
export const MIN_RETRY_AFTER_MS = 1000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 20_000;

/**
 * `Retry-After` as seconds or as an HTTP date, in milliseconds from now; undefined when absent or
 * unreadable. Seconds are taken as given; a date gives at least MIN_RETRY_AFTER_MS. Never cut:
 * the caller compares it with its bounds.
 */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
	const text = Array.isArray(value) ? value[0] : value;
	if (typeof text !== 'string' || text.trim() === '') return undefined;
	const trimmed = text.trim();
	if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
	const ms = Date.parse(trimmed) - now;
	if (Number.isNaN(ms)) return undefined;
	return Math.max(ms, MIN_RETRY_AFTER_MS);
}

/** Exponential backoff with full jitter, for the given retry (0 = first retry). */
export function backoffDelay(retry: number): number {
	const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
	return Math.round(Math.random() * ceiling);
}

/**
 * Whether a request whose outcome is unknown (5xx, timeout, broken connection, unreadable
 * answer) may be sent again: only when sending it twice cannot send a message, or make a change,
 * twice.
 */
export function mayRepeatAfterUnknownOutcome(effect: Effect): boolean {
	return effect === 'read' || effect === 'idempotentWrite';
}
