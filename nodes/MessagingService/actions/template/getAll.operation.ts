import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { perItemOptions, returnAllAndLimit } from '../common';
import { forOperation } from '../display';

export const description: INodeProperties[] = forOperation('template', 'getAll', [...returnAllAndLimit(), perItemOptions]);

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ApiClient): Promise<IDataObject[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
	const templates = await api.many('getTemplateMessages', {});
	if (returnAll) return templates;
	return templates.slice(0, this.getNodeParameter('limit', itemIndex) as number);
}
