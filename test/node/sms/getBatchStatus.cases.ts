import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';
import { smsBatch, twice } from '../../harness/badInputSetup';

const sms = (rest: INodeParameters) => caseParams('sms', 'getBatchStatus', rest);

/** SMS > Get Batch Status: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Get Batch Status: not a UUID',
		field: 'Batch UUID',
		method: 'statusBulkSms',
		parameters: sms({ uuid: V }),
		good: twice(async (e) => await smsBatch(e)),
		bad: 'batch-1',
	},
	{
		name: 'Get Batch Status: UUID cut short',
		field: 'Batch UUID',
		method: 'statusBulkSms',
		parameters: sms({ uuid: V }),
		good: twice(async (e) => await smsBatch(e)),
		bad: '3f2b8c1e-5d7a-4e9b-9c1f',
	},
] satisfies BadItemCase[];
