import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readId } from '../../helpers/fields';
import type { ApiClient } from '../../transport/client';
import { perItemOptions, returnAllAndLimit } from '../common';
import { forOperation } from '../display';

export const description: INodeProperties[] = forOperation('sms', 'getManyDeliveries', [
	{
		displayName: 'Message or Mailing ID',
		name: 'messageId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.message_id }}',
		description:
			'The ID of a message made with "Create Message", or of a mailing (message_id of "Send to List", or of a batch mailing in "Get Batch Status")',
	},
	...returnAllAndLimit(),
	perItemOptions,
]);

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ApiClient): Promise<IDataObject[]> {
	const messageId = readId(this, 'messageId', 'Message or Mailing ID', itemIndex);
	const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
	const limit = returnAll ? 0 : (this.getNodeParameter('limit', itemIndex) as number);
	return await api.paged('getSmsDeliveryList', { message_id: messageId }, { returnAll, limit });
}
