import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { compareIds } from '../base/ids';
import { asId } from '../helpers/fields';

/** The value of one picker of the Mailings list: its ID in any mode, or the expression's result. */
function pickedValue(entry: unknown): unknown {
	const picker =
		typeof entry === 'object' && entry !== null ? (entry as IDataObject).messageId : undefined;
	return typeof picker === 'object' && picker !== null ? (picker as IDataObject).value : picker;
}

/**
 * The IDs of the Mailings field (Watch: Specific Mailings), read once: each entry's ID (an
 * expression may give several, separated by commas, spaces or semicolons), without leading zeros
 * or repeats, ascending. An entry that is empty or not an ID is an error that names the entry.
 */
export function readMailingIds(context: IPollFunctions): string[] {
	const node = context.getNode();
	const mailings = context.getNodeParameter('mailings', {}) as IDataObject;
	const entries = Array.isArray(mailings.mailing) ? (mailings.mailing as unknown[]) : [];
	if (entries.length === 0) {
		throw new NodeOperationError(node, 'No mailing to watch: the Mailings field is empty', {
			description:
				'Add the chat mailings to watch under Mailings (pick them from the list or enter their IDs), or watch Recent Mailings.',
		});
	}
	const ids = new Set<string>();
	entries.forEach((entry, index) => {
		const value = pickedValue(entry);
		const parts =
			typeof value === 'string' ? value.split(/[\s,;]+/).filter((part) => part !== '') : [value];
		const checked = parts.map(asId);
		if (parts.length === 0 || checked.some((id) => id === undefined)) {
			throw new NodeOperationError(
				node,
				`Invalid Mailing ${JSON.stringify(value ?? '')} in entry ${index + 1} of Mailings`,
				{
					description:
						'Choose the mailing from the list, or enter its ID: a whole number, e.g. 20000001.',
				},
			);
		}
		for (const id of checked as string[]) ids.add(id.replace(/^0+(?=\d)/, ''));
	});
	return [...ids].sort(compareIds);
}
