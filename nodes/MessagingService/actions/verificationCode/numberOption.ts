import type { IExecuteFunctions } from 'n8n-workflow';

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

/** A whole-number option of the Options collection, refused as a field error outside min..max. */
export function readNumberOption(context: IExecuteFunctions, option: NumberOption, itemIndex: number): number {
	const value = context.getNodeParameter(`options.${option.name}`, itemIndex, option.fallback);
	const number = Number(value);
	if (!Number.isInteger(number) || number < option.min || number > option.max) {
		throw invalidField(context.getNode(), option.label, value, `a whole number from ${option.min} to ${option.max}`, itemIndex);
	}
	return number;
}
