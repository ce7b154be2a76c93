import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';
import { chatMailingLocator, readLocatorId } from '../shared/locators';

export const description: INodeProperties[] = forOperation('chatMessage', 'getDeliveryStatus', [
	chatMailingLocator(
		'The chat message sent with "Send" (the service lists each sent message as a mailing). For a list mailing use "Get Many Deliveries".',
	),
	perItemOptions,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const messageId = readLocatorId(this, 'messageId', 'Mailing', itemIndex);
	const result = await api.one('getChatDeliveryData', { message_id: messageId });
	return [{ message_id: Number(messageId), ...result }];
}
