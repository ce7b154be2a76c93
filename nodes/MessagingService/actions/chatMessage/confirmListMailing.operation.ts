import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readId } from '../../helpers/fields';
import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';

export const description: INodeProperties[] = forOperation('chatMessage', 'confirmListMailing', [
	{
		displayName:
			'Confirming a mailing debits its cost from your account balance and sends it (at its scheduled time, if it has one). This cannot be undone.',
		name: 'debitNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Mailing ID',
		name: 'messageId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 20000001',
		description: 'The ID of the mailing created by "Send to List" (its message_id)',
	},
	perItemOptions,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ApiClient): Promise<IDataObject[]> {
	const messageId = readId(this, 'messageId', 'Mailing ID', itemIndex, 'a mailing ID is a whole number, e.g. 20000001');
	const result = await api.one('confirmChatMessage', { message_id: messageId });
	return [{ ...result, message_id: Number(messageId), confirmed: true }];
}
