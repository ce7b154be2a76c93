import type { ResourceModule } from '../types';
import * as getState from './getState.operation';
import * as handBack from './handBack.operation';
import * as handOver from './handOver.operation';

export const conversation: ResourceModule = {
	operationField: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['conversation'] } },
		options: [
			{
				name: 'Hand Over to Person',
				value: 'handOver',
				description:
					'A person takes the conversation over from the chatbot; the bot stays silent until it is handed back',
				action: 'Hand over a conversation to a person',
				builderHint: {
					propertyHint:
						"Give it to an AI Agent as a tool, with `reason` from $fromAI: the agent hands over when the customer asks for a person. The Messaging Service Chat Trigger then sends that phone's turns to its To Person output until `conversation.handBack` or a time limit.",
				},
			},
			{
				name: 'Hand Back to Bot',
				value: 'handBack',
				description:
					'The chatbot answers the conversation again; its next turn carries what was said while a person had it',
				action: 'Hand a conversation back to the bot',
				builderHint: {
					propertyHint:
						'Ends a hand-over made by `conversation.handOver`; the page of `sms.sendAndWait` can offer it too (its `handBackPhone` option).',
				},
			},
			{
				name: 'Get State',
				value: 'getState',
				description:
					'Whether the bot or a person has a conversation, or every conversation a person has',
				action: 'Get the state of a conversation',
				builderHint: {
					propertyHint:
						'Reads who has a conversation (bot or person) as the Chat Trigger of the same workflow keeps it; asks the service nothing.',
				},
			},
		],
		default: 'handOver',
	},
	operations: { handOver, handBack, getState },
};
