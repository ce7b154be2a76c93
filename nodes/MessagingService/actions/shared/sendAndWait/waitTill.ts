import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { WAIT_INDEFINITELY } from 'n8n-workflow';

import { instantOfWallTime, instantWithZone, parseWallTime } from '../../../base/serviceTime';
import { invalidField } from '../../../base/validation';

const UNIT_MS: Record<string, number> = {
	seconds: 1000,
	minutes: 60_000,
	hours: 3_600_000,
	days: 86_400_000,
};

/** An n8n date value: a time without a zone is wall time in the workflow's time zone. */
function toInstant(value: unknown, timeZone: string): Date | undefined {
	const wall = parseWallTime(value);
	if (wall) return instantOfWallTime(wall, timeZone);
	const instant =
		instantWithZone(value) ??
		(typeof value === 'string' && value.trim() !== '' ? new Date(value.trim()) : undefined);
	return instant && !Number.isNaN(instant.getTime()) ? instant : undefined;
}

/**
 * When the wait ends without an answer (the Limit Wait Time option), checked before anything
 * is sent: a positive interval, or a valid date that is still to come.
 */
export function waitTillOf(context: IExecuteFunctions, now = Date.now()): Date {
	const limit = context.getNodeParameter('options.limitWaitTime.values', 0, {}) as IDataObject;
	if (Object.keys(limit).length === 0) return WAIT_INDEFINITELY;
	const node = context.getNode();
	if (limit.limitType === 'atSpecifiedTime') {
		const until = toInstant(limit.maxDateAndTime, context.getTimezone());
		if (!until || Number.isNaN(until.getTime())) {
			throw invalidField(
				node,
				'Max Date and Time',
				limit.maxDateAndTime,
				'enter a date and time, e.g. 2026-12-01T18:00:00',
				0,
			);
		}
		if (until.getTime() <= now) {
			throw invalidField(
				node,
				'Max Date and Time',
				limit.maxDateAndTime,
				'the time is already past, so there would be no time to answer',
				0,
			);
		}
		return until;
	}
	const amount = Number(limit.resumeAmount ?? 45);
	const unit = String(limit.resumeUnit ?? 'minutes');
	if (!Number.isFinite(amount) || amount <= 0) {
		throw invalidField(
			node,
			'Amount',
			limit.resumeAmount,
			'how long to wait must be a number greater than 0',
			0,
		);
	}
	if (!(unit in UNIT_MS))
		throw invalidField(node, 'Unit', unit, 'choose Seconds, Minutes, Hours or Days', 0);
	return new Date(now + amount * UNIT_MS[unit]);
}
