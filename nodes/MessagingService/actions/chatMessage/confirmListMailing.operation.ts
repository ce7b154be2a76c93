import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';
import { chatMailingLocator, readLocatorId } from '../shared/locators';
import { noteSent } from '../../sends/noteSent';
import { accountOf } from '../../transport/secrets';

export const description: INodeProperties[] = forOperation('chatMessage', 'confirmListMailing', [
	{
		displayName:
			'Confirming a mailing debits its cost from your account balance and sends it (at its scheduled time, if it has one). This cannot be undone.',
		name: 'debitNotice',
		type: 'notice',
		default: '',
	},
	chatMailingLocator('The mailing created by "Send to List"'),
	perItemOptions,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const messageId = readLocatorId(this, 'messageId', 'Mailing', itemIndex);
	const result = await api.one('confirmChatMessage', { message_id: messageId });
	noteSent(this, itemIndex, await accountOf(this, itemIndex), 'chatMailing', messageId);
	return [{ ...result, message_id: Number(messageId), confirmed: true }];
}
