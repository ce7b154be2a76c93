/** The time formats of the service's methods. */
export type ServiceTimeFormat = 'YYYY-MM-DD HH:MM' | 'YYYY-MM-DDTHH:mm:ss';

interface WallTime {
	year: string;
	month: string;
	day: string;
	hour: string;
	minute: string;
	second: string;
}

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

function wallTimeIn(instant: Date, timeZone: string): WallTime {
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
 * Converts an n8n date (picker value, ISO text, Date or Luxon DateTime) to the service's
 * format. A time without a zone is read as wall time in the workflow's time zone; a time with
 * a zone is converted to that time zone. Returns undefined when the value is not a date.
 */
export function toServiceTime(value: unknown, format: ServiceTimeFormat, timeZone: string): string | undefined {
	let wall: WallTime | undefined;
	const naive = typeof value === 'string' ? NAIVE.exec(value.trim()) : null;
	if (naive) {
		const [, year, month, day, hour, minute, second = '00'] = naive;
		wall = { year, month, day, hour, minute, second };
	} else {
		const instant = toInstant(value);
		if (instant && !Number.isNaN(instant.getTime())) wall = wallTimeIn(instant, timeZone);
	}
	if (!wall) return undefined;
	const date = `${wall.year}-${wall.month}-${wall.day}`;
	return format === 'YYYY-MM-DD HH:MM'
		? `${date} ${wall.hour}:${wall.minute}`
		: `${date}T${wall.hour}:${wall.minute}:${wall.second}`;
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
