import {
	instantOfWallTime,
	instantsOfWallTime,
	instantWithZone,
	isRealServiceTime,
	parseWallTime,
	type WallTime,
} from '../base/serviceTime';
import {
	serviceMomentAt,
	wallTimeProblem,
	type ServiceMoment,
	type ServiceTimeFormat,
} from './oneMoment';

export type { ServiceTimeFormat } from './oneMoment';

/**
 * An n8n date read as the one moment it names, and that moment as the service's time in
 * `serviceZone` (serviceMomentAt: a repeated wall time there is moved past the repeated hour).
 * A time without an offset is wall time in the workflow's zone: one the clocks show twice there
 * is refused (`problem`: which of the two is meant cannot be known), one they skip is read as n8n
 * reads it (moved forward by the gap), and the output says so. Undefined when not a date.
 */
export function readServiceTime(
	value: unknown,
	format: ServiceTimeFormat,
	workflowZone: string,
	serviceZone = workflowZone,
): ServiceMoment | { problem: string } | undefined {
	const wall = parseWallTime(value);
	if (wall) {
		if (!isRealWallTime(wall)) return undefined;
		const readings = instantsOfWallTime(wall, workflowZone);
		if (readings.length === 2)
			return { problem: wallTimeProblem(wall, workflowZone, 'YYYY-MM-DDTHH:mm:ss')! };
		if (readings.length === 1) return serviceMomentAt(readings[0], serviceZone, format);
		const readMs = instantOfWallTime(wall, workflowZone).getTime();
		const moment = serviceMomentAt(readMs, serviceZone, format);
		const written = String(value).trim();
		if (moment.adjustment)
			return { ...moment, adjustment: { ...moment.adjustment, askedFor: [written] } };
		return {
			...moment,
			adjustment: {
				reason: 'skippedHour',
				askedFor: [written],
				scheduledFor: new Date(moment.ms).toISOString(),
				note: `${written} does not occur in ${workflowZone} (the clocks go forward over it): read as n8n reads it, moved forward by the gap, scheduled at ${moment.text} in ${serviceZone}`,
			},
		};
	}
	const instant = instantWithZone(value);
	if (!instant || Number.isNaN(instant.getTime())) return undefined;
	return serviceMomentAt(instant.getTime(), serviceZone, format);
}

function isRealWallTime(wall: WallTime): boolean {
	return isRealServiceTime(
		`${wall.year}-${wall.month}-${wall.day}T${wall.hour}:${wall.minute}:${wall.second}`,
	);
}

/** A Unix time in seconds as an ISO date, for outputs; undefined for 0 or missing. */
export function unixToIso(seconds: unknown): string | undefined {
	const value = Number(seconds);
	if (!Number.isFinite(value) || value <= 0) return undefined;
	return new Date(value * 1000).toISOString();
}

/** A service time "YYYY-MM-DD HH:MM:SS" as ISO text (the service's time zone is not stated, so none is added). */
export function serviceTimeToIso(text: unknown): string | undefined {
	const wall = parseWallTime(text);
	return (
		wall && `${wall.year}-${wall.month}-${wall.day}T${wall.hour}:${wall.minute}:${wall.second}`
	);
}
