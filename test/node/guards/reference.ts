/**
 * An independent reading of Quiet Hours for the tests: the wall clock read with Intl's hour and
 * minute fields, and the next allowed moment found by walking minute by minute. It shares no code
 * with the package (guards/quietHours.ts computes the moment directly).
 */

const clocks = new Map<string, Intl.DateTimeFormat>();

function minuteOfDayIn(ms: number, zone: string): number {
	let clock = clocks.get(zone);
	if (!clock) {
		clock = new Intl.DateTimeFormat('en-GB', {
			timeZone: zone,
			hour: 'numeric',
			minute: 'numeric',
			hourCycle: 'h23',
		});
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
export function referenceNextAllowed(
	ms: number,
	zone: string,
	from = 9 * 60,
	until = 21 * 60,
): number {
	if (allowedAt(ms, zone, from, until)) return ms;
	// quarter hours to the first allowed one (every allowed stretch here is longer), then minute by minute within the last
	let minute = Math.ceil(ms / 60_000) * 60_000;
	for (let step = 0; step < 3 * 24 * 4; step++, minute += 15 * 60_000) {
		if (!allowedAt(minute, zone, from, until)) continue;
		for (
			let back = Math.max(Math.ceil(ms / 60_000) * 60_000, minute - 14 * 60_000);
			back <= minute;
			back += 60_000
		) {
			if (allowedAt(back, zone, from, until)) return back;
		}
	}
	throw new Error(
		`no allowed minute within three days after ${new Date(ms).toISOString()} in ${zone}`,
	);
}

/** An instant as the service writes times in `zone`: "YYYY-MM-DDTHH:mm:ss" or "YYYY-MM-DD HH:MM". */
const serviceClocks = new Map<string, Intl.DateTimeFormat>();

export function serviceTimeIn(ms: number, zone: string, format: 'T' | 'minutes'): string {
	let clock = serviceClocks.get(zone);
	if (!clock) {
		clock = new Intl.DateTimeFormat('sv-SE', {
			timeZone: zone,
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
			hourCycle: 'h23',
		});
		serviceClocks.set(zone, clock);
	}
	const parts = clock.formatToParts(new Date(ms));
	const value = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
	const date = `${value('year')}-${value('month')}-${value('day')}`;
	return format === 'T'
		? `${date}T${value('hour')}:${value('minute')}:${value('second')}`
		: `${date} ${value('hour')}:${value('minute')}`;
}

/** Every moment a service time (no offset) names in `zone`: one, two (a repeated hour) or none (a skipped one). */
export function momentsNamedBy(text: string, zone: string): number[] {
	const format = text.includes('T') ? 'T' : 'minutes';
	const asUtc = Date.parse(`${text.replace(' ', 'T')}${format === 'minutes' ? ':00' : ''}Z`);
	const found = new Set<number>();
	for (let offset = -14 * 60; offset <= 14 * 60; offset += 15) {
		const ms = asUtc - offset * 60_000;
		if (serviceTimeIn(ms, zone, format) === text) found.add(ms);
	}
	return [...found].sort((a, b) => a - b);
}

/** `ms` when its service time in `zone` names it alone, else the first whole minute after it that does. */
export function firstOneMomentMinute(ms: number, zone: string): number {
	for (
		let minute = ms;
		minute < ms + 4 * 3600_000;
		minute = Math.floor(minute / 60_000) * 60_000 + 60_000
	) {
		if (momentsNamedBy(serviceTimeIn(minute, zone, 'T'), zone).length === 1) return minute;
	}
	throw new Error(
		`no time naming one moment within 4 hours after ${new Date(ms).toISOString()} in ${zone}`,
	);
}

const offsetClocks = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `ms`, in minutes. */
export function offsetMinutes(ms: number, zone: string): number {
	let clock = offsetClocks.get(zone);
	if (!clock) {
		clock = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
		offsetClocks.set(zone, clock);
	}
	const name =
		clock.formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
	const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
	return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The clock changes of `zone` in `year`: the moment (to the minute) and the offsets before and after. */
export function clockChanges(
	zone: string,
	year: number,
): Array<{ at: number; before: number; after: number }> {
	const changes: Array<{ at: number; before: number; after: number }> = [];
	const end = Date.UTC(year + 1, 0, 1);
	for (let ms = Date.UTC(year, 0, 1); ms < end; ms += 6 * 3600_000) {
		const before = offsetMinutes(ms, zone);
		const after = offsetMinutes(ms + 6 * 3600_000, zone);
		if (before === after) continue;
		let low = ms / 60_000;
		let high = (ms + 6 * 3600_000) / 60_000;
		while (high - low > 1) {
			const middle = Math.floor((low + high) / 2);
			if (offsetMinutes(middle * 60_000, zone) === before) low = middle;
			else high = middle;
		}
		changes.push({ at: high * 60_000, before, after });
	}
	return changes;
}
