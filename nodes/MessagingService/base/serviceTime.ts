/**
 * The service's time format ("YYYY-MM-DD HH:MM:SS", no zone) and wall time in a time zone, with
 * Intl only: what a clock in the zone shows at an instant, and back. The service's times carry
 * no zone; this is how the package reads, compares and writes them.
 */
import { formatterOfZone } from './processMemory';

/** A day, in ms. */
export const DAY_MS = 24 * 60 * 60 * 1000;
/** 2000-01-01 00:00 read as UTC: the origin of the compact times kept in static data. */
export const EPOCH_MS = Date.UTC(2000, 0, 1);

export interface WallTime {
	year: string;
	month: string;
	day: string;
	hour: string;
	minute: string;
	second: string;
}

function formatterOf(timeZone: string): Intl.DateTimeFormat {
	let formatter = formatterOfZone.get(timeZone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-CA', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formatterOfZone.set(timeZone, formatter);
	}
	return formatter;
}

/** Whether Intl knows the zone name (an IANA name such as Europe/Berlin, or UTC); a known one is asked once. */
export function isTimeZone(zone: string): boolean {
	try {
		formatterOf(zone);
		return true;
	} catch {
		return false;
	}
}

/** What a clock in the zone shows at the instant. */
export function wallTimeIn(instant: Date, timeZone: string): WallTime {
	const parts = formatterOf(timeZone).formatToParts(instant);
	const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
	return {
		year: part('year'),
		month: part('month'),
		day: part('day'),
		hour: part('hour'),
		minute: part('minute'),
		second: part('second'),
	};
}

function wallAsUtcMs(wall: WallTime): number {
	return Date.UTC(
		Number(wall.year),
		Number(wall.month) - 1,
		Number(wall.day),
		Number(wall.hour),
		Number(wall.minute),
		Number(wall.second),
	);
}

/** Milliseconds the zone is ahead of UTC at an instant. */
export function offsetMs(instantMs: number, zone: string): number {
	const whole = Math.floor(instantMs / 1000) * 1000;
	return wallAsUtcMs(wallTimeIn(new Date(whole), zone)) - whole;
}

/**
 * Every instant at which a clock in the zone shows the wall time, earliest first: one; two when
 * the clocks go back over it (the repeated hour); none when they go forward over it (the skipped hour).
 */
export function instantsOfWallTime(wall: WallTime, zone: string): number[] {
	const asUtc = wallAsUtcMs(wall);
	const offsets = new Set([
		offsetMs(asUtc - DAY_MS, zone),
		offsetMs(asUtc, zone),
		offsetMs(asUtc + DAY_MS, zone),
	]);
	return [...offsets]
		.map((offset) => asUtc - offset)
		.filter((instant) => wallAsUtcMs(wallTimeIn(new Date(instant), zone)) === asUtc)
		.sort((a, b) => a - b);
}

/**
 * The instant a clock in the zone shows the wall time. Chosen like Luxon (n8n's date library):
 * a wall time skipped by a clock change (02:30 on the morning clocks go forward) is moved forward
 * by the gap (03:30); a wall time that occurs twice (clocks go back) is the first, earlier one.
 */
export function instantOfWallTime(wall: WallTime, zone: string): Date {
	const candidates = instantsOfWallTime(wall, zone);
	if (candidates.length > 0) return new Date(candidates[0]);
	// In a gap: read the wall time with the offset before the change, which lands past the gap.
	const asUtc = wallAsUtcMs(wall);
	return new Date(asUtc - offsetMs(asUtc - DAY_MS, zone));
}

/** Now as a service time ("YYYY-MM-DD HH:MM:SS") in the zone. */
export function serviceNow(zone: string, nowMs = Date.now()): string {
	const wall = wallTimeIn(new Date(nowMs), zone);
	return `${wall.year}-${wall.month}-${wall.day} ${wall.hour}:${wall.minute}:${wall.second}`;
}

/** A service time as the service writes it; well formed, it sorts as text. */
const SERVICE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A time with no zone, as n8n's date fields and the service write it (seconds optional). */
const NAIVE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

export function isServiceTime(value: unknown): value is string {
	return typeof value === 'string' && SERVICE_TIME.test(value);
}

/** The later of two service times (ignoring malformed ones). */
export function laterTime(a: string | undefined, b: string | undefined): string | undefined {
	if (!isServiceTime(a)) return isServiceTime(b) ? b : undefined;
	if (!isServiceTime(b)) return a;
	return a >= b ? a : b;
}

/** A service time read as UTC, in ms (for spans between service times); undefined when unreadable. */
export function serviceTimeMs(text: unknown): number | undefined {
	if (!isServiceTime(text)) return undefined;
	const ms = Date.parse(`${text.replace(' ', 'T')}Z`);
	return Number.isNaN(ms) ? undefined : ms;
}

/** The other direction: the service time that `ms` (read as UTC) is, to the second. */
export function serviceTimeAt(ms: number): string {
	return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The wall time a text with no zone gives ("2026-03-02 09:01", "2026-03-02T09:01:40"); undefined for others. */
export function parseWallTime(text: unknown): WallTime | undefined {
	if (typeof text !== 'string') return undefined;
	const match = NAIVE_TIME.exec(text.trim());
	if (!match) return undefined;
	const [, year, month, day, hour, minute, second = '00'] = match;
	return { year, month, day, hour, minute, second };
}

/** An instant from a value that carries its zone: a Date, a Luxon DateTime, or ISO text with Z or an offset. */
export function instantWithZone(value: unknown): Date | undefined {
	if (value instanceof Date) return value;
	if (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as { toISO?: unknown }).toISO === 'function'
	) {
		return new Date(String((value as { toISO: () => string }).toISO()));
	}
	if (typeof value === 'string' && /(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) {
		const instant = new Date(value.trim());
		return Number.isNaN(instant.getTime()) ? undefined : instant;
	}
	return undefined;
}

/** A service time read in the zone, as ISO with its offset (e.g. 2026-03-02T09:01:40+03:00). */
export function serviceTimeToIsoWithOffset(text: unknown, zone: string): string | undefined {
	if (typeof text !== 'string' || !/:\d{2}:\d{2}$/.test(text.trim())) return undefined;
	const wall = parseWallTime(text);
	if (!wall) return undefined;
	const { year, month, day, hour, minute, second } = wall;
	const minutes = Math.round(
		(wallAsUtcMs(wall) - instantOfWallTime(wall, zone).getTime()) / 60_000,
	);
	const sign = minutes < 0 ? '-' : '+';
	const abs = Math.abs(minutes);
	const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
	return `${year}-${month}-${day}T${hour}:${minute}:${second}${sign}${hhmm}`;
}

/** Either service format: `YYYY-MM-DD HH:MM` or `YYYY-MM-DDTHH:mm:ss`. */
const SERVICE_FORMAT_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Whether a time in a service format (`YYYY-MM-DD HH:MM`, `YYYY-MM-DDTHH:mm:ss`) is a real
 * calendar date and time: month 1-12, a day that month has (leap years included), hour 0-23,
 * minute and second 0-59. `2026-02-30 25:61` is not.
 */
export function isRealServiceTime(text: string): boolean {
	const match = SERVICE_FORMAT_TIME.exec(text);
	if (!match) return false;
	const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
	if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
	return day <= daysInMonth;
}
