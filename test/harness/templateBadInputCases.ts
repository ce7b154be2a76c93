import type { INodeParameters } from 'n8n-workflow';

import { byId } from './params';

/** A Template operation given a template ID the service does not have: [title, parameters, field, API method]. */
export type UnknownTemplateCase = [string, INodeParameters, string, string];
/** A Template input refused before any request: [title, parameters, field]. */
export type TemplateRefusalCase = [string, INodeParameters, string];

const unknownTemplateCases: UnknownTemplateCase[] = [
	['Get', { operation: 'get', template: byId('={{ $json.id }}') }, 'Template', 'getTemplateMessageById'],
	['Delete', { operation: 'delete', template: byId('={{ $json.id }}') }, 'Template', 'deleteTemplateMessage'],
	[
		'Update',
		{ operation: 'update', template: byId('={{ $json.id }}'), updateFields: { name: 'x', message: 'y' } },
		'Template',
		'editTemplateMessage',
	],
];

const templateRefusalCases: TemplateRefusalCase[] = [
	['Create with an empty name', { operation: 'create', name: '={{ $json.name }}', message: 'Hi' }, 'Name'],
	['Create with an empty message', { operation: 'create', name: 'N', message: '={{ $json.name }}' }, 'Message'],
	[
		'Update with nothing to change',
		{ operation: 'update', template: byId('4001'), updateFields: '={{ $json.fields }}' },
		'Update Fields',
	],
	['Get with a template ID that is not a number', { operation: 'get', template: byId('={{ $json.name }}') }, 'Template'],
];

/** The Template cases of one operation. */
export interface TemplateCases {
	unknown: UnknownTemplateCase[];
	refused: TemplateRefusalCase[];
}

/** The Template bad-input cases by operation. */
export function templateBadInputCases(): Record<'create' | 'get' | 'update' | 'delete', TemplateCases> {
	const of = (operation: string): TemplateCases => ({
		unknown: unknownTemplateCases.filter(([, parameters]) => parameters.operation === operation),
		refused: templateRefusalCases.filter(([, parameters]) => parameters.operation === operation),
	});
	return { create: of('create'), get: of('get'), update: of('update'), delete: of('delete') };
}
