import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { loadDefaultCountry } from '../helpers/phone';
import { createApiClient } from '../transport/client';
import { RequestPacer } from '../transport/pacer';
import { apiKeyOf, itemsWithoutKey, withoutKey } from '../transport/secrets';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from './common';
import { asItemError, errorItem, forOnError } from './itemErrors';
import { ItemLedger } from './itemLedger';
import { numberOption } from '../base/numberOption';
import { describeProgress } from './progress';
import { operationOf } from './resources';
import { runItems } from './runItems';
import type { ExecutionTools } from './types';

/**
 * A request setting from the operation's Options. SMS > Create Message once showed Timeout under
 * Additional Fields: a workflow saved then keeps the Timeout it set there.
 */
function optionNumber(
	context: IExecuteFunctions,
	name: string,
	fallback: number,
	min: number,
	max: number,
): number {
	const saved = context.getNodeParameter(`additionalFields.${name}`, 0, fallback) as unknown;
	return numberOption(context.getNodeParameter(`options.${name}`, 0, saved), {
		min,
		max,
		fallback,
		whole: true,
		outOfRange: 'clamp',
	});
}

/** Picks the operation and runs it for the input items, pairing and Continue On Fail included. */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const module = operationOf(resource, operation);
	if (!module) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" is not known for the resource "${resource}"`,
		);
	}

	const concurrency = optionNumber(this, 'concurrency', DEFAULT_CONCURRENCY, 1, MAX_CONCURRENCY);
	const timeoutMs = optionNumber(this, 'timeout', 30, 1, 3600) * 1000;
	const pacer = new RequestPacer(concurrency);
	const ledger = ItemLedger.open(this, `${resource}.${operation}`);
	const tools: ExecutionTools = {
		pacer,
		timeoutMs,
		ledger,
		client: (itemIndex, onRequest) =>
			createApiClient(this, { itemIndex, pacer, timeoutMs, onRequest }),
	};

	const apiKey = await apiKeyOf(this);
	await loadDefaultCountry(this);
	if (module.executeAll) {
		try {
			return [
				itemsWithoutKey(forOnError(this, await module.executeAll.call(this, items, tools)), apiKey),
			];
		} catch (error) {
			throw withoutKey(error, apiKey);
		}
	}
	const { execute } = module;
	if (!execute)
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" has nothing to run`);

	const continueOnFail = this.continueOnFail();
	const started: boolean[] = new Array<boolean>(items.length).fill(false);
	const done: boolean[] = new Array<boolean>(items.length).fill(false);
	const paired = (records: IDataObject[], itemIndex: number) =>
		records.map((json): INodeExecutionData => ({ json, pairedItem: { item: itemIndex } }));
	try {
		const outputs = await runItems(items.length, pacer, async (itemIndex) => {
			const key = `item:${itemIndex}`;
			const earlier = ledger.earlier(this, key, itemIndex);
			if (earlier && 'records' in earlier) {
				done[itemIndex] = true;
				return paired(earlier.records, itemIndex);
			}
			let changes = false;
			try {
				if (earlier) throw earlier.error;
				const records = await execute.call(
					this,
					itemIndex,
					tools.client(itemIndex, (change) => {
						started[itemIndex] = true;
						changes ||= change;
					}),
				);
				if (changes) ledger.recordSent(key, records);
				done[itemIndex] = true;
				return paired(records, itemIndex);
			} catch (error) {
				if (!earlier) ledger.recordFailure(key, error);
				const itemError = asItemError(this, error, itemIndex);
				if (continueOnFail) return [errorItem(itemError, itemIndex)];
				throw itemError;
			}
		});
		return [itemsWithoutKey(forOnError(this, outputs.flat()), apiKey)];
	} catch (error) {
		throw withoutKey(withProgress(error, done, started, ledger.active), apiKey);
	}
}

/**
 * When an item stops the execution, the items that went through before it (sent, for a send)
 * have no output: say which, so that nobody sends them again blindly.
 */
function withProgress(
	error: unknown,
	done: boolean[],
	started: boolean[],
	retryOnFail: boolean,
): unknown {
	if (!(error instanceof NodeApiError || error instanceof NodeOperationError)) return error;
	const progress = describeProgress(done, started, retryOnFail);
	if (progress)
		error.description = error.description ? `${error.description} ${progress}` : progress;
	return error;
}
