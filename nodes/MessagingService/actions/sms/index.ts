import type { ResourceModule } from '../types';

export const sms: ResourceModule = {
	operationField: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sms'] } },
		options: [],
		default: '',
	},
	operations: {},
};
