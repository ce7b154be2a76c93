import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as create from './create.operation';
import * as deleteTemplate from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

const operationField: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['template'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			description: 'Create a message template',
			action: 'Create a template',
			builderHint: {
				propertyHint:
					'Stores a message template; the send operations can then use it instead of a typed text.',
			},
		},
		{
			name: 'Delete',
			value: 'delete',
			description: 'Delete a message template',
			action: 'Delete a template',
			builderHint: { propertyHint: 'Deletes a template for good.' },
		},
		{
			name: 'Get',
			value: 'get',
			description: 'Get a message template with its text',
			action: 'Get a template',
			builderHint: { propertyHint: 'Reads one template with its text.' },
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'Get many message templates',
			action: 'Get many templates',
			builderHint: { propertyHint: 'Lists the templates of the account.' },
		},
		{
			name: 'Update',
			value: 'update',
			description: 'Change the name or text of a message template',
			action: 'Update a template',
			builderHint: { propertyHint: 'Changes the name or the text of a template.' },
		},
	],
	default: 'getMany',
};

export const template: ResourceModule = {
	operationField,
	operations: { create, delete: deleteTemplate, get, getMany, update },
	// node version 1 saved Get Many as 'getAll' (every other resource says getMany…)
	renamedOperations: { getAll: 'getMany' },
};
