import type { ResourceModule } from '../types';
import * as getManyNew from './getManyNew.operation';
import * as markAsRead from './markAsRead.operation';

export const reply: ResourceModule = {
	operationField: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['reply'] } },
		options: [
			{
				name: 'Get Many New',
				value: 'getManyNew',
				description: 'Get the unread replies to a chat mailing',
				action: 'Get many new replies',
				builderHint: {
					propertyHint:
						'Reads unread replies to one chat mailing on demand. To start a workflow on each reply use the Messaging Service Trigger, and for a chatbot the Messaging Service Chat Trigger.',
				},
			},
			{
				name: 'Mark as Read',
				value: 'markAsRead',
				description: 'Mark replies as read',
				action: 'Mark replies as read',
				builderHint: {
					propertyHint:
						'Marks replies read so that they are not read again; the triggers can do it themselves.',
				},
			},
		],
		default: 'getManyNew',
	},
	operations: { getManyNew, markAsRead },
};
