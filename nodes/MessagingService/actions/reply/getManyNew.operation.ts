import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { serviceTimeToIso } from '../../helpers/dates';
import type { ApiClient } from '../../transport/client';
import { isSingleReplyId, markRead } from '../../replies/markAsRead';
import { optionsCollection } from '../common';
import { forOperation } from '../display';
import { chatMailingLocator, readLocatorId } from '../shared/locators';

export const description: INodeProperties[] = forOperation('reply', 'getManyNew', [
	chatMailingLocator(
		'The chat mailing or chat message whose unread replies are returned, one item per reply',
	),
	optionsCollection([
		{
			displayName: 'Mark as Read',
			name: 'markAsRead',
			type: 'boolean',
			default: false,
			description:
				'Whether to mark the returned replies as read in the same step, so the next run does not return them again',
		},
	]),
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const messageId = readLocatorId(this, 'messageId', 'Mailing', itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const replies = await api.many('getNewIncomingMessages', { message_id: messageId });
	const markAsRead = options.markAsRead === true && replies.length > 0;
	// a reply whose ID the service would read as several is returned, not marked
	if (markAsRead)
		await markRead(
			api,
			replies.map((reply) => String(reply.id)),
		);
	return replies.map((reply) => {
		const receivedAt = serviceTimeToIso(reply.d_receiver);
		return {
			message_id: Number(messageId),
			...reply,
			...(receivedAt ? { receivedAt } : {}),
			...(markAsRead && isSingleReplyId(String(reply.id)) ? { markedAsRead: true } : {}),
		};
	});
}
