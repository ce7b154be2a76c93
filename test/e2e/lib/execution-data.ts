import type { IDataObject, IRunExecutionData } from 'n8n-workflow';
import { requireFromHost } from './host';
import type { ExecutionDetails } from './n8n-types';

// n8n stores and serves execution data in the "flatted" format (JSON with shared references).
export function parseExecutionData(serialized: string | IRunExecutionData): IRunExecutionData {
	if (typeof serialized !== 'string') return serialized;
	const flatted = requireFromHost<{ parse(text: string): IRunExecutionData }>('flatted');
	return flatted.parse(serialized);
}

/** The JSON of every item a node output on its first output, in its last run. */
export function nodeOutput(
	execution: ExecutionDetails,
	nodeName: string,
	outputIndex = 0,
): IDataObject[] {
	const runs = execution.data.resultData.runData[nodeName];
	if (!runs?.length) {
		const ran = Object.keys(execution.data.resultData.runData).join(', ');
		throw new Error(
			`node "${nodeName}" did not run in execution ${execution.id} (ran: ${ran || 'none'}; ${describeError(execution)})`,
		);
	}
	const items = runs[runs.length - 1].data?.main?.[outputIndex] ?? [];
	return items.map((item) => item.json);
}

/** The error message of the execution, or of one node in it, if any. */
export function executionError(execution: ExecutionDetails, nodeName?: string): string | undefined {
	if (nodeName) {
		const runs = execution.data.resultData.runData[nodeName] ?? [];
		const error = runs[runs.length - 1]?.error;
		if (error) return [error.message, error.description].filter(Boolean).join(' — ');
	}
	const error = execution.data.resultData.error;
	return error ? [error.message, error.description].filter(Boolean).join(' — ') : undefined;
}

function describeError(execution: ExecutionDetails): string {
	return `status ${execution.status}${executionError(execution) ? `, error: ${executionError(execution)}` : ''}`;
}
