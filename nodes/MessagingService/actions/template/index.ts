import type { ResourceModule } from '../types';
import * as getAll from './getAll.operation';

export const template: ResourceModule = {
	operationField: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['template'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get many message templates',
				action: 'Get many templates',
			},
		],
		default: 'getAll',
	},
	operations: { getAll },
};
