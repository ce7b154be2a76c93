import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { templateIdOf, templateLocator } from '../shared/template';

/** The template picker of Get, Update and Delete. */
export function templateField(description: string): INodeProperties {
	return templateLocator({ name: 'template', description });
}

/** The chosen template's ID, checked to be a number. */
export function chosenTemplateId(context: IExecuteFunctions, itemIndex: number): string {
	return templateIdOf(context, 'template', itemIndex);
}
