import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';
import { sentSms, twice } from '../../harness/badInputSetup';

const sms = (rest: INodeParameters) => caseParams('sms', 'getStatus', rest);

/** SMS > Get Status: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Get Status: SMS ID with letters',
		field: 'SMS ID',
		method: 'checkSMS',
		parameters: sms({ smsId: V }),
		good: twice(sentSms),
		bad: 'sms-30000001',
	},
	{
		name: 'Get Status: negative SMS ID',
		field: 'SMS ID',
		method: 'checkSMS',
		parameters: sms({ smsId: V }),
		good: twice(sentSms),
		bad: '-30000001',
	},
] satisfies BadItemCase[];
