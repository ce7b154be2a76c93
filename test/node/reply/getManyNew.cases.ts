import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';
import { answeredMailing, twice } from '../../harness/badInputSetup';

const reply = (rest: INodeParameters) => caseParams('reply', 'getManyNew', rest);

/** Reply > Get Many New: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Get Many New: mailing ID in words',
		field: 'Mailing',
		method: 'getNewIncomingMessages',
		parameters: reply({ messageId: V }),
		good: twice(answeredMailing),
		bad: 'last mailing',
		says: [/: choose one from the list, or enter its ID: a whole number of up to 15 digits$/],
	},
] satisfies BadItemCase[];
