import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { perItemOptions, returnAllAndLimit } from '../common';
import { forOperation } from '../display';
import { chatMailingLocator, readLocatorId } from '../shared/locators';

export const description: INodeProperties[] = forOperation('chatMessage', 'getManyDeliveries', [
	chatMailingLocator('The chat mailing whose deliveries are returned, one item per recipient'),
	...returnAllAndLimit(),
	perItemOptions,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const messageId = readLocatorId(this, 'messageId', 'Mailing', itemIndex);
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const deliveries = await api.many('getChatDeliveryList', { message_id: messageId });
	const records = deliveries.map((delivery) => ({ message_id: Number(messageId), ...delivery }));
	return returnAll
		? records
		: records.slice(0, this.getNodeParameter('limit', itemIndex, 50) as number);
}
