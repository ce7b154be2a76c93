import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readPhone } from '../../helpers/fields';
import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';
import { createdMessageLocator, readLocatorId } from '../shared/locators';
import { phoneField } from '../shared/recipients';

export const description: INodeProperties[] = forOperation('sms', 'sendCreatedMessage', [
	phoneField(),
	createdMessageLocator('The SMS message made with "Create Message" that is sent'),
	perItemOptions,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ApiClient): Promise<IDataObject[]> {
	const messageId = readLocatorId(this, 'createdMessageId', 'Created Message', itemIndex);
	const phone = readPhone(this, 'phone', 'Phone', itemIndex);
	return [await api.one('sendSMS', { message_id: messageId, phone })];
}
