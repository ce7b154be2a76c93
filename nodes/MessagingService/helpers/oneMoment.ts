/**
 * Times sent in the Service Time Zone that name one moment. The service's times carry no offset,
 * so a wall time the clocks show twice (the hour repeated when they go back) names two moments an
 * hour apart, and one they skip (going forward) names none. A moment whose wall time is repeated
 * is moved to the first moment after the repeated hour, which names itself alone: never earlier
 * than asked, so never inside Quiet Hours; the output says so (`scheduleAdjusted`).
 */
import type { IDataObject } from 'n8n-workflow';

import {
	instantOfWallTime,
	instantsOfWallTime,
	offsetMs,
	wallTimeIn,
	type WallTime,
} from '../base/serviceTime';

/** The time formats of the service's methods. */
export type ServiceTimeFormat = 'YYYY-MM-DD HH:MM' | 'YYYY-MM-DDTHH:mm:ss';

/** What the output says when the time sent is not the moment asked for. */
export interface ScheduleAdjustment extends IDataObject {
	/** `repeatedHour`: the clocks showed it twice; `skippedHour`: a written time the clocks never showed */
	reason: 'repeatedHour' | 'skippedHour';
	/** the moments (ISO, UTC) or the written time asked for */
	askedFor: string[];
	/** the moment scheduled (ISO, UTC) */
	scheduledFor: string;
	note: string;
}

/** A time in a service format and the one moment it names in the Service Time Zone. */
export interface ServiceMoment {
	text: string;
	ms: number;
	adjustment?: ScheduleAdjustment;
}

/** The wall time as the format writes it (the minute format has no seconds). */
export function writeWallTime(wall: WallTime, format: ServiceTimeFormat): string {
	const date = `${wall.year}-${wall.month}-${wall.day}`;
	return format === 'YYYY-MM-DD HH:MM'
		? `${date} ${wall.hour}:${wall.minute}`
		: `${date}T${wall.hour}:${wall.minute}:${wall.second}`;
}

function wallInFormat(ms: number, zone: string, format: ServiceTimeFormat): WallTime {
	const wall = wallTimeIn(new Date(ms), zone);
	return format === 'YYYY-MM-DD HH:MM' ? { ...wall, second: '00' } : wall;
}

/** "UTC+02:00" for an offset in ms. */
export function utcOffsetText(offset: number): string {
	const minutes = Math.round(Math.abs(offset) / 60_000);
	return `UTC${offset < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The first moment after the repeated wall times of a clock change that the clocks show once:
 * the change itself (found between the two readings `first` and `second`) plus the hour it repeats.
 */
function endOfRepeat(first: number, second: number, zone: string): number {
	const before = offsetMs(first, zone);
	let low = Math.floor(first / 1000);
	let high = Math.ceil(second / 1000);
	while (high - low > 1) {
		const middle = Math.floor((low + high) / 2);
		if (offsetMs(middle * 1000, zone) === before) low = middle;
		else high = middle;
	}
	return high * 1000 + (second - first);
}

/**
 * The moment `ms` written in `format` in `zone`, or, when that wall time is repeated by a clock
 * change, the first moment after the repeated hour (with `adjustment` saying so).
 */
export function serviceMomentAt(
	ms: number,
	zone: string,
	format: ServiceTimeFormat,
	askedFor = [new Date(ms).toISOString()],
): ServiceMoment {
	const wall = wallInFormat(ms, zone, format);
	const instants = instantsOfWallTime(wall, zone);
	if (instants.length < 2) return { text: writeWallTime(wall, format), ms: instants[0] ?? ms };
	const chosenMs = endOfRepeat(instants[0], instants[1], zone);
	const text = writeWallTime(wallInFormat(chosenMs, zone, format), format);
	const written = writeWallTime(wall, format);
	return {
		text,
		ms: chosenMs,
		adjustment: {
			reason: 'repeatedHour',
			askedFor,
			scheduledFor: new Date(chosenMs).toISOString(),
			note:
				`${written} occurs twice in ${zone} (the clocks go back from ${utcOffsetText(offsetMs(instants[0], zone))} to ` +
				`${utcOffsetText(offsetMs(instants[1], zone))}), so the service could read either: scheduled at ${text}, the first time after the repeated hour, which names one moment`,
		},
	};
}

/**
 * What is wrong with a wall time written for `zone` (no offset): it names two moments, or none.
 * `asServiceText`: it is the service's own text (no offset can be added), so the advice is another time.
 */
export function wallTimeProblem(
	wall: WallTime,
	zone: string,
	format: ServiceTimeFormat,
	asServiceText = false,
): string | undefined {
	const written = writeWallTime(wall, format);
	const instants = instantsOfWallTime(wall, zone);
	if (instants.length === 2) {
		const [first, second] = instants.map((instant) => utcOffsetText(offsetMs(instant, zone)));
		const advice = asServiceText
			? `write a time outside the repeated hour, e.g. ${serviceMomentAt(instants[1], zone, format).text}`
			: `give the time with its offset (e.g. ${written.replace(' ', 'T').slice(0, 19)}${first.slice(3)}) or a time outside the repeated hour`;
		return `${written} occurs twice in ${zone} (the clocks go back: once at ${first}, once at ${second}) and names two moments an hour apart; ${advice}`;
	}
	if (instants.length === 0) {
		const advice = asServiceText
			? `, e.g. ${serviceMomentAt(instantOfWallTime(wall, zone).getTime(), zone, format).text}`
			: '';
		return `${written} does not occur in ${zone} (the clocks go forward over it); give a time the clocks show${advice}`;
	}
	return undefined;
}
