import type { IExecuteFunctions, IWorkflowExecutionCustomData } from 'n8n-workflow';

/**
 * The longest custom data value written: n8n 2.41.1 keeps 512 characters but logs an error for
 * every value over 255 (execution-metadata.js), which a user would read as a fault of the node.
 */
export const CUSTOM_DATA_VALUE_MAX = 255;

/** The custom data of the running execution (`$execution.customData`), or undefined where n8n offers none. */
export function customDataOf(
	context: IExecuteFunctions,
	itemIndex: number,
): IWorkflowExecutionCustomData | undefined {
	try {
		const own = (context as { customData?: IWorkflowExecutionCustomData }).customData;
		if (own) return own;
	} catch {
		// older n8n: no customData on the context (or no run data): the workflow data proxy has it
	}
	try {
		return context.getWorkflowDataProxy(itemIndex).$execution?.customData;
	} catch {
		return undefined;
	}
}

/** The array a custom data value holds as JSON ([] for anything else). */
export function jsonArrayOf(value: unknown): unknown[] {
	if (typeof value !== 'string' || value === '') return [];
	try {
		const parsed = JSON.parse(value) as unknown;
		return Array.isArray(parsed) ? parsed : [];
	} catch {
		return [];
	}
}
