/**
 * An independent reading of Quiet Hours for the tests: the wall clock read with Intl's hour and
 * minute fields, and the next allowed moment found by walking minute by minute. It shares no code
 * with the package (helpers/quietHours.ts computes the moment directly).
 */

const clocks = new Map<string, Intl.DateTimeFormat>();

function minuteOfDayIn(ms: number, zone: string): number {
	let clock = clocks.get(zone);
	if (!clock) {
		clock = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
		clocks.set(zone, clock);
	}
	const parts = clock.formatToParts(new Date(ms));
	const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
	return value('hour') * 60 + value('minute');
}

/** Whether a message may arrive at `ms` in `zone`, allowed from `from` until `until` (minutes of the day). */
export function allowedAt(ms: number, zone: string, from: number, until: number): boolean {
	const minute = minuteOfDayIn(ms, zone);
	return from < until ? minute >= from && minute < until : minute >= from || minute < until;
}

/** `ms` when allowed, else the first whole minute after it that is. */
export function referenceNextAllowed(ms: number, zone: string, from = 9 * 60, until = 21 * 60): number {
	if (allowedAt(ms, zone, from, until)) return ms;
	// quarter hours to the first allowed one (every allowed stretch here is longer), then minute by minute within the last
	let minute = Math.ceil(ms / 60_000) * 60_000;
	for (let step = 0; step < 3 * 24 * 4; step++, minute += 15 * 60_000) {
		if (!allowedAt(minute, zone, from, until)) continue;
		for (let back = Math.max(Math.ceil(ms / 60_000) * 60_000, minute - 14 * 60_000); back <= minute; back += 60_000) {
			if (allowedAt(back, zone, from, until)) return back;
		}
	}
	throw new Error(`no allowed minute within three days after ${new Date(ms).toISOString()} in ${zone}`);
}

/** An instant as the service writes times in `zone`: "YYYY-MM-DDTHH:mm:ss" or "YYYY-MM-DD HH:MM". */
export function serviceTimeIn(ms: number, zone: string, format: 'T' | 'minutes'): string {
	const parts = new Intl.DateTimeFormat('sv-SE', {
		timeZone: zone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
		hourCycle: 'h23',
	}).formatToParts(new Date(ms));
	const value = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
	const date = `${value('year')}-${value('month')}-${value('day')}`;
	return format === 'T' ? `${date}T${value('hour')}:${value('minute')}:${value('second')}` : `${date} ${value('hour')}:${value('minute')}`;
}
