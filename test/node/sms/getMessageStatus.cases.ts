import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';
import { createdSmsMessage, twice } from '../../harness/badInputSetup';

const sms = (rest: INodeParameters) => caseParams('sms', 'getMessageStatus', rest);

/** SMS > Get Message Status: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Get Message Status: created message ID with letters',
		field: 'Created Message',
		method: 'checkSMSMessageStatus',
		parameters: sms({ createdMessageId: V }),
		good: twice(async (e, i) => await createdSmsMessage(e, `m${i}`)),
		bad: 'msg-1',
	},
	{
		name: 'Get Message Status: ID in exponent form',
		field: 'Created Message',
		method: 'checkSMSMessageStatus',
		parameters: sms({ createdMessageId: V }),
		good: twice(async (e, i) => await createdSmsMessage(e, `m${i}`)),
		bad: '1e7',
	},
] satisfies BadItemCase[];
