import type { IExecuteFunctions } from 'n8n-workflow';

import { invalidField } from '../../base/validation';

export const REPLY_IDS_RULE =
	'reply IDs are separated by commas, e.g. 40000001, 40000002; each is a text of up to 64 letters, digits, "-" or "_"';
const REPLY_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The reply IDs of an item's "Reply IDs" field: a comma-separated text, a single number, or an
 * array from an expression. The spec's IDs are strings, sent comma-separated in one parameter:
 * any short ID is taken as it is, but an ID (an array element) that itself holds a comma, which
 * the parameter cannot carry, is refused. Returns them in order, without repeats.
 */
export function readReplyIds(context: IExecuteFunctions, itemIndex: number): string[] {
	const value = context.getNodeParameter('replyIds', itemIndex, '') as unknown;
	const parts: unknown[] = Array.isArray(value)
		? value
		: typeof value === 'number'
			? [value]
			: typeof value === 'string'
				? value.split(/[,;\s]+/)
				: [value];
	const ids: string[] = [];
	for (const part of parts) {
		const text =
			typeof part === 'number' || typeof part === 'string' ? String(part).trim() : undefined;
		if (text === '') continue;
		if (text !== undefined && Array.isArray(value) && text.includes(',')) {
			throw invalidField(
				context.getNode(),
				'Reply IDs',
				value,
				`the ID "${text}" holds a comma, which cannot be sent: the service reads commas as separators`,
				itemIndex,
			);
		}
		if (text === undefined || !REPLY_ID.test(text))
			throw invalidField(context.getNode(), 'Reply IDs', value, REPLY_IDS_RULE, itemIndex);
		if (!ids.includes(text)) ids.push(text);
	}
	if (ids.length === 0)
		throw invalidField(
			context.getNode(),
			'Reply IDs',
			value,
			`enter at least one reply ID; ${REPLY_IDS_RULE}`,
			itemIndex,
		);
	return ids;
}
