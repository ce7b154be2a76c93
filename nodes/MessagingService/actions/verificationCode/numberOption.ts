import type { IExecuteFunctions } from 'n8n-workflow';

import { numberOption } from '../../base/numberOption';
import { invalidField } from '../../base/validation';

export interface NumberOption {
	/** its name in the Options collection */
	name: string;
	label: string;
	min: number;
	max: number;
	/** when the option is not set */
	fallback: number;
}

/** A whole-number option of the Options collection, refused as a field error outside min..max (base/numberOption.ts). */
export function readNumberOption(
	context: IExecuteFunctions,
	option: NumberOption,
	itemIndex: number,
): number {
	const value = context.getNodeParameter(`options.${option.name}`, itemIndex, option.fallback);
	const refuse = (requirement: string) =>
		invalidField(context.getNode(), option.label, value, requirement, itemIndex);
	return numberOption(value, { ...option, whole: true, outOfRange: 'refuse', refuse });
}
