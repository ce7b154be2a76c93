import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { asTemplateError } from './templateRefusal';
import { invalidField } from '../../base/validation';

/** A template picker: from the list of stored templates, or by ID. */
export function templateLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Template',
		name: 'template',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The stored message template',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchTemplates', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 4001',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\s*\\d+\\s*$', errorMessage: 'A template ID is a number' },
					},
				],
			},
		],
		...overrides,
	};
}

/** Reads a template locator parameter and checks that it holds a template ID. */
export function templateIdOf(
	context: IExecuteFunctions,
	parameterName: string,
	itemIndex: number,
): string {
	const value = context.getNodeParameter(parameterName, itemIndex, '', { extractValue: true });
	const id = String(value ?? '').trim();
	if (!/^\d+$/.test(id)) {
		throw invalidField(
			context.getNode(),
			'Template',
			value,
			'choose a template from the list or enter its numeric ID',
			itemIndex,
		);
	}
	return id;
}

/** Fetches a stored template; a missing one is reported as a field error of the item. */
export async function fetchTemplate(
	context: IExecuteFunctions,
	api: ApiClient,
	templateId: string,
	itemIndex: number,
): Promise<IDataObject> {
	let template: IDataObject;
	try {
		template = await api.one('getTemplateMessageById', { template_id: templateId });
	} catch (error) {
		throw asTemplateError(context.getNode(), error, templateId, itemIndex);
	}
	if (typeof template.message !== 'string') {
		throw invalidField(
			context.getNode(),
			'Template',
			templateId,
			'no stored template has this ID',
			itemIndex,
		);
	}
	return template;
}
