import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** Makes sure a failure of one item names that item, whatever threw it. */
export function asItemError(
	context: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

/**
 * The output item that stands for a failed input item when Continue On Fail is on. Its `error`
 * is for n8n's "Continue (using error output)" only (see `forOnError`).
 */
export function errorItem(
	error: NodeApiError | NodeOperationError,
	itemIndex: number,
): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	return { json, error, pairedItem: { item: itemIndex } };
}

/**
 * n8n sends an item that carries an `error` to the error output, and keeps only the message of
 * its JSON: so the error stays on the failed items only when the node's On Error setting is
 * "Continue (using error output)"; with "Continue" they keep their whole JSON on the one output.
 */
export function forOnError(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
): INodeExecutionData[] {
	if (context.getNode().onError !== 'continueErrorOutput')
		for (const item of items) delete item.error;
	return items;
}
