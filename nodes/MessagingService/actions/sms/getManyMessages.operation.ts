import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { perItemOptions, returnAllAndLimit } from '../common';
import { forOperation } from '../display';

export const description: INodeProperties[] = forOperation('sms', 'getManyMessages', [
	...returnAllAndLimit(),
	perItemOptions,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
	const limit = returnAll ? 0 : (this.getNodeParameter('limit', itemIndex) as number);
	return await api.paged('getMessagesList', {}, { returnAll, limit });
}
