import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/** Where the ledger lives in the node's execution-scoped context data. */
const CONTEXT_KEY = 'messagingServiceLedger';

/** An item that may have changed something on the service: its output, or the error whose outcome is unknown. */
type Entry =
	| { records: IDataObject[] }
	| { error: { message: string; description?: string; httpCode?: string } };

interface Stored {
	runIndex: number;
	operation: string;
	items: Record<string, Entry>;
}

/**
 * What the items of one run of the node sent, for n8n's Retry On Fail.
 *
 * n8n's engine (WorkflowExecute) runs a node whose run failed again, in the same process and
 * execution, with the same input and the same run index. The ledger is kept in the node's context
 * data (`getContext('node')`), which belongs to that execution and nothing else: a new execution
 * starts with an empty one. An item that sent something (or whose send has an unknown outcome) is
 * written down; on the next try it is not sent again: its earlier output (or its earlier error) is
 * given as if it came now, paired with the same item. Items that only read are not written down.
 * Keys name what was sent: `item:<index>` for a per-item run, a chunk or a JSON item for Send Batch.
 * Only kept when the node's Retry On Fail is on.
 */
export class ItemLedger {
	private constructor(private readonly stored: Stored | undefined) {}

	/** whether the node's Retry On Fail is on (and the ledger is kept) */
	get active(): boolean {
		return this.stored !== undefined;
	}

	static open(context: IExecuteFunctions, operation: string): ItemLedger {
		if (context.getNode().retryOnFail !== true) return new ItemLedger(undefined);
		const runIndex = Number(context.getWorkflowDataProxy(0).$runIndex ?? 0);
		const nodeContext = context.getContext('node');
		const earlier = nodeContext[CONTEXT_KEY] as Stored | undefined;
		if (earlier && earlier.runIndex === runIndex && earlier.operation === operation)
			return new ItemLedger(earlier);
		const stored: Stored = { runIndex, operation, items: {} };
		nodeContext[CONTEXT_KEY] = stored;
		return new ItemLedger(stored);
	}

	/**
	 * What an earlier try of this run recorded under `key` (an item, a chunk of a batch): its output,
	 * or the error to give again (for `itemIndex`).
	 */
	earlier(
		context: IExecuteFunctions,
		key: string,
		itemIndex: number,
	): { records: IDataObject[] } | { error: NodeApiError } | undefined {
		const entry = this.stored?.items[key];
		if (!entry) return undefined;
		if ('records' in entry) return entry;
		const { message, description, httpCode } = entry.error;
		const error = new NodeApiError(
			context.getNode(),
			{ message, description, httpCode } as JsonObject,
			{
				message,
				description:
					`${description ?? ''} (This item was not sent again by Retry On Fail: the earlier try may have sent it.)`.trim(),
				httpCode,
				itemIndex,
			},
		);
		error.message = message;
		error.context.outcomeUnknown = true;
		return { error };
	}

	recordSent(key: string, records: IDataObject[]): void {
		if (this.stored) this.stored.items[key] = { records };
	}

	/** Written down only for an error that leaves open whether something was sent. */
	recordFailure(key: string, error: unknown): void {
		if (!this.stored || !(error instanceof NodeApiError) || error.context.outcomeUnknown !== true)
			return;
		const httpCode = error.httpCode ?? undefined;
		this.stored.items[key] = {
			error: { message: error.message, description: error.description ?? undefined, httpCode },
		};
	}
}
