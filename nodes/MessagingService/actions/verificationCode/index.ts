import type { ResourceModule } from '../types';
import * as check from './check.operation';
import * as send from './send.operation';

export const verificationCode: ResourceModule = {
	operationField: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['verificationCode'] } },
		options: [
			{
				name: 'Check',
				value: 'check',
				description: 'Check the code a person typed against the token that Send returned',
				action: 'Check a verification code',
			},
			{
				name: 'Send',
				value: 'send',
				description: 'Send a one-time verification code through a messenger app',
				action: 'Send a verification code',
			},
		],
		default: 'send',
	},
	operations: { send, check },
};
