import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';
import { chatMailing, twice } from '../../harness/badInputSetup';

const chat = (rest: INodeParameters) => caseParams('chatMessage', 'getManyDeliveries', rest);

/** Chat Message > Get Many Deliveries: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Get Many Deliveries: ID with a minus',
		field: 'Mailing',
		method: 'getChatDeliveryList',
		parameters: chat({ messageId: V, returnAll: true }),
		good: twice(chatMailing),
		bad: '-20000001',
	},
] satisfies BadItemCase[];
