import type { ResourceModule } from '../types';

export const chatMessage: ResourceModule = {
	operationField: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['chatMessage'] } },
		options: [],
		default: '',
	},
	operations: {},
};
