import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';
import { smsListMailing, twice } from '../../harness/badInputSetup';

const sms = (rest: INodeParameters) => caseParams('sms', 'confirmListMailing', rest);

/** SMS > Confirm List Mailing: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Confirm List Mailing: empty mailing ID',
		field: 'Mailing',
		method: 'confirmSendMessageByList',
		parameters: sms({ messageId: V, confirmAction: 'info' }),
		good: twice(smsListMailing),
		bad: '',
	},
	{
		name: 'Confirm List Mailing: mailing ID not a whole number',
		field: 'Mailing',
		method: 'confirmSendMessageByList',
		parameters: sms({ messageId: V, confirmAction: 'info' }),
		good: twice(smsListMailing),
		bad: '12.5',
	},
] satisfies BadItemCase[];
