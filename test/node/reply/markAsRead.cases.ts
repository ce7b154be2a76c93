import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';
import { twice, unreadReply } from '../../harness/badInputSetup';
import { TEST_API_KEY } from '../../harness/keys';

const reply = (rest: INodeParameters) => caseParams('reply', 'markAsRead', rest);

/** Reply > Mark as Read; reply IDs are strings in the spec: letters are allowed, other signs are not. Item 1 of three is bad, refused before any request. */
export const badItems = [
	{
		name: 'Mark as Read: reply ID with a hash',
		field: 'Reply IDs',
		method: 'readResponseStatus',
		parameters: reply({ replyIds: V }),
		good: twice(unreadReply),
		bad: '#40000001',
	},
	{
		name: 'Mark as Read: only commas',
		field: 'Reply IDs',
		method: 'readResponseStatus',
		parameters: reply({ replyIds: V }),
		good: twice(unreadReply),
		bad: ', ,',
	},
	{
		name: 'Mark as Read, all items in one request: one bad item',
		field: 'Reply IDs',
		method: 'readResponseStatus',
		requests: ['readResponseStatus'],
		parameters: reply({ replyIds: V, options: { combineItems: true } }),
		good: twice(unreadReply),
		bad: '40000001;x!',
	},
	// the bare key would pass as a reply ID and go to the service it belongs to; pasted with a sign it is refused, unshown
	{
		name: 'Mark as Read: the API key pasted into Reply IDs',
		field: 'Reply IDs',
		method: 'readResponseStatus',
		parameters: reply({ replyIds: V }),
		good: twice(unreadReply),
		bad: `${TEST_API_KEY}!`,
		keyAsValue: true,
	},
	// a list from an expression, one of whose IDs holds a comma
	{
		name: 'Mark as Read: a reply ID that holds a comma',
		field: 'Reply IDs',
		method: 'readResponseStatus',
		parameters: reply({ replyIds: V }),
		good: twice(unreadReply),
		bad: ['40000001', '40000002,40000003'],
		says: [/: the ID "40000002,40000003" holds a comma/],
	},
] satisfies BadItemCase[];
