/** Readers of the "when to send" fields: the time sent in the Service Time Zone and the one moment it names. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalidField } from '../base/validation';
import { readServiceTime } from './dates';
import { serviceMomentAt, type ServiceMoment, type ServiceTimeFormat } from './oneMoment';

const DATE_RULE =
	'pick a date and time, or give one like 2026-03-31T14:30:00 (read in the workflow time zone)';

/**
 * Converts a date field's value to the method's time format, as wall time in the service's zone
 * (helpers/serviceZone.ts), naming one moment (helpers/oneMoment.ts); undefined when the field
 * is empty. A time without an offset that the workflow zone's clocks show twice is refused.
 */
export function checkTime(
	context: IExecuteFunctions,
	value: unknown,
	label: string,
	format: ServiceTimeFormat,
	itemIndex: number,
	serviceZone: string,
): ServiceMoment | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
		return undefined;
	const time = readServiceTime(value, format, context.getTimezone(), serviceZone);
	if (time === undefined) throw invalidField(context.getNode(), label, value, DATE_RULE, itemIndex);
	if ('problem' in time)
		throw invalidField(
			context.getNode(),
			label,
			value,
			`${time.problem} (read in the workflow time zone)`,
			itemIndex,
		);
	return time;
}

/** How far in the past a schedule time may be before the node warns (an expression like {{ $now }} is a little late when sent). */
export const SCHEDULE_PAST_ALLOWANCE_MS = 60 * 60_000;

/**
 * A schedule time (when a list mailing is to go out): a real date and time, in the service's
 * time zone. A time more than an hour in the past is sent as given, with a warning in n8n's
 * output pane (an execution hint) rather than refused: a list mailing goes out only once it is
 * confirmed, so there is a step to look at it; the API description does not say what the
 * service does with a past time (most services send at once); and a workflow that computes
 * "now" and runs later must not start failing.
 */
export function checkScheduleTime(
	context: IExecuteFunctions,
	value: unknown,
	label: string,
	format: ServiceTimeFormat,
	itemIndex: number,
	serviceZone: string,
): ServiceMoment | undefined {
	const time = checkTime(context, value, label, format, itemIndex, serviceZone);
	if (time === undefined) return undefined;
	if (time.ms < Date.now() - SCHEDULE_PAST_ALLOWANCE_MS) {
		context.addExecutionHints({
			type: 'warning',
			location: 'outputPane',
			message: `${label} ${time.text} of item ${itemIndex} is in the past (service time zone ${serviceZone}): the service may send the mailing as soon as it is confirmed. Check it before you confirm.`,
		});
	}
	return time;
}

/** Now as the service's time (past the repeated hour when the clocks show it twice). */
export function nowAsServiceTime(
	nowMs: number,
	format: ServiceTimeFormat,
	serviceZone: string,
): ServiceMoment {
	return serviceMomentAt(nowMs, serviceZone, format);
}

/** What an output says of a time moved to name one moment (nothing when it was not). */
export function adjustmentFields(moment: ServiceMoment | undefined): IDataObject {
	return moment?.adjustment
		? { scheduleAdjusted: { ...moment.adjustment, askedFor: [...moment.adjustment.askedFor] } }
		: {};
}

/** The adjustment in n8n's output pane too, where a builder looks first. */
export function hintAdjustment(
	context: IExecuteFunctions,
	moment: ServiceMoment | undefined,
	label: string,
	itemIndex: number,
): void {
	if (!moment?.adjustment) return;
	context.addExecutionHints({
		type: 'warning',
		location: 'outputPane',
		message: `${label} of item ${itemIndex}: ${moment.adjustment.note}`,
	});
}
