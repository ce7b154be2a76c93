import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})$/;

function isZone(zone: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
		return true;
	} catch {
		return false;
	}
}

/**
 * The time zone of the service's times (they carry none): the credential's Service Time Zone,
 * or, when it is empty, the workflow's time zone (the behaviour before the setting existed).
 */
export async function serviceZone(context: IPollFunctions): Promise<string> {
	const credentials = await context.getCredentials('messagingServiceApi');
	const configured = typeof credentials.serviceTimeZone === 'string' ? credentials.serviceTimeZone.trim() : '';
	if (configured === '') return context.getTimezone();
	if (!isZone(configured)) {
		throw new NodeOperationError(context.getNode(), `Invalid Service Time Zone: "${configured}" is not a time zone name`, {
			description: 'Enter an IANA time zone name in the credential, e.g. Europe/Minsk or UTC, or leave it empty for the workflow\'s time zone.',
		});
	}
	return configured;
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function offsetMs(instantMs: number, zone: string): number {
	const parts = new Intl.DateTimeFormat('en-CA', {
		timeZone: zone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(instantMs));
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0');
	const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
	return wall - Math.floor(instantMs / 1000) * 1000;
}

/** Now as a service time ("YYYY-MM-DD HH:MM:SS") in the zone. */
export function serviceNow(zone: string, nowMs = Date.now()): string {
	return new Date(nowMs + offsetMs(nowMs, zone)).toISOString().slice(0, 19).replace('T', ' ');
}

/** A service time read in the zone, as ISO with its offset (e.g. 2026-03-02T09:01:40+03:00). */
export function serviceTimeToIsoWithOffset(text: unknown, zone: string): string | undefined {
	if (typeof text !== 'string') return undefined;
	const match = NAIVE.exec(text.trim());
	if (!match) return undefined;
	const [, y, mo, d, h, mi, s] = match;
	const wallMs = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
	let offset = offsetMs(wallMs, zone);
	offset = offsetMs(wallMs - offset, zone);
	const minutes = Math.round(offset / 60_000);
	const sign = minutes < 0 ? '-' : '+';
	const abs = Math.abs(minutes);
	const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
	return `${y}-${mo}-${d}T${h}:${mi}:${s}${sign}${hhmm}`;
}
