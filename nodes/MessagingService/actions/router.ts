import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { createApiClient } from '../transport/client';
import { RequestPacer } from '../transport/pacer';
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

	if (module.executeAll) return [await module.executeAll.call(this, items, tools)];
	const { execute } = module;
	if (!execute) throw new NodeOperationError(this.getNode(), `The operation "${operation}" has nothing to run`);

	const continueOnFail = this.continueOnFail();
	const outputs = await runItems(items.length, concurrency, async (itemIndex) => {
		try {
			const records = await execute.call(this, itemIndex, tools.client(itemIndex));
			return records.map((json): INodeExecutionData => ({ json, pairedItem: { item: itemIndex } }));
		} catch (error) {
			const itemError = asItemError(this, error, itemIndex);
			if (continueOnFail) return [errorItem(itemError, itemIndex)];
			throw itemError;
		}
	});
	return [outputs.flat()];
}
