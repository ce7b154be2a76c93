import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { invalidField } from './validation';

/**
 * Whether an error is the service refusing the request's content (400, or a 2xx answer whose
 * status is not OK), as opposed to a key, address, limit or availability problem.
 */
export function isRefusal(error: unknown): error is NodeApiError {
	if (!(error instanceof NodeApiError)) return false;
	if (error.httpCode === '400') return true;
	return (error.httpCode === undefined || error.httpCode === null) && error.message.startsWith('The service refused the request:');
}

/**
 * A refusal of a request about a template, as a field error of the "Template" field naming the
 * ID and the item; other errors pass through as n8n errors.
 */
export function asTemplateError(node: INode, error: unknown, templateId: string, itemIndex: number): NodeApiError | NodeOperationError {
	if (isRefusal(error)) {
		return invalidField(
			node,
			'Template',
			templateId,
			`no stored template has this ID (the service said: ${error.message}); choose a template from the list`,
			itemIndex,
		);
	}
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error, { itemIndex });
}
