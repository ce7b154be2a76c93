import type { INodeParameters } from 'n8n-workflow';

import {
	ITEM_VALUE as V,
	caseParams,
	type BadItemCase,
	type BadSettingCase,
} from '../../harness/badInputCase';

/** A list mailing whose text names its item's phone: a request for item 1 would carry its phone. */
const toList = (rest: INodeParameters) =>
	caseParams('chatMessage', 'sendToList', { message: '={{ "for " + $json.phone }}', ...rest });

/** Chat Message > Send to List: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Send to List: list ID with letters',
		field: 'Subscriber List ID',
		method: 'sendChatMessageList',
		parameters: toList({ listId: V }),
		good: (e) => e.account.listIds.slice(0, 2).map(String),
		bad: 'Customers',
	},
	{
		name: 'Send to List: send at in words',
		field: 'Send At',
		method: 'sendChatMessageList',
		parameters: toList({ options: { sendAt: V } }),
		good: () => ['2026-04-01T10:00:00', '2026-04-02T10:00:00'],
		bad: 'next tuesday',
	},
	...['2026-02-30 25:61', '2026-13-45'].map((date) => ({
		name: `Send to List: impossible send time "${date}"`,
		field: 'Send At',
		method: 'sendChatMessageList',
		parameters: toList({ options: { sendAt: V } }),
		good: () => ['2026-04-01T10:00:00', '2026-04-02T10:00:00'],
		bad: date,
	})),
] satisfies BadItemCase[];

/** Chat Message > Send to List: a list mailing cannot be filtered, so Do Not Send To refuses it (the service holds its recipients). */
export const badSettings = [
	{
		name: 'Send to List: Do Not Send To on a chat list mailing',
		field: 'Do Not Send To',
		parameters: toList({ options: { doNotSendTo: '={{ ["+375291000005"] }}' } }),
		says: [/a list mailing cannot be filtered/],
	},
] satisfies BadSettingCase[];
