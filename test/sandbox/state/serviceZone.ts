/**
 * The emulator's service time zone: the zone its times are read and written in (the API's times
 * carry no offset; UTC unless a test tells it another, like a real service in its own country).
 * Written apart from the node's code, with Intl only.
 */
const DAY_MS = 24 * 3600_000;
const clocks = new Map<string, Intl.DateTimeFormat>();

/** The wall time a clock in `zone` shows at `ms`, as the ms of that wall time read as UTC. */
export function wallAt(ms: number, zone: string): number {
	if (zone === 'UTC') return ms;
	let clock = clocks.get(zone);
	if (!clock) {
		clock = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		});
		clocks.set(zone, clock);
	}
	const parts = Object.fromEntries(
		clock.formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]),
	);
	return (
		Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) +
		(((ms % 1000) + 1000) % 1000)
	);
}

/**
 * The moment a wall time of `zone` (given read as UTC) stands for. One the clocks show twice (the
 * hour repeated when they go back) is read as the earlier moment*, as most libraries do; one they
 * skip (going forward) as the moment past the gap*.
 */
export function momentOfWall(wallMs: number, zone: string): number {
	if (zone === 'UTC') return wallMs;
	const readings = [wallMs - DAY_MS, wallMs, wallMs + DAY_MS]
		.map((near) => wallMs - (wallAt(near, zone) - near))
		.filter((moment) => wallAt(moment, zone) === wallMs)
		.sort((a, b) => a - b);
	if (readings.length > 0) return readings[0];
	return wallMs - (wallAt(wallMs - DAY_MS, zone) - (wallMs - DAY_MS));
}

/** How many moments a wall time of `zone` stands for: 1, 2 (repeated) or 0 (skipped). */
export function momentsOfWall(wallMs: number, zone: string): number {
	if (zone === 'UTC') return 1;
	const readings = new Set(
		[wallMs - DAY_MS, wallMs, wallMs + DAY_MS]
			.map((near) => wallMs - (wallAt(near, zone) - near))
			.filter((moment) => wallAt(moment, zone) === wallMs),
	);
	return readings.size;
}
