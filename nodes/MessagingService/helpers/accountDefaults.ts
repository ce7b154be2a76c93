import type { IExecuteFunctions } from 'n8n-workflow';

import { readCredential } from '../transport/request';
import { asId, ID_RULE } from './fields';
import { invalidField } from '../base/validation';

/**
 * IDs the service cannot list (sender names, chat senders, subscriber lists) may be stored once
 * in the credential as the account's defaults. A node field left empty takes the default.
 */
export const ACCOUNT_DEFAULTS = {
	defaultSenderNameId: 'Default Sender Name ID',
	defaultChatnameId: 'Default Chat Sender ID',
	defaultListId: 'Default Subscriber List ID',
} as const;

export type AccountDefault = keyof typeof ACCOUNT_DEFAULTS;

function isEmpty(value: unknown): boolean {
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}

/**
 * The ID in `value` (a field of item `itemIndex`, named `label`), or, when it is empty, the
 * credential's default. Either must be an ID; the error names the field, the value and the item.
 */
export async function idOrAccountDefault(
	context: IExecuteFunctions,
	value: unknown,
	label: string,
	itemIndex: number,
	fallback: AccountDefault,
): Promise<string> {
	if (!isEmpty(value)) {
		const id = asId(value);
		if (id === undefined) throw invalidField(context.getNode(), label, value, ID_RULE, itemIndex);
		return id;
	}
	const stored = (await readCredential(context, itemIndex))[fallback];
	if (isEmpty(stored)) {
		throw invalidField(
			context.getNode(),
			label,
			value,
			`enter an ID, or set "${ACCOUNT_DEFAULTS[fallback]}" in the credential for the account's usual one`,
			itemIndex,
		);
	}
	const id = asId(stored);
	if (id === undefined) {
		throw invalidField(
			context.getNode(),
			label,
			stored,
			`the credential's "${ACCOUNT_DEFAULTS[fallback]}" is not an ID: ${ID_RULE}`,
			itemIndex,
		);
	}
	return id;
}

/** A field that falls back to the credential's default: the field of item `itemIndex`, or the default. */
export async function readIdOrAccountDefault(
	context: IExecuteFunctions,
	parameter: string,
	label: string,
	itemIndex: number,
	fallback: AccountDefault,
): Promise<string> {
	return await idOrAccountDefault(
		context,
		context.getNodeParameter(parameter, itemIndex, ''),
		label,
		itemIndex,
		fallback,
	);
}

/** The sentence (without its final period) a field's description ends with when the credential may hold its default. */
export function defaultHint(fallback: AccountDefault): string {
	return `Leave empty to use the credential's "${ACCOUNT_DEFAULTS[fallback]}"`;
}
