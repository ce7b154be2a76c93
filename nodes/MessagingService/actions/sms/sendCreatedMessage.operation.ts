import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readId, readPhone } from '../../helpers/fields';
import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';

export const description: INodeProperties[] = forOperation('sms', 'sendCreatedMessage', [
	{
		displayName: 'Message ID',
		name: 'messageId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 10000002',
		description: 'The ID of a message made with "Create Message" (message_id in its output)',
	},
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +375 29 123-45-67',
		description: 'The phone number to send to, with the country code',
	},
	perItemOptions,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ApiClient): Promise<IDataObject[]> {
	const messageId = readId(this, 'messageId', 'Message ID', itemIndex);
	const phone = readPhone(this, 'phone', 'Phone', itemIndex);
	return [await api.one('sendSMS', { message_id: messageId, phone })];
}
