import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';
import { asTemplateError } from '../shared/templateRefusal';
import { chosenTemplateId, templateField } from './lookup';

export const description: INodeProperties[] = forOperation('template', 'delete', [
	templateField('The template to delete'),
	perItemOptions,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const templateId = chosenTemplateId(this, itemIndex);
	try {
		await api.call('deleteTemplateMessage', { template_id: templateId });
	} catch (error) {
		throw asTemplateError(this.getNode(), error, templateId, itemIndex);
	}
	return [{ deleted: true }];
}
