import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { invalidField } from '../../base/validation';
import { isRefusal } from '../../transport/errors';

/**
 * A refusal of a request about a template, as a field error of the "Template" field naming the
 * ID and the item; other errors pass through as n8n errors.
 */
export function asTemplateError(
	node: INode,
	error: unknown,
	templateId: string,
	itemIndex: number,
): NodeApiError | NodeOperationError {
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
