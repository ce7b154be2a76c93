import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';
import { chatMailingLocator, readLocatorId } from '../shared/locators';
import { withMailingDates } from './fields';

export const description: INodeProperties[] = forOperation('chatMessage', 'getMailing', [
	chatMailingLocator('The chat mailing, or a chat message sent with Send'),
	perItemOptions,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const messageId = readLocatorId(this, 'messageId', 'Mailing', itemIndex);
	return [withMailingDates(await api.one('getChatMessageData', { message_id: messageId }))];
}
