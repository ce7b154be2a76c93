/**
 * A callback's body as items. The spec does not show the callback's shape; the known ones are
 * the batch status array (as statusBulkSms/statusBulkChat answer it), alone or as `result` of
 * `{uuid, result}`. They are split exactly as Get Batch Status splits them (batchStatusOutput).
 * Anything else becomes one item with the body as it came: never an error, never dropped.
 */
import type { IDataObject } from 'n8n-workflow';

import { batchStatusOutput } from '../actions/shared/batchStatus';
import type { CallbackTag } from '../helpers/callbackSignature';
import { isObject } from '../base/guards';

export type CallbackOutput = 'mailing' | 'delivery';

/** A mailing result `{message_id, name, alphaname_id, success}` or an error entry `{errors}`. */
function isStatusRecord(value: unknown): value is IDataObject {
	if (!isObject(value)) return false;
	if (Array.isArray(value.errors)) return true;
	return (
		value.message_id !== undefined && (value.success === undefined || Array.isArray(value.success))
	);
}

function statusRecords(body: unknown): IDataObject[] | undefined {
	const list = isObject(body) ? body.result : body;
	if (!Array.isArray(list) || list.length === 0 || !list.every(isStatusRecord)) return undefined;
	return list as IDataObject[];
}

/**
 * The items of one callback: identity first (`uuid` when the body has one, then the Send Batch
 * run's `ref`, `chunk` and `chunks`), then the record; `known: false` for a body of another shape.
 */
export function callbackItems(
	body: unknown,
	tag: CallbackTag,
	output: CallbackOutput,
): { items: IDataObject[]; known: boolean } {
	const uuid = isObject(body) && typeof body.uuid === 'string' ? { uuid: body.uuid } : {};
	const identity: IDataObject = { ...uuid, ref: tag.ref, chunk: tag.chunk, chunks: tag.chunks };
	const records = statusRecords(body);
	if (records === undefined)
		return { items: [{ ...identity, body: body as IDataObject }], known: false };
	return {
		items: batchStatusOutput(records, output).map((record) => ({ ...identity, ...record })),
		known: true,
	};
}
