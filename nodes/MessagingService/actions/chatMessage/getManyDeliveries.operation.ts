import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readId } from '../../helpers/fields';
import type { ApiClient } from '../../transport/client';
import { perItemOptions, returnAllAndLimit } from '../common';
import { forOperation } from '../display';
import { MAILING_ID_RULE, mailingIdField } from './fields';

export const description: INodeProperties[] = forOperation('chatMessage', 'getManyDeliveries', [
	mailingIdField('The ID of the chat mailing (its message_id) whose deliveries are listed, one item per recipient'),
	...returnAllAndLimit(),
	perItemOptions,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ApiClient): Promise<IDataObject[]> {
	const messageId = readId(this, 'messageId', 'Message ID', itemIndex, MAILING_ID_RULE);
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const deliveries = await api.many('getChatDeliveryList', { message_id: messageId });
	const records = deliveries.map((delivery) => ({ message_id: Number(messageId), ...delivery }));
	return returnAll ? records : records.slice(0, this.getNodeParameter('limit', itemIndex, 50) as number);
}
