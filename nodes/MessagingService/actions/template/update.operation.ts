import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { asTemplateError } from '../shared/templateRefusal';
import { invalidField } from '../../base/validation';
import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';
import { fetchTemplate } from '../shared/template';
import { templateText } from './create.operation';
import { chosenTemplateId, templateField } from './lookup';

export const description: INodeProperties[] = forOperation('template', 'update', [
	templateField('The template to change'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Message',
				name: 'message',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				placeholder: 'e.g. Your order has shipped',
				description: 'The new text of the template',
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. Order shipped',
				description: 'The new name of the template',
			},
		],
	},
	perItemOptions,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const templateId = chosenTemplateId(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	if (fields.name === undefined && fields.message === undefined) {
		throw invalidField(
			this.getNode(),
			'Update Fields',
			fields,
			'add the Name or the Message to change',
			itemIndex,
		);
	}
	let name =
		fields.name === undefined
			? undefined
			: templateText(this, 'name', 'Name', itemIndex, fields.name);
	let message =
		fields.message === undefined
			? undefined
			: templateText(this, 'message', 'Message', itemIndex, fields.message);
	if (name === undefined || message === undefined) {
		// The service needs both: keep the stored value of the one not changed.
		const current = await fetchTemplate(this, api, templateId, itemIndex);
		name ??= String(current.name);
		message ??= String(current.message);
	}
	try {
		return [await api.one('editTemplateMessage', { template_id: templateId, name, message })];
	} catch (error) {
		throw asTemplateError(this.getNode(), error, templateId, itemIndex);
	}
}
