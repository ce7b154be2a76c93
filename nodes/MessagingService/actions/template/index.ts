import type { ResourceModule } from '../types';
import * as create from './create.operation';
import * as deleteTemplate from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const template: ResourceModule = {
	operationField: {
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
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a message template',
				action: 'Delete a template',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a message template with its text',
				action: 'Get a template',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get many message templates',
				action: 'Get many templates',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the name or text of a message template',
				action: 'Update a template',
			},
		],
		default: 'getAll',
	},
	operations: { create, delete: deleteTemplate, get, getAll, update },
};
