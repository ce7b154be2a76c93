import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';
import { createdMessageLocator, readLocatorId } from '../shared/locators';

export const description: INodeProperties[] = forOperation('sms', 'getMessageStatus', [
	createdMessageLocator('The SMS message made with "Create Message"'),
	perItemOptions,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const messageId = readLocatorId(this, 'createdMessageId', 'Created Message', itemIndex);
	return [await api.one('checkSMSMessageStatus', { message_id: messageId })];
}
