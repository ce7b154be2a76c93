/**
 * Wall time in a time zone, with Intl only: what a clock in the zone shows at an instant, and
 * back. The service's times carry no zone; this is how the package reads and writes them.
 */

export interface WallTime {
	year: string;
	month: string;
	day: string;
	hour: string;
	minute: string;
	second: string;
}

/** Whether Intl knows the zone name (an IANA name such as Europe/Berlin, or UTC). */
export function isTimeZone(zone: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
		return true;
	} catch {
		return false;
	}
}

/** What a clock in the zone shows at the instant. */
export function wallTimeIn(instant: Date, timeZone: string): WallTime {
	const parts = new Intl.DateTimeFormat('en-CA', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(instant);
	const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
	return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

function wallAsUtcMs(wall: WallTime): number {
	return Date.UTC(Number(wall.year), Number(wall.month) - 1, Number(wall.day), Number(wall.hour), Number(wall.minute), Number(wall.second));
}

/** Milliseconds the zone is ahead of UTC at an instant. */
export function offsetMs(instantMs: number, zone: string): number {
	const whole = Math.floor(instantMs / 1000) * 1000;
	return wallAsUtcMs(wallTimeIn(new Date(whole), zone)) - whole;
}

/**
 * The instant a clock in the zone shows the wall time. Chosen like Luxon (n8n's date library):
 * a wall time skipped by a clock change (02:30 on the morning clocks go forward) is moved forward
 * by the gap (03:30); a wall time that occurs twice (clocks go back) is the first, earlier one.
 */
export function instantOfWallTime(wall: WallTime, zone: string): Date {
	const asUtc = wallAsUtcMs(wall);
	const before = offsetMs(asUtc - 86_400_000, zone);
	const after = offsetMs(asUtc + 86_400_000, zone);
	const candidates = [...new Set([before, after])]
		.map((offset) => asUtc - offset)
		.filter((instant) => wallAsUtcMs(wallTimeIn(new Date(instant), zone)) === asUtc)
		.sort((a, b) => a - b);
	if (candidates.length > 0) return new Date(candidates[0]);
	// In a gap: read the wall time with the offset before the change, which lands past the gap.
	return new Date(asUtc - before);
}

/** Now as a service time ("YYYY-MM-DD HH:MM:SS") in the zone. */
export function serviceNow(zone: string, nowMs = Date.now()): string {
	const wall = wallTimeIn(new Date(nowMs), zone);
	return `${wall.year}-${wall.month}-${wall.day} ${wall.hour}:${wall.minute}:${wall.second}`;
}

const SERVICE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})$/;

/** A service time read in the zone, as ISO with its offset (e.g. 2026-03-02T09:01:40+03:00). */
export function serviceTimeToIsoWithOffset(text: unknown, zone: string): string | undefined {
	if (typeof text !== 'string') return undefined;
	const match = SERVICE_TIME.exec(text.trim());
	if (!match) return undefined;
	const [, year, month, day, hour, minute, second] = match;
	const wall = { year, month, day, hour, minute, second };
	const minutes = Math.round((wallAsUtcMs(wall) - instantOfWallTime(wall, zone).getTime()) / 60_000);
	const sign = minutes < 0 ? '-' : '+';
	const abs = Math.abs(minutes);
	const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
	return `${year}-${month}-${day}T${hour}:${minute}:${second}${sign}${hhmm}`;
}
