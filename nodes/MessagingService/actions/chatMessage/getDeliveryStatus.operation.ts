import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readId } from '../../helpers/fields';
import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';
import { MAILING_ID_RULE, mailingIdField } from './fields';

export const description: INodeProperties[] = forOperation('chatMessage', 'getDeliveryStatus', [
	mailingIdField(
		'The message_id returned by "Send" for a single message. For a list mailing use "Get Many Deliveries".',
	),
	perItemOptions,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ApiClient): Promise<IDataObject[]> {
	const messageId = readId(this, 'messageId', 'Message ID', itemIndex, MAILING_ID_RULE);
	const result = await api.one('getChatDeliveryData', { message_id: messageId });
	return [{ message_id: Number(messageId), ...result }];
}
