import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';
import { chatMailing, twice } from '../../harness/badInputSetup';

const chat = (rest: INodeParameters) => caseParams('chatMessage', 'getMailing', rest);

/** Chat Message > Get Mailing: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Get Mailing: empty ID',
		field: 'Mailing',
		method: 'getChatMessageData',
		parameters: chat({ messageId: V }),
		good: twice(chatMailing),
		bad: '',
	},
	{
		name: 'Get Mailing: ID that is not a number',
		field: 'Mailing',
		method: 'getChatMessageData',
		parameters: chat({ messageId: V }),
		good: twice(chatMailing),
		bad: 'abc',
	},
] satisfies BadItemCase[];
