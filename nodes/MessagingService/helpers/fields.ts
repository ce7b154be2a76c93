import type { IExecuteFunctions } from 'n8n-workflow';

import { isRealServiceTime } from '../base/serviceTime';
import { toServiceTime, type ServiceTimeFormat } from './dates';
import { phoneOfItem } from './phone';
import { UNICODE_RULE, isWellFormedText } from '../base/unicode';
import { invalidField } from '../base/validation';

/**
 * Readers for the fields most operations share. Each reads a parameter of one item, checks it
 * against the spec's rule and raises `invalidField` (field, value, item) before any request.
 */

export const ID_RULE = 'an ID is a whole number written in digits, e.g. 1001';

/** Checks an ID value (number or text of 1 to 15 digits) and returns it as digits. */
export function asId(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return String(value);
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	return /^\d{1,15}$/.test(text) ? text : undefined;
}

/** A required ID field. */
export function readId(context: IExecuteFunctions, parameter: string, label: string, itemIndex: number, rule = ID_RULE): string {
	const value = context.getNodeParameter(parameter, itemIndex, '');
	const id = asId(value);
	if (id === undefined) throw invalidField(context.getNode(), label, value, rule, itemIndex);
	return id;
}

/** An optional ID (e.g. inside an "Options" collection): undefined when left empty. */
export function readOptionalId(value: unknown, context: IExecuteFunctions, label: string, itemIndex: number): string | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
	const id = asId(value);
	if (id === undefined) throw invalidField(context.getNode(), label, value, ID_RULE, itemIndex);
	return id;
}

/**
 * Checks a phone value against its country's numbering plan (a national number with the Default
 * Country) and returns it as the digits the service expects: E.164 without the +.
 */
export function checkPhone(context: IExecuteFunctions, value: unknown, label: string, itemIndex: number): string {
	const verdict = phoneOfItem(context, value, itemIndex);
	if ('problem' in verdict) throw invalidField(context.getNode(), label, value, verdict.problem, itemIndex);
	return verdict.phone;
}

/** A required phone field, checked and normalised (checkPhone). */
export function readPhone(context: IExecuteFunctions, parameter: string, label: string, itemIndex: number): string {
	return checkPhone(context, context.getNodeParameter(parameter, itemIndex, ''), label, itemIndex);
}

/** Checks that a text value (or a number) is not empty and is valid Unicode, and returns it as text. */
export function checkText(context: IExecuteFunctions, value: unknown, label: string, itemIndex: number, rule = 'it must not be empty'): string {
	const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
	if (text.trim() === '') throw invalidField(context.getNode(), label, value, rule, itemIndex);
	if (!isWellFormedText(text)) throw invalidField(context.getNode(), label, value, UNICODE_RULE, itemIndex);
	return text;
}

/** A required text field that must not be empty. */
export function readText(context: IExecuteFunctions, parameter: string, label: string, itemIndex: number): string {
	return checkText(context, context.getNodeParameter(parameter, itemIndex, ''), label, itemIndex);
}

/**
 * Converts a date field's value to the method's time format, as wall time in the service's zone
 * (helpers/serviceZone.ts); undefined when the field is empty.
 */
export function checkTime(
	context: IExecuteFunctions,
	value: unknown,
	label: string,
	format: ServiceTimeFormat,
	itemIndex: number,
	serviceZone: string,
): string | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
	const time = toServiceTime(value, format, context.getTimezone(), serviceZone);
	if (time === undefined || !isRealServiceTime(time)) {
		throw invalidField(
			context.getNode(),
			label,
			value,
			'pick a date and time, or give one like 2026-03-31T14:30:00 (read in the workflow time zone)',
			itemIndex,
		);
	}
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
): string | undefined {
	const time = checkTime(context, value, label, format, itemIndex, serviceZone);
	if (time === undefined) return undefined;
	const timeZone = serviceZone;
	const earliest = toServiceTime(new Date(Date.now() - SCHEDULE_PAST_ALLOWANCE_MS), format, timeZone)!;
	if (time < earliest) {
		context.addExecutionHints({
			type: 'warning',
			location: 'outputPane',
			message: `${label} ${time} of item ${itemIndex} is in the past (service time zone ${timeZone}): the service may send the mailing as soon as it is confirmed. Check it before you confirm.`,
		});
	}
	return time;
}

/** An http(s) URL, e.g. a callback address. */
export function isHttpUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return url.protocol === 'http:' || url.protocol === 'https:';
	} catch {
		return false;
	}
}
