import type { INodeParameters } from 'n8n-workflow';

const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

/** A Template operation given a template ID the service does not have: [title, parameters, field, API method]. */
export type UnknownTemplateCase = [string, INodeParameters, string, string];
/** A Template input refused before any request: [title, parameters, field]. */
export type TemplateRefusalCase = [string, INodeParameters, string];

export const unknownTemplateCases: UnknownTemplateCase[] = [
	['Get', { operation: 'get', template: byId('={{ $json.id }}') }, 'Template', 'getTemplateMessageById'],
	['Delete', { operation: 'delete', template: byId('={{ $json.id }}') }, 'Template', 'deleteTemplateMessage'],
	[
		'Update',
		{ operation: 'update', template: byId('={{ $json.id }}'), updateFields: { name: 'x', message: 'y' } },
		'Template',
		'editTemplateMessage',
	],
];

export const templateRefusalCases: TemplateRefusalCase[] = [
	['Create with an empty name', { operation: 'create', name: '={{ $json.name }}', message: 'Hi' }, 'Name'],
	['Create with an empty message', { operation: 'create', name: 'N', message: '={{ $json.name }}' }, 'Message'],
	[
		'Update with nothing to change',
		{ operation: 'update', template: byId('4001'), updateFields: '={{ $json.fields }}' },
		'Update Fields',
	],
	['Get with a template ID that is not a number', { operation: 'get', template: byId('={{ $json.name }}') }, 'Template'],
];
