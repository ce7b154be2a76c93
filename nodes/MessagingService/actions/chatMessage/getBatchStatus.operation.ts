import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidField } from '../../helpers/validation';
import type { ApiClient } from '../../transport/client';
import { forOperation } from '../display';
import { UUID_PATTERN, batchStatusOutputField, batchStatusRecords } from './batchStatus';

export const description: INodeProperties[] = forOperation('chatMessage', 'getBatchStatus', [
	{
		displayName: 'Batch UUID',
		name: 'uuid',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 3f2b8c1e-5d4a-4c2e-9b7f-1a2b3c4d5e6f',
		description: 'The uuid returned by "Send Batch"',
	},
	batchStatusOutputField(),
]);

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ApiClient): Promise<IDataObject[]> {
	const value = this.getNodeParameter('uuid', itemIndex, '') as string;
	const uuid = String(value ?? '').trim();
	if (!UUID_PATTERN.test(uuid)) {
		throw invalidField(this.getNode(), 'Batch UUID', value, 'the uuid returned by "Send Batch", e.g. 3f2b8c1e-5d4a-4c2e-9b7f-1a2b3c4d5e6f', itemIndex);
	}
	const output = this.getNodeParameter('output', itemIndex, 'mailings') as string;
	const entries = await api.many('statusBulkChat', { uuid });
	return batchStatusRecords(uuid, entries, output);
}
