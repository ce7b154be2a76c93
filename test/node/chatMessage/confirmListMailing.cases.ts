import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';
import { chatListMailing, twice } from '../../harness/badInputSetup';

const chat = (rest: INodeParameters) => caseParams('chatMessage', 'confirmListMailing', rest);

/** Chat Message > Confirm List Mailing: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Confirm List Mailing: ID with a trailing letter',
		field: 'Mailing',
		method: 'confirmChatMessage',
		parameters: chat({ messageId: V }),
		good: twice(chatListMailing),
		bad: '20000001x',
	},
] satisfies BadItemCase[];
