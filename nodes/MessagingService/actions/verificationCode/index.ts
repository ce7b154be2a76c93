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
				builderHint: {
					propertyHint:
						'Second execution of a sign-up: takes the `token` that `verificationCode.send` returned and the code the person typed (`enteredCode`); outputs "valid" true or false with a "status", never an error for a wrong code, so route with an If node. Do not run it in the same execution as `verificationCode.send`. In another workflow than the Send, set the same Verification Scope option (e.g. "signup") on both, or it answers "wrongScope".',
				},
			},
			{
				name: 'Send',
				value: 'send',
				description: 'Send a one-time verification code through a messenger app',
				action: 'Send a verification code',
				builderHint: {
					propertyHint:
						'First execution of a sign-up: sends a code through a messenger app and outputs a "token" (not the code). Return the token to the caller (the Webhook\'s answer) and check it with `verificationCode.check` in a later execution, when the person has typed the code.',
				},
			},
		],
		default: 'send',
	},
	operations: { send, check },
};
