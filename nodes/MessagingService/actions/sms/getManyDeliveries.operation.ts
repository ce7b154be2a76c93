import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { perItemOptions, returnAllAndLimit } from '../common';
import { forOperation } from '../display';
import { idLocator, readLocatorId } from '../shared/locators';

export const description: INodeProperties[] = forOperation('sms', 'getManyDeliveries', [
	idLocator({
		displayName: 'Message or Mailing',
		name: 'messageOrMailingId',
		description:
			'A mailing (made with "Send to List" or in the web interface; for a batch mailing use the message_id of "Get Batch Status"), or an SMS message made with "Create Message"',
		searchListMethod: 'searchSmsMessagesAndMailings',
		example: '10000002',
	}),
	...returnAllAndLimit(),
	perItemOptions,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const messageId = readLocatorId(this, 'messageOrMailingId', 'Message or Mailing', itemIndex);
	const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
	const limit = returnAll ? 0 : (this.getNodeParameter('limit', itemIndex) as number);
	return await api.paged('getSmsDeliveryList', { message_id: messageId }, { returnAll, limit });
}
