import type { ResourceModule } from '../types';

export const reply: ResourceModule = {
	operationField: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['reply'] } },
		options: [],
		default: '',
	},
	operations: {},
};
