import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';
import { chatMailing, twice } from '../../harness/badInputSetup';

const chat = (rest: INodeParameters) => caseParams('chatMessage', 'getDeliveryStatus', rest);

/** Chat Message > Get Delivery Status: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Get Delivery Status: ID of 16 digits',
		field: 'Mailing',
		method: 'getChatDeliveryData',
		parameters: chat({ messageId: V }),
		good: twice(chatMailing),
		bad: '2000000100000001',
	},
] satisfies BadItemCase[];
