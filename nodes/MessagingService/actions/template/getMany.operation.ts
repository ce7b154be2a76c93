import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { perItemOptions, returnAllAndLimit } from '../common';
import { forOperation } from '../display';

// 'getAll' is the value node version 1 saved for this operation
export const description: INodeProperties[] = forOperation(
	'template',
	['getMany', 'getAll'],
	[...returnAllAndLimit(), perItemOptions],
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
	const templates = await api.many('getTemplateMessages', {});
	if (returnAll) return templates;
	return templates.slice(0, this.getNodeParameter('limit', itemIndex) as number);
}
