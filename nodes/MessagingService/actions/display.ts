import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

/** Shows an operation's own fields only for its resource and operation (under each value it has had). */
export function forOperation(
	resource: string,
	operation: string | string[],
	properties: INodeProperties[],
): INodeProperties[] {
	const operations = Array.isArray(operation) ? operation : [operation];
	return updateDisplayOptions(
		{ show: { resource: [resource], operation: operations } },
		properties,
	);
}
