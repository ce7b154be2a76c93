import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, type BadItemCases } from './badInputCase';
import { answeredMailing, twice, unreadReply } from './badInputSetup';
import { TEST_API_KEY } from './keys';
import { params, type AccountIds } from './params';

const reply = (operation: string, rest: INodeParameters) => (account: AccountIds) => params(account, 'reply', operation, rest);

/** The bad-input cases of the Reply operations; reply IDs are strings in the spec: letters are allowed, other signs are not. */
export const replyBadItemCases = {
	getManyNew: [
		{ name: 'Get Many New: mailing ID in words', field: 'Mailing', method: 'getNewIncomingMessages', parameters: reply('getManyNew', { messageId: V }), good: twice(answeredMailing), bad: 'last mailing' },
	],
	markAsRead: [
		{ name: 'Mark as Read: reply ID with a hash', field: 'Reply IDs', method: 'readResponseStatus', parameters: reply('markAsRead', { replyIds: V }), good: twice(unreadReply), bad: '#40000001' },
		{ name: 'Mark as Read: only commas', field: 'Reply IDs', method: 'readResponseStatus', parameters: reply('markAsRead', { replyIds: V }), good: twice(unreadReply), bad: ', ,' },
		{ name: 'Mark as Read, all items in one request: one bad item', field: 'Reply IDs', method: 'readResponseStatus', requests: ['readResponseStatus'], parameters: reply('markAsRead', { replyIds: V, options: { combineItems: true } }), good: twice(unreadReply), bad: '40000001;x!' },
		// the bare key would pass as a reply ID and go to the service it belongs to; pasted with a sign it is refused, unshown
		{ name: 'Mark as Read: the API key pasted into Reply IDs', field: 'Reply IDs', method: 'readResponseStatus', parameters: reply('markAsRead', { replyIds: V }), good: twice(unreadReply), bad: `${TEST_API_KEY}!`, keyAsValue: true },
	],
} satisfies BadItemCases;
