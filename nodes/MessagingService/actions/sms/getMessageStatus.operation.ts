import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readId } from '../../helpers/fields';
import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';

export const description: INodeProperties[] = forOperation('sms', 'getMessageStatus', [
	{
		displayName: 'Message ID',
		name: 'messageId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.message_id }}',
		description: 'The ID of a message made with "Create Message" (message_id in its output)',
	},
	perItemOptions,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ApiClient): Promise<IDataObject[]> {
	const messageId = readId(this, 'messageId', 'Message ID', itemIndex);
	return [await api.one('checkSMSMessageStatus', { message_id: messageId })];
}
