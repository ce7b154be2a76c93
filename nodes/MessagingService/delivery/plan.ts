import type { WatchedSend } from './watchList';

/** A send is read again after a tenth of its age... */
const SPACING_SHARE = 0.1;
/** ...at least this far apart (n8n polls at most once a minute)... */
export const MIN_SPACING_MS = 60_000;
/** ...at most this far apart. */
export const MAX_SPACING_MS = 30 * 60_000;
/** Failed reads in a row double the spacing, up to this factor. */
const MAX_BACKOFF = 16;
/** A poll that comes a little early still reads what falls due about then. */
const EARLY_SHARE = 0.9;

/** How long after its last read a send of this age is read again. */
export function spacingMs(ageMs: number, failures = 0): number {
	const base = Math.min(MAX_SPACING_MS, Math.max(MIN_SPACING_MS, ageMs * SPACING_SHARE));
	return base * Math.min(MAX_BACKOFF, 2 ** failures);
}

/**
 * The sends to read now, the most urgent first: first those whose Time Limit has passed since
 * their last read (a message is read once more before it is said to have timed out), then by how
 * overdue they are. A message sent a minute ago is read at every poll, one sent yesterday every
 * half hour; a send whose every recipient reached a last status is no longer in the list.
 */
export function dueSends(sends: WatchedSend[], now: number, timeLimitMs?: number): WatchedSend[] {
	const scored: Array<[WatchedSend, number]> = [];
	for (const send of sends) {
		if (send.readAt === undefined) {
			scored.push([send, Infinity]);
			continue;
		}
		const deadline = timeLimitMs === undefined ? undefined : send.sentAt + timeLimitMs;
		if (deadline !== undefined && now >= deadline && send.readAt < deadline && !send.failures) {
			scored.push([send, Number.MAX_VALUE]);
			continue;
		}
		const overdue =
			(now - send.readAt) / (spacingMs(now - send.sentAt, send.failures) * EARLY_SHARE);
		if (overdue >= 1) scored.push([send, overdue]);
	}
	return scored.sort((a, b) => b[1] - a[1] || a[0].sentAt - b[0].sentAt).map(([send]) => send);
}
