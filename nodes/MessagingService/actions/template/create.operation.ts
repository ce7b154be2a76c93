import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidField } from '../../base/validation';
import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';

export const description: INodeProperties[] = forOperation('template', 'create', [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Order shipped',
		description: 'The name of the template, shown in template lists',
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		placeholder: 'e.g. Your order has shipped',
		description: 'The text of the template',
	},
	perItemOptions,
]);

/** Reads a required text field of a template operation. */
export function templateText(
	context: IExecuteFunctions,
	parameter: string,
	label: string,
	itemIndex: number,
	value?: unknown,
): string {
	const raw = value === undefined ? context.getNodeParameter(parameter, itemIndex, '') : value;
	const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
	if (text.trim() === '')
		throw invalidField(context.getNode(), label, raw, 'it must not be empty', itemIndex);
	return text;
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const name = templateText(this, 'name', 'Name', itemIndex);
	const message = templateText(this, 'message', 'Message', itemIndex);
	return [await api.one('createTemplateMessage', { name, message })];
}
