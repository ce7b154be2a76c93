import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { perItemOptions, returnAllAndLimit } from '../common';
import { forOperation } from '../display';
import { withMailingDates } from './fields';

export const description: INodeProperties[] = forOperation('chatMessage', 'getManyMailings', [
	...returnAllAndLimit(),
	perItemOptions,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? 0 : (this.getNodeParameter('limit', itemIndex, 50) as number);
	const mailings = await api.paged('getChatMessages', {}, { returnAll, limit });
	return mailings.map(withMailingDates);
}
