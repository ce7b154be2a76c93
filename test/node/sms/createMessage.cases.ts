import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';

const sms = (rest: INodeParameters) => caseParams('sms', 'createMessage', rest);

/** SMS > Create Message: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Create Message: empty message',
		field: 'Message',
		method: 'createSmsMessage',
		parameters: sms({ message: V }),
		good: () => ['Stored 1', 'Stored 2'],
		bad: '',
	},
	{
		name: 'Create Message: send time in words',
		field: 'Send At',
		method: 'createSmsMessage',
		parameters: sms({ message: 'Hi', additionalFields: { sendAt: V } }),
		good: () => ['2026-03-05T10:30:00', '2026-03-05T10:30:00.000Z'],
		bad: 'next monday',
	},
] satisfies BadItemCase[];
