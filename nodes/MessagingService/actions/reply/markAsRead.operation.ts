import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { markRead } from '../../replies/markAsRead';
import { optionsCollection } from '../common';
import { forOperation } from '../display';
import { asItemError, errorItem } from '../itemErrors';
import { runItems } from '../runItems';
import type { ExecutionTools } from '../types';
import { readReplyIds } from './replyIds';

export const description: INodeProperties[] = forOperation('reply', 'markAsRead', [
	{
		displayName: 'Reply IDs',
		name: 'replyIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 40000001, 40000002',
		description:
			'The ID of each reply to mark as read, separated by commas. An expression may also give a list of them.',
	},
	optionsCollection([
		{
			displayName: 'Combine All Items Into One Request',
			name: 'combineItems',
			type: 'boolean',
			default: false,
			description:
				'Whether to gather the reply IDs of all input items and mark them in one request, with one output item for all of them, instead of one request per item',
		},
	]),
]);

function combineItems(context: IExecuteFunctions): boolean {
	const options = context.getNodeParameter('options', 0, {}) as IDataObject;
	return options.combineItems === true;
}

/** Runs once for all items: one request per item, or (option) one request for all of them. */
export async function executeAll(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	tools: ExecutionTools,
): Promise<INodeExecutionData[]> {
	const continueOnFail = this.continueOnFail();

	if (!combineItems(this)) {
		const outputs = await runItems(items.length, tools.pacer, async (itemIndex) => {
			try {
				const ids = readReplyIds(this, itemIndex);
				const result = await markRead(tools.client(itemIndex), ids);
				return [
					{ json: { ...result, replyIds: ids }, pairedItem: { item: itemIndex } },
				] as INodeExecutionData[];
			} catch (error) {
				const itemError = asItemError(this, error, itemIndex);
				if (continueOnFail) return [errorItem(itemError, itemIndex)];
				throw itemError;
			}
		});
		return outputs.flat();
	}

	const errors: INodeExecutionData[] = [];
	const ids: string[] = [];
	const good: number[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			for (const id of readReplyIds(this, itemIndex)) if (!ids.includes(id)) ids.push(id);
			good.push(itemIndex);
		} catch (error) {
			const itemError = asItemError(this, error, itemIndex);
			if (!continueOnFail) throw itemError;
			errors.push(errorItem(itemError, itemIndex));
		}
	}
	if (good.length === 0) return errors;

	const pairedItem = good.map((item) => ({ item }));
	try {
		const result = await markRead(tools.client(good[0]), ids);
		return [{ json: { ...result, replyIds: ids }, pairedItem }, ...errors];
	} catch (error) {
		const itemError = asItemError(this, error, good[0]);
		if (!continueOnFail) throw itemError;
		return [{ ...errorItem(itemError, good[0]), pairedItem }, ...errors];
	}
}
