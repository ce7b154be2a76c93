import type { IDataObject } from 'n8n-workflow';

import type { AnswerShape } from './endpoints';

/** What the service's answer carries, once its wrapping is taken off. */
export type UnwrappedAnswer =
	| { kind: 'records'; records: IDataObject[] }
	| { kind: 'value'; value: IDataObject | string | number | boolean | null }
	| { kind: 'done' }
	| { kind: 'refused'; reason: string };

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reasonOf(body: IDataObject): string {
	for (const key of ['error', 'message', 'errors', 'description', 'status']) {
		const value = body[key];
		if (typeof value === 'string' && value !== '') return value;
		if (Array.isArray(value) && value.length > 0) return value.map(String).join('; ');
		if (isObject(value) && typeof value.message === 'string') return value.message;
	}
	return 'no reason given';
}

function listOrUnexpected(value: unknown): UnwrappedAnswer {
	if (Array.isArray(value)) {
		return { kind: 'records', records: value.map((record) => (isObject(record) ? record : { value: record })) };
	}
	return { kind: 'refused', reason: 'the answer has no list where one was expected' };
}

/**
 * Takes the service's wrapping off a parsed 2xx answer (DESIGN 2.6). A v2 `status` other than
 * OK, or an `error` member, means the service refused the request although it answered 2xx.
 */
export function unwrapAnswer(shape: AnswerShape, body: unknown): UnwrappedAnswer {
	if (isObject(body) && body.error !== undefined && body.error !== null && body.error !== '') {
		return { kind: 'refused', reason: reasonOf(body) };
	}
	switch (shape) {
		case 'envelope':
		case 'envelopeStatus': {
			if (!isObject(body) || body.status !== 'OK') {
				return { kind: 'refused', reason: isObject(body) ? reasonOf(body) : 'the answer is not an object' };
			}
			if (shape === 'envelopeStatus') return { kind: 'done' };
			const result = body.result;
			if (Array.isArray(result)) return listOrUnexpected(result);
			return { kind: 'value', value: (result ?? null) as IDataObject | string | number | boolean | null };
		}
		case 'array':
			return listOrUnexpected(body);
		case 'resultList':
			return listOrUnexpected(isObject(body) ? body.result : undefined);
		case 'dataList':
			return listOrUnexpected(isObject(body) ? body.data : undefined);
		case 'object':
			if (!isObject(body)) return { kind: 'refused', reason: 'the answer is not an object' };
			return { kind: 'value', value: body };
	}
}
