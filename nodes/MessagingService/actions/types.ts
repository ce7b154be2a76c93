import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { ApiClient } from '../transport/client';
import type { RequestPacer } from '../transport/pacer';
import type { ItemLedger } from './itemLedger';

/** Runs an operation for one input item; the router pairs what it returns with that item. */
export type ItemExecute = (
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
) => Promise<IDataObject[]>;

/** Shared by all the requests of one execution. */
export interface ExecutionTools {
	pacer: RequestPacer;
	timeoutMs: number;
	/** what earlier tries of this run sent (n8n's Retry On Fail): not sent again */
	ledger: ItemLedger;
	/** `onRequest` is called as each of the item's requests goes out; `changes`: it sends or changes something */
	client(itemIndex: number, onRequest?: (changes: boolean) => void): ApiClient;
}

/**
 * Runs an operation once for all input items (batch sends that gather items into mailings);
 * it pairs its outputs itself and handles Continue On Fail for the items it rejects.
 */
export type AllItemsExecute = (
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	tools: ExecutionTools,
) => Promise<INodeExecutionData[]>;

export interface OperationModule {
	description: INodeProperties[];
	execute?: ItemExecute;
	executeAll?: AllItemsExecute;
}

export interface ResourceModule {
	operationField: INodeProperties;
	operations: Record<string, OperationModule>;
	/** operation values node version 1 saved that version 2 renamed: old value -> new value */
	renamedOperations?: Record<string, string>;
}
