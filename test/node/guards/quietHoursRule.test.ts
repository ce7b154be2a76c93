import {
	MULTI_ZONE_CALLING_CODES,
	SINGLE_ZONE_CALLING_CODES,
	zoneOfPhone,
} from '../../../nodes/MessagingService/guards/countryZones';
import {
	nextAllowedMs,
	parseAllowedHours,
} from '../../../nodes/MessagingService/guards/quietHours';
import { COUNTRIES } from './callingCodes';
import { referenceNextAllowed } from './reference';

/** Zones with what makes them hard: daylight saving (both ways), half and quarter hours, a 30-minute DST, the date line. */
const ZONES = [
	'Europe/London',
	'Europe/Berlin',
	'America/New_York',
	'America/St_Johns',
	'Asia/Kolkata',
	'Asia/Kathmandu',
	'Australia/Lord_Howe',
	'Pacific/Chatham',
	'Pacific/Kiritimati',
	'America/Santiago',
	'Asia/Tehran',
	'UTC',
];
const WINDOWS = ['09:00-21:00', '08:30-20:15', '22:00-07:00', '00:00-06:00', '02:30-03:30'];
/** The days around the changes of 2026 in both hemispheres, and a quiet week. */
const DAYS = [
	'2026-03-07',
	'2026-03-28',
	'2026-04-04',
	'2026-09-26',
	'2026-10-24',
	'2026-10-31',
	'2026-06-15',
];

describe('Quiet Hours: the next allowed moment', () => {
	it.each(WINDOWS)(
		'%s: equals a minute-by-minute walk on the wall clock in 12 zones, every 37 minutes of 48 hours around 7 days of DST changes',
		(text) => {
			const hours = parseAllowedHours(text);
			if ('problem' in hours) throw new Error(hours.problem);
			let checked = 0;
			const mismatches: string[] = [];
			for (const zone of ZONES) {
				for (const day of DAYS) {
					const start = Date.parse(`${day}T00:00:00Z`) - 12 * 3600_000;
					for (let ms = start; ms < start + 48 * 3600_000; ms += 37 * 60_000 + 13_000) {
						const got = nextAllowedMs(ms, zone, hours);
						const expected = referenceNextAllowed(ms, zone, hours.from, hours.until);
						checked++;
						if (got !== expected) {
							mismatches.push(
								`${zone} ${new Date(ms).toISOString()}: ${new Date(got).toISOString()} != ${new Date(expected).toISOString()}`,
							);
						}
					}
				}
			}
			expect(checked).toBeGreaterThan(6_000);
			expect(mismatches.slice(0, 5)).toEqual([]);
		},
	);

	it('reads the usual ways of writing hours and refuses the others', () => {
		expect(parseAllowedHours('09:00-21:00')).toEqual({ from: 540, until: 1260 });
		expect(parseAllowedHours(' 9:00 – 21:30 ')).toEqual({ from: 540, until: 1290 });
		expect(parseAllowedHours('0900-2100')).toEqual({ from: 540, until: 1260 });
		expect(parseAllowedHours('08:00 to 24:00')).toEqual({ from: 480, until: 1440 });
		for (const bad of [
			'9-21',
			'25:00-21:00',
			'09:60-21:00',
			'09:00-09:00',
			'00:00-24:00',
			'daytime',
			'',
			'09:00-24:30',
		]) {
			expect(parseAllowedHours(bad)).toEqual({ problem: expect.any(String) });
		}
	});
});

describe('Time zone of a phone number', () => {
	it('every single-zone entry is a zone Intl knows, and codes are prefix-free', () => {
		for (const [, zone] of SINGLE_ZONE_CALLING_CODES)
			expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
		const codes = [...SINGLE_ZONE_CALLING_CODES.map(([code]) => code), ...MULTI_ZONE_CALLING_CODES];
		for (const code of codes)
			for (const other of codes) if (other !== code) expect(other.startsWith(code)).toBe(false);
	});

	it('finds the zone of single-zone countries, none for the USA, Russia or Brazil', () => {
		expect(zoneOfPhone('919812345678')).toEqual({ callingCode: '91', zone: 'Asia/Kolkata' });
		expect(zoneOfPhone('375291234567')).toEqual({ callingCode: '375', zone: 'Europe/Minsk' });
		expect(zoneOfPhone('447700900123')).toEqual({ callingCode: '44', zone: 'Europe/London' });
		expect(zoneOfPhone('12125550123')).toEqual({ callingCode: '1', zone: undefined });
		expect(zoneOfPhone('79161234567')).toEqual({ callingCode: '7', zone: undefined });
		expect(zoneOfPhone('5511912345678')).toEqual({ callingCode: '55', zone: undefined });
		expect(zoneOfPhone('2991234567')).toEqual({ callingCode: '299', zone: undefined });
		expect(zoneOfPhone('67612345')).toEqual({ callingCode: '676', zone: 'Pacific/Tongatapu' });
		expect(zoneOfPhone('8001234567')).toEqual({});
	});

	const offsets = new Map<string, Intl.DateTimeFormat>();
	const offsetAt = (zone: string, ms: number) => {
		let format = offsets.get(zone);
		if (!format) {
			format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
			offsets.set(zone, format);
		}
		return format.formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value;
	};
	/** Whether two zones' clocks agree four times a day over 2026 and 2027 (both changes of every daylight saving rule). */
	const sameClock = (a: string, b: string) => {
		if (a === b) return true;
		for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 6 * 3600_000)
			if (offsetAt(a, ms) !== offsetAt(b, ms)) return false;
		return true;
	};
	/** Read by their official time although the database has a second zone (guards/countryZones.ts says why). */
	const OFFICIAL_ONE_ZONE: Record<string, string> = { '86': 'Asia/Shanghai', '380': 'Europe/Kyiv' };

	it('every calling code whose countries keep one clock in the tz database has it in the table, every other code none', () => {
		const zonesOfCode = new Map<string, string[]>();
		for (const [code, zones] of Object.values(COUNTRIES))
			zonesOfCode.set(code, [...(zonesOfCode.get(code) ?? []), ...zones.split(' ')]);
		const wrong: string[] = [];
		let oneZone = 0;
		for (const [code, zones] of zonesOfCode) {
			const single =
				OFFICIAL_ONE_ZONE[code] ??
				(zones.every((zone) => sameClock(zones[0], zone)) ? zones[0] : undefined);
			const found = zoneOfPhone(`${code}0000000`);
			if (found.callingCode !== code) wrong.push(`+${code}: not in the table`);
			else if (single === undefined && found.zone !== undefined)
				wrong.push(`+${code}: ${found.zone}, but its countries keep several clocks`);
			else if (single !== undefined && (found.zone === undefined || !sameClock(found.zone, single)))
				wrong.push(`+${code}: ${found.zone}, expected ${single}`);
			if (single !== undefined) oneZone++;
		}
		expect(wrong).toEqual([]);
		console.log(
			`Country table: ${zonesOfCode.size} calling codes of ${Object.keys(COUNTRIES).length} countries, ${oneZone} of them one clock, all in the table`,
		);
		expect(oneZone).toBeGreaterThan(180);
		// and nothing in the table that is no country's code
		const known = new Set(zonesOfCode.keys());
		expect(
			[...SINGLE_ZONE_CALLING_CODES.map(([code]) => code), ...MULTI_ZONE_CALLING_CODES].filter(
				(code) => !known.has(code),
			),
		).toEqual([]);
	});
});
