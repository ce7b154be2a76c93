import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { createApiClient } from '../transport/client';
import { RequestPacer } from '../transport/pacer';
import { apiKeyOf, itemsWithoutKey, withoutKey } from '../transport/secrets';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from './common';
import { asItemError, errorItem } from './itemErrors';
import { resources } from './resources';
import { runItems } from './runItems';
import type { ExecutionTools } from './types';

function optionNumber(context: IExecuteFunctions, name: string, fallback: number, min: number, max: number): number {
	const value = Number(context.getNodeParameter(`options.${name}`, 0, fallback));
	return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.floor(value))) : fallback;
}

/** Picks the operation and runs it for the input items, pairing and Continue On Fail included. */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const module = resources[resource]?.operations[operation];
	if (!module) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not known for the resource "${resource}"`);
	}

	const concurrency = optionNumber(this, 'concurrency', DEFAULT_CONCURRENCY, 1, MAX_CONCURRENCY);
	const timeoutMs = optionNumber(this, 'timeout', 30, 1, 3600) * 1000;
	const pacer = new RequestPacer(concurrency);
	const tools: ExecutionTools = {
		pacer,
		timeoutMs,
		client: (itemIndex) => createApiClient(this, { itemIndex, pacer, timeoutMs }),
	};

	const apiKey = await apiKeyOf(this);
	if (module.executeAll) {
		try {
			return [itemsWithoutKey(await module.executeAll.call(this, items, tools), apiKey)];
		} catch (error) {
			throw withoutKey(error, apiKey);
		}
	}
	const { execute } = module;
	if (!execute) throw new NodeOperationError(this.getNode(), `The operation "${operation}" has nothing to run`);

	const continueOnFail = this.continueOnFail();
	let processed = 0;
	try {
		const outputs = await runItems(items.length, pacer.concurrency, async (itemIndex) => {
			try {
				const records = await execute.call(this, itemIndex, tools.client(itemIndex));
				processed++;
				return records.map((json): INodeExecutionData => ({ json, pairedItem: { item: itemIndex } }));
			} catch (error) {
				const itemError = asItemError(this, error, itemIndex);
				if (continueOnFail) return [errorItem(itemError, itemIndex)];
				throw itemError;
			}
		});
		return [itemsWithoutKey(outputs.flat(), apiKey)];
	} catch (error) {
		throw withoutKey(withProgress(error, processed, items.length), apiKey);
	}
}

/**
 * When an item stops the execution, the items that went through before it (sent, for a send)
 * have no output: say how many, so that nobody sends them again blindly.
 */
function withProgress(error: unknown, processed: number, total: number): unknown {
	if (processed === 0 || !(error instanceof NodeApiError || error instanceof NodeOperationError)) return error;
	const progress = `${processed} of ${total} items had already been processed (for a send operation: sent) when this error stopped the node; their results are not in the output. To keep them and see each failing item, set the node's Settings > On Error to "Continue".`;
	error.description = error.description ? `${error.description} ${progress}` : progress;
	return error;
}
