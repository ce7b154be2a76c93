import type { IDataObject } from 'n8n-workflow';

import type { AnswerShape, Endpoint } from './endpoints';
import type { Failure } from './errors';
import { parseExactJson } from './exactJson';
import { isObject } from '../base/guards';

/** What the service's answer carries, once its wrapping is taken off. */
export type UnwrappedAnswer =
	| { kind: 'records'; records: IDataObject[] }
	| { kind: 'value'; value: IDataObject | string | number | boolean | null }
	| { kind: 'done' }
	| { kind: 'refused'; reason: string };

/**
 * The one reading of an answer, so that every caller tells success, refusal and an unknown outcome alike:
 * - `answer`: it worked;
 * - `rateLimited`: 429, refused before anything was done (always retried);
 * - `refused`: a clear refusal: a 4xx with a reason (or 401/403/404, which never reach the
 *   method), an `error` with a reason, a v2 `status` other than OK with a reason. Nothing was done.
 * - `unknown`: everything else (5xx, not JSON, an empty body, a JSON value of the wrong shape, a
 *   4xx or a v2 failure without a reason): the service may have done the work, so a send says
 *   "may have been sent" and is never repeated.
 */
export type Classification =
	| { kind: 'answer'; answer: UnwrappedAnswer }
	| { kind: 'rateLimited' }
	| { kind: 'refused'; failure: Failure }
	| { kind: 'unknown'; failure: Failure };

/** 4xx statuses that say the request never reached the method, whatever the body. */
const NEVER_REACHED_STATUSES: ReadonlySet<number> = new Set([401, 403, 404]);

/** `error: false`, `error: 0`, an empty `error` (text, list or object) mean no error. */
export function carriesError(body: IDataObject): boolean {
	const error = body.error;
	if (
		error === undefined ||
		error === null ||
		error === false ||
		error === 0 ||
		error === '' ||
		error === '0'
	)
		return false;
	if (Array.isArray(error)) return error.length > 0;
	if (isObject(error)) return Object.keys(error).length > 0;
	return true;
}

/** The reason a body gives for a failure, in the service's words; undefined when it gives none. */
export function reasonFrom(body: unknown): string | undefined {
	if (typeof body === 'string') return body.trim() === '' ? undefined : body;
	if (!isObject(body)) return undefined;
	const parts: string[] = [];
	const add = (text: string) => {
		if (text !== '' && !parts.includes(text)) parts.push(text);
	};
	for (const key of ['error', 'message', 'errors', 'description', 'parameter', 'rule']) {
		const value = body[key];
		if (typeof value === 'string') add(key === 'parameter' ? `parameter "${value}"` : value);
		else if (Array.isArray(value) && value.length > 0) add(value.map(String).join('; '));
		else if (isObject(value) && typeof value.message === 'string') add(value.message);
	}
	return parts.length > 0 ? parts.join(', ') : undefined;
}

function list(value: unknown): IDataObject[] | undefined {
	if (!Array.isArray(value)) return undefined;
	const records = new Array<IDataObject>(value.length);
	for (let index = 0; index < value.length; index++) {
		const record: unknown = value[index];
		records[index] = isObject(record) ? record : { value: record as IDataObject[string] };
	}
	return records;
}

function unexpected(status: number, what: string): Classification {
	return { kind: 'unknown', failure: { kind: 'unexpected', status, what } };
}

/** Takes the wrapping off a parsed 2xx answer that carries no error. */
function unwrap(shape: AnswerShape, body: unknown, status: number): Classification {
	switch (shape) {
		case 'envelope':
		case 'envelopeStatus': {
			if (!isObject(body)) return unexpected(status, 'a JSON value that is not an object');
			if (body.status !== 'OK') {
				const reason = reasonFrom(body);
				if (typeof body.status === 'string' && body.status !== '' && reason !== undefined) {
					return {
						kind: 'refused',
						failure: { kind: 'refused', reason: `${reason} (status ${body.status})` },
					};
				}
				return unexpected(
					status,
					typeof body.status === 'string' ? `status "${body.status}" and no reason` : 'no status',
				);
			}
			if (shape === 'envelopeStatus') return { kind: 'answer', answer: { kind: 'done' } };
			const result = body.result;
			if (Array.isArray(result))
				return { kind: 'answer', answer: { kind: 'records', records: list(result)! } };
			return {
				kind: 'answer',
				answer: {
					kind: 'value',
					value: (result ?? null) as IDataObject | string | number | boolean | null,
				},
			};
		}
		case 'array':
		case 'resultList':
		case 'dataList': {
			const value =
				shape === 'array'
					? body
					: isObject(body)
						? shape === 'resultList'
							? body.result
							: body.data
						: undefined;
			const records = list(value);
			return records
				? { kind: 'answer', answer: { kind: 'records', records } }
				: unexpected(status, 'no list where one was expected');
		}
		case 'object':
			if (!isObject(body)) return unexpected(status, 'a JSON value that is not an object');
			return { kind: 'answer', answer: { kind: 'value', value: body } };
	}
}

/** Classifies one answer of the service: its status and its body as text. */
export function classifyAnswer(endpoint: Endpoint, status: number, text: string): Classification {
	if (status === 429) return { kind: 'rateLimited' };
	let body: unknown;
	let parsed = true;
	try {
		body = text.trim() === '' ? undefined : parseExactJson(text);
	} catch {
		parsed = false;
	}
	if (status >= 500)
		return {
			kind: 'unknown',
			failure: { kind: 'status', status, reason: parsed ? reasonFrom(body) : undefined },
		};
	if (status >= 400) {
		if (status === 406 && endpoint.answer === 'dataList')
			return { kind: 'answer', answer: { kind: 'records', records: [] } };
		const reason = parsed ? reasonFrom(body) : undefined;
		if (reason !== undefined || NEVER_REACHED_STATUSES.has(status)) {
			return { kind: 'refused', failure: { kind: 'status', status, reason } };
		}
		return unexpected(
			status,
			parsed ? 'an error status and no reason' : 'an error status and a body that is not JSON',
		);
	}
	if (status < 200 || status >= 300)
		return { kind: 'unknown', failure: { kind: 'status', status } };
	if (!parsed) return { kind: 'unknown', failure: { kind: 'notJson', status } };
	if (body === undefined) return unexpected(status, 'an empty answer');
	if (isObject(body) && carriesError(body)) {
		const reason = reasonFrom(body);
		if (reason !== undefined) return { kind: 'refused', failure: { kind: 'refused', reason } };
		return unexpected(status, 'an error and no reason');
	}
	return unwrap(endpoint.answer, body, status);
}
