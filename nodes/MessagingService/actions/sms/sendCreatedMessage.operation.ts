import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readPhone } from '../../helpers/fields';
import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';
import { createdMessageLocator, readLocatorId } from '../shared/locators';

export const description: INodeProperties[] = forOperation('sms', 'sendCreatedMessage', [
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +375 29 123-45-67',
		description: 'The phone number to send to, with the country code. Spaces, dashes, brackets and a leading + are removed.',
	},
	createdMessageLocator('The SMS message made with "Create Message" that is sent'),
	perItemOptions,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ApiClient): Promise<IDataObject[]> {
	const messageId = readLocatorId(this, 'createdMessageId', 'Created Message', itemIndex);
	const phone = readPhone(this, 'phone', 'Phone', itemIndex);
	return [await api.one('sendSMS', { message_id: messageId, phone })];
}
