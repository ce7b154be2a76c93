/**
 * Time zones whose clocks show, now, a time at least three hours inside the hours `from`-`until`
 * ("09:00-21:00", not past midnight): items for them are inside Quiet Hours at whatever hour the
 * suite runs, and stay inside however slowly it runs. The zones are a whole or a half hour apart
 * around the world, so at least `count` always qualify (half-hour zones among them).
 */
import { parseAllowedHours } from '../../nodes/MessagingService/guards/quietHours';

const ZONES = [
	'Pacific/Honolulu',
	'America/Anchorage',
	'America/Los_Angeles',
	'America/Denver',
	'America/Chicago',
	'America/New_York',
	'America/St_Johns',
	'America/Sao_Paulo',
	'Atlantic/South_Georgia',
	'Atlantic/Azores',
	'Europe/London',
	'Europe/Berlin',
	'Europe/Minsk',
	'Asia/Dubai',
	'Asia/Kolkata',
	'Asia/Kathmandu',
	'Asia/Dhaka',
	'Asia/Bangkok',
	'Asia/Shanghai',
	'Asia/Tokyo',
	'Australia/Adelaide',
	'Australia/Sydney',
	'Pacific/Noumea',
	'Pacific/Auckland',
	'Pacific/Kiritimati',
];
const MARGIN_MINUTES = 180;

function minuteOfDayIn(zone: string, at: Date): number {
	const [hour, minute] = new Intl.DateTimeFormat('en-GB', {
		timeZone: zone,
		hour: 'numeric',
		minute: 'numeric',
		hourCycle: 'h23',
	})
		.format(at)
		.split(':')
		.map(Number);
	return hour * 60 + minute;
}

export function zonesWellInside(hours: string, count = 2, at = new Date()): string[] {
	const window = parseAllowedHours(hours);
	if ('problem' in window) throw new Error(`${hours}: ${window.problem}`);
	const { from, until } = window;
	const inside = ZONES.filter((zone) => {
		const minute = minuteOfDayIn(zone, at);
		return minute >= from + MARGIN_MINUTES && minute <= until - MARGIN_MINUTES;
	});
	if (inside.length < count)
		throw new Error(
			`only ${inside.length} test time zones are well inside ${hours} at ${at.toISOString()}`,
		);
	return inside.slice(0, count);
}
