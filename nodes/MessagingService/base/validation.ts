import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

function shown(value: unknown): string {
	if (value === undefined || value === null || value === '') return 'empty';
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	return `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;
}

/**
 * The error for a field that breaks a rule of the service, raised before any request:
 * it names the field, the value and the item, and says what the rule is.
 */
export function invalidField(node: INode, field: string, value: unknown, rule: string, itemIndex: number): NodeOperationError {
	return new NodeOperationError(node, `Invalid ${field} ${shown(value)} in item ${itemIndex}: ${rule}`, {
		itemIndex,
		description: `Fix the "${field}" field (or the expression that fills it) for item ${itemIndex}.`,
	});
}
