import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';
import { createdSmsMessage, twice } from '../../harness/badInputSetup';

const sms = (rest: INodeParameters) => caseParams('sms', 'sendCreatedMessage', rest);

/** SMS > Send Created Message: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Send Created Message: message ID with letters',
		field: 'Created Message',
		method: 'sendSMS',
		parameters: sms({ createdMessageId: V, phone: '375291000001' }),
		good: twice(async (e, i) => await createdSmsMessage(e, `c${i}`)),
		bad: 'msg-1',
	},
	{
		name: 'Send Created Message: bad phone',
		field: 'Phone',
		method: 'sendSMS',
		parameters: sms({ createdMessageId: '={{ $json.id }}', phone: V }),
		itemJson: async (emulator) => ({ id: await createdSmsMessage(emulator, 'Stored') }),
		good: () => ['375291000001', '375291000003'],
		bad: '+375-29',
	},
] satisfies BadItemCase[];
