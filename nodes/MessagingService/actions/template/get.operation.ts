import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';
import { fetchTemplate } from '../shared/template';
import { chosenTemplateId, templateField } from './lookup';

export const description: INodeProperties[] = forOperation('template', 'get', [
	templateField('The template to get'),
	perItemOptions,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	return [await fetchTemplate(this, api, chosenTemplateId(this, itemIndex), itemIndex)];
}
