import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';
import { chatBatch, twice } from '../../harness/badInputSetup';

const chat = (rest: INodeParameters) => caseParams('chatMessage', 'getBatchStatus', rest);

/** Chat Message > Get Batch Status: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Get Batch Status: not a UUID',
		field: 'Batch UUID',
		method: 'statusBulkChat',
		parameters: chat({ uuid: V }),
		good: twice(async (e) => await chatBatch(e)),
		bad: 'batch-42',
	},
] satisfies BadItemCase[];
