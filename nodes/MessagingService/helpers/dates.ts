import {
	instantOfWallTime,
	instantWithZone,
	isRealServiceTime,
	parseWallTime,
	wallTimeIn,
	type WallTime,
} from '../base/serviceTime';

/** The time formats of the service's methods. */
export type ServiceTimeFormat = 'YYYY-MM-DD HH:MM' | 'YYYY-MM-DDTHH:mm:ss';

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
	let wall: WallTime | undefined = parseWallTime(value);
	if (wall) {
		if (serviceZone !== workflowZone && isRealWallTime(wall)) wall = wallTimeIn(instantOfWallTime(wall, workflowZone), serviceZone);
	} else {
		const instant = instantWithZone(value);
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
	const wall = parseWallTime(text);
	return wall && `${wall.year}-${wall.month}-${wall.day}T${wall.hour}:${wall.minute}:${wall.second}`;
}
