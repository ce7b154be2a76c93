import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readId } from '../../helpers/fields';
import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';
import { MAILING_ID_RULE, mailingIdField, withMailingDates } from './fields';

export const description: INodeProperties[] = forOperation('chatMessage', 'getMailing', [
	mailingIdField('The ID of the chat mailing or message (its message_id)'),
	perItemOptions,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ApiClient): Promise<IDataObject[]> {
	const messageId = readId(this, 'messageId', 'Message ID', itemIndex, MAILING_ID_RULE);
	return [withMailingDates(await api.one('getChatMessageData', { message_id: messageId }))];
}
