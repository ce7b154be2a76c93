import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { asTemplateError } from '../../helpers/refusal';

import type { ApiClient } from '../../transport/client';
import { fetchTemplate, templateIdOf, templateLocator } from '../shared/template';

/** The template picker of Get, Update and Delete. */
export function templateField(description: string): INodeProperties {
	return templateLocator({ name: 'template', description });
}

/** The chosen template's ID, checked to be a number. */
export function chosenTemplateId(context: IExecuteFunctions, itemIndex: number): string {
	return templateIdOf(context, 'template', itemIndex);
}

/** Fetches a template; an unknown ID is a field error of the item. */
export async function getTemplate(context: IExecuteFunctions, api: ApiClient, templateId: string, itemIndex: number): Promise<IDataObject> {
	try {
		return await fetchTemplate(context, api, templateId, itemIndex);
	} catch (error) {
		throw asTemplateError(context.getNode(), error, templateId, itemIndex);
	}
}
