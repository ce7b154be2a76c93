import type { ResourceModule } from '../types';

export const verificationCode: ResourceModule = {
	operationField: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['verificationCode'] } },
		options: [],
		default: '',
	},
	operations: {},
};
