import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';
import { deliveredSmsMessage, twice } from '../../harness/badInputSetup';

const sms = (rest: INodeParameters) => caseParams('sms', 'getManyDeliveries', rest);

/** SMS > Get Many Deliveries: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Get Many Deliveries: ID with a hash',
		field: 'Message or Mailing',
		method: 'getSmsDeliveryList',
		requests: [
			'getSmsDeliveryList',
			'getSmsDeliveryList',
			'getSmsDeliveryList',
			'getSmsDeliveryList',
		],
		parameters: sms({ messageOrMailingId: V, returnAll: true }),
		good: twice(deliveredSmsMessage),
		bad: '#10000001',
	},
] satisfies BadItemCase[];
