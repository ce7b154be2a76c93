/** Each recipient of a mailing built from input items: its phone and personal values. */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { checkPhone } from '../../../helpers/fields';
import { itemField } from './itemField';
import { invalidField } from '../../../base/validation';
import type { RecipientValues } from './channel';

export type RecipientOf = (itemIndex: number) => { phone: string; values: RecipientValues };

/** Each recipient from the fields of its item: no expression to evaluate per item. */
export function recipientFromFields(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
): RecipientOf {
	const node = context.getNode();
	const fieldNames = new Map<string, string>();
	// field names are settings of the whole mailing, read from the first item
	const fieldName = (parameter: string, setting: string, itemIndex: number): string => {
		let name = fieldNames.get(parameter);
		if (name === undefined) {
			const value = context.getNodeParameter(parameter, 0, '');
			name = typeof value === 'string' ? value.trim() : '';
			if (name === '')
				throw invalidField(
					node,
					setting,
					value,
					'give the name of a field of the input items',
					itemIndex,
				);
			fieldNames.set(parameter, name);
		}
		return name;
	};
	return (itemIndex) => {
		const { json } = items[itemIndex];
		const phoneField = fieldName('phoneField', 'Phone Field', itemIndex);
		const phone = checkPhone(
			context,
			itemField(node, json, phoneField, 'Phone Field', itemIndex),
			`Phone (field "${phoneField}")`,
			itemIndex,
		);
		const values: RecipientValues = (parameter, label) => {
			const setting = `${label} Field`;
			const field = fieldName(`${parameter}Field`, setting, itemIndex);
			return {
				value: itemField(node, json, field, setting, itemIndex),
				label: `${label} (field "${field}")`,
			};
		};
		return { phone, values };
	};
}

export function recipientDefinedBelow(context: IExecuteFunctions): RecipientOf {
	return (itemIndex) => ({
		phone: checkPhone(
			context,
			context.getNodeParameter('recipientPhone', itemIndex, ''),
			'Phone',
			itemIndex,
		),
		values: (parameter, label) => ({
			value: context.getNodeParameter(parameter, itemIndex, ''),
			label,
		}),
	});
}
