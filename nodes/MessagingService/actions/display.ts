import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

/** Shows an operation's own fields only for its resource and operation. */
export function forOperation(resource: string, operation: string, properties: INodeProperties[]): INodeProperties[] {
	return updateDisplayOptions({ show: { resource: [resource], operation: [operation] } }, properties);
}
