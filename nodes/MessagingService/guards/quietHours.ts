/**
 * Quiet hours: the hours of the day in which a message may arrive, on the recipient's clock, and
 * the next moment a message may go when it is outside them. Intl time zones only (base/serviceTime),
 * so daylight saving changes and half-hour offsets come from the zone's own rules.
 */
import { DAY_MS, offsetMs } from '../base/serviceTime';

const MINUTES_PER_DAY = 24 * 60;

/** Allowed from `from` (included) until `until` (excluded), in minutes after midnight; past midnight when from > until. */
export interface AllowedHours {
	from: number;
	until: number;
}

const HOURS = /^(\d{1,2}):?(\d{2})\s*(?:-|–|—|to)\s*(\d{1,2}):?(\d{2})$/i;

/**
 * "09:00-21:00" (also "9:00 – 21:00", "0900-2100", "22:00-07:00" past midnight, "…-24:00").
 * Returns the hours, or what is wrong with the text.
 */
export function parseAllowedHours(text: string): AllowedHours | { problem: string } {
	const match = HOURS.exec(text.trim());
	if (!match)
		return {
			problem: 'give the hours in which a message may arrive as HH:MM-HH:MM, e.g. 09:00-21:00',
		};
	const [fromHour, fromMinute, untilHour, untilMinute] = match.slice(1).map(Number);
	if (
		fromHour > 23 ||
		fromMinute > 59 ||
		untilHour > 24 ||
		untilMinute > 59 ||
		(untilHour === 24 && untilMinute > 0)
	) {
		return {
			problem:
				'hours are 00 to 23 (24:00 for the end of the day) and minutes 00 to 59, e.g. 09:00-21:00',
		};
	}
	const from = fromHour * 60 + fromMinute;
	const until = untilHour * 60 + untilMinute;
	if (from === until || (from === 0 && until === MINUTES_PER_DAY)) {
		return {
			problem: 'the hours must leave some time out (to send at any hour, remove Quiet Hours)',
		};
	}
	return { from, until };
}

export function isAllowedMinute(minute: number, hours: AllowedHours): boolean {
	return hours.from < hours.until
		? minute >= hours.from && minute < hours.until
		: minute >= hours.from || minute < hours.until;
}

const MINUTE_MS = 60_000;

/** The minute of the day a clock `offset` ms ahead of UTC shows at `ms`. */
function minuteOfDay(ms: number, offset: number): number {
	const wallMs = ms + offset;
	return Math.floor((wallMs - Math.floor(wallMs / DAY_MS) * DAY_MS) / MINUTE_MS);
}

/** The first whole minute in (`afterMs`, `beforeMs`] at which the zone's offset is no longer `offset` (a clock change). */
function changeOfOffset(afterMs: number, beforeMs: number, offset: number, zone: string): number {
	let low = Math.floor(afterMs / MINUTE_MS);
	let high = Math.ceil(beforeMs / MINUTE_MS);
	while (high - low > 1) {
		const middle = Math.floor((low + high) / 2);
		if (offsetMs(middle * MINUTE_MS, zone) === offset) low = middle;
		else high = middle;
	}
	return high * MINUTE_MS;
}

/**
 * The first moment at or after `atMs` at which a message may arrive in `zone`: `atMs` itself when
 * the zone's clock is then within the hours, else the next moment its clock shows the start of
 * the hours, or the moment a clock change puts it inside them (clocks going forward past the
 * start, or back into the hours).
 */
export function nextAllowedMs(atMs: number, zone: string, hours: AllowedHours): number {
	let offset = offsetMs(atMs, zone);
	if (isAllowedMinute(minuteOfDay(atMs, offset), hours)) return atMs;
	let fromMs = atMs;
	// between clock changes the clock runs evenly: the start of the hours comes at a fixed time; a day has at most one change
	for (let change = 0; change < 3; change++) {
		const wallMs = fromMs + offset;
		let startWallMs = Math.floor(wallMs / DAY_MS) * DAY_MS + hours.from * MINUTE_MS;
		if (startWallMs <= wallMs) startWallMs += DAY_MS;
		const startMs = startWallMs - offset;
		if (offsetMs(startMs, zone) === offset) return startMs;
		const changeMs = changeOfOffset(fromMs, startMs, offset, zone);
		offset = offsetMs(changeMs, zone);
		if (isAllowedMinute(minuteOfDay(changeMs, offset), hours)) return changeMs;
		fromMs = changeMs;
	}
	return fromMs;
}
