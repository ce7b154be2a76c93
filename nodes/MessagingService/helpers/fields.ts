import type { IExecuteFunctions } from 'n8n-workflow';

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
export function readId(
	context: IExecuteFunctions,
	parameter: string,
	label: string,
	itemIndex: number,
	rule = ID_RULE,
): string {
	const value = context.getNodeParameter(parameter, itemIndex, '');
	const id = asId(value);
	if (id === undefined) throw invalidField(context.getNode(), label, value, rule, itemIndex);
	return id;
}

/** An optional ID (e.g. inside an "Options" collection): undefined when left empty. */
export function readOptionalId(
	value: unknown,
	context: IExecuteFunctions,
	label: string,
	itemIndex: number,
): string | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
		return undefined;
	const id = asId(value);
	if (id === undefined) throw invalidField(context.getNode(), label, value, ID_RULE, itemIndex);
	return id;
}

/**
 * Checks a phone value against its country's numbering plan (a national number with the Default
 * Country) and returns it as the digits the service expects: E.164 without the +.
 */
export function checkPhone(
	context: IExecuteFunctions,
	value: unknown,
	label: string,
	itemIndex: number,
): string {
	const verdict = phoneOfItem(context, value, itemIndex);
	if ('problem' in verdict)
		throw invalidField(context.getNode(), label, value, verdict.problem, itemIndex);
	return verdict.phone;
}

/** A required phone field, checked and normalised (checkPhone). */
export function readPhone(
	context: IExecuteFunctions,
	parameter: string,
	label: string,
	itemIndex: number,
): string {
	return checkPhone(context, context.getNodeParameter(parameter, itemIndex, ''), label, itemIndex);
}

/** Checks that a text value (or a number) is not empty and is valid Unicode, and returns it as text. */
export function checkText(
	context: IExecuteFunctions,
	value: unknown,
	label: string,
	itemIndex: number,
	rule = 'it must not be empty',
): string {
	const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
	if (text.trim() === '') throw invalidField(context.getNode(), label, value, rule, itemIndex);
	if (!isWellFormedText(text))
		throw invalidField(context.getNode(), label, value, UNICODE_RULE, itemIndex);
	return text;
}

/** A required text field that must not be empty. */
export function readText(
	context: IExecuteFunctions,
	parameter: string,
	label: string,
	itemIndex: number,
): string {
	return checkText(context, context.getNodeParameter(parameter, itemIndex, ''), label, itemIndex);
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
