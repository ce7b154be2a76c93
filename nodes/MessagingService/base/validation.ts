import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || value === '';
}

function shown(value: unknown): string {
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	return `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;
}

/**
 * The error for a field that breaks a rule of the service, raised before any request:
 * it names the field, the value and the item, and says what the rule is.
 */
export function invalidField(
	node: INode,
	field: string,
	value: unknown,
	rule: string,
	itemIndex: number,
): NodeOperationError {
	const problem = isEmpty(value)
		? `The ${field} field is empty in item ${itemIndex}`
		: `Invalid ${field} ${shown(value)} in item ${itemIndex}`;
	return new NodeOperationError(node, `${problem}: ${rule}`, {
		itemIndex,
		description: `Fix the "${field}" field (or the expression that fills it) for item ${itemIndex}.`,
	});
}
