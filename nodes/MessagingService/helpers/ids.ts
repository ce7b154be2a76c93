import type { IExecuteFunctions } from 'n8n-workflow';

import { invalidField } from './validation';

/**
 * Reads a field that holds a numeric ID of the service (mailing, list, sender name...) and
 * returns it as digits; anything else is a field error naming the field and the item.
 */
export function numericIdParameter(
	context: IExecuteFunctions,
	parameterName: string,
	fieldLabel: string,
	itemIndex: number,
	rule = 'an ID is a whole number, e.g. 20000001',
): string {
	const value = context.getNodeParameter(parameterName, itemIndex, '') as unknown;
	const id = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
	if (!/^\d{1,15}$/.test(id)) throw invalidField(context.getNode(), fieldLabel, value, rule, itemIndex);
	return id;
}
