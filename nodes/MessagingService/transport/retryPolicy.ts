import type { Effect } from './endpoints';

export const MAX_RATE_LIMIT_RETRIES = 12;
export const MAX_SERVER_ERROR_RETRIES = 3;
const RETRY_AFTER_CAP_MS = 120_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 20_000;

/** `Retry-After` as seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
	const text = Array.isArray(value) ? value[0] : value;
	if (typeof text !== 'string' || text.trim() === '') return undefined;
	const trimmed = text.trim();
	const ms = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
	if (Number.isNaN(ms)) return undefined;
	return Math.min(Math.max(ms, 0), RETRY_AFTER_CAP_MS);
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
