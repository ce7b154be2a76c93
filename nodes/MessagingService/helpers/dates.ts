import { instantOfWallTime, wallTimeIn, type WallTime } from './zonedTime';

/** The time formats of the service's methods. */
export type ServiceTimeFormat = 'YYYY-MM-DD HH:MM' | 'YYYY-MM-DDTHH:mm:ss';

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

function toInstant(value: unknown): Date | undefined {
	if (value instanceof Date) return value;
	if (typeof value === 'object' && value !== null && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return new Date(String((value as { toISO: () => string }).toISO()));
	}
	if (typeof value === 'string' && /(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) {
		const instant = new Date(value.trim());
		return Number.isNaN(instant.getTime()) ? undefined : instant;
	}
	return undefined;
}

/**
 * Converts an n8n date (picker value, ISO text, Date or Luxon DateTime) to the service's format,
 * as wall time in the service's zone. A time with a zone (an offset, Z, a Date, a DateTime) is an
 * instant. A time without one is wall time in the workflow's zone (n8n's convention): sent as
 * given when the service's zone is the workflow's, otherwise read as an instant there first
 * (see instantOfWallTime for the hour clocks skip or repeat). Returns undefined when the value
 * is not a date.
 */
export function toServiceTime(
	value: unknown,
	format: ServiceTimeFormat,
	workflowZone: string,
	serviceZone = workflowZone,
): string | undefined {
	let wall: WallTime | undefined;
	const naive = typeof value === 'string' ? NAIVE.exec(value.trim()) : null;
	if (naive) {
		const [, year, month, day, hour, minute, second = '00'] = naive;
		wall = { year, month, day, hour, minute, second };
		if (serviceZone !== workflowZone && isRealWallTime(wall)) wall = wallTimeIn(instantOfWallTime(wall, workflowZone), serviceZone);
	} else {
		const instant = toInstant(value);
		if (instant && !Number.isNaN(instant.getTime())) wall = wallTimeIn(instant, serviceZone);
	}
	if (!wall) return undefined;
	const date = `${wall.year}-${wall.month}-${wall.day}`;
	return format === 'YYYY-MM-DD HH:MM'
		? `${date} ${wall.hour}:${wall.minute}`
		: `${date}T${wall.hour}:${wall.minute}:${wall.second}`;
}

function isRealWallTime(wall: WallTime): boolean {
	return isRealServiceTime(`${wall.year}-${wall.month}-${wall.day}T${wall.hour}:${wall.minute}:${wall.second}`);
}

/** A Unix time in seconds as an ISO date, for outputs; undefined for 0 or missing. */
export function unixToIso(seconds: unknown): string | undefined {
	const value = Number(seconds);
	if (!Number.isFinite(value) || value <= 0) return undefined;
	return new Date(value * 1000).toISOString();
}

/** A service time "YYYY-MM-DD HH:MM:SS" as ISO text (the service's time zone is not stated, so none is added). */
export function serviceTimeToIso(text: unknown): string | undefined {
	if (typeof text !== 'string') return undefined;
	const match = NAIVE.exec(text.trim());
	if (!match) return undefined;
	const [, year, month, day, hour, minute, second = '00'] = match;
	return `${year}-${month}-${day}T${hour}:${minute}:${second}`;
}

const SERVICE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Whether a time in a service format (`YYYY-MM-DD HH:MM`, `YYYY-MM-DDTHH:mm:ss`) is a real
 * calendar date and time: month 1-12, a day that month has (leap years included), hour 0-23,
 * minute and second 0-59. `2026-02-30 25:61` is not.
 */
export function isRealServiceTime(text: string): boolean {
	const match = SERVICE_TIME.exec(text);
	if (!match) return false;
	const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
	if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
	return day <= daysInMonth;
}
