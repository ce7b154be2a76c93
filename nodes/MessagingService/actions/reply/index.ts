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
			},
			{
				name: 'Mark as Read',
				value: 'markAsRead',
				description: 'Mark replies as read',
				action: 'Mark replies as read',
			},
		],
		default: 'getManyNew',
	},
	operations: { getManyNew, markAsRead },
};
