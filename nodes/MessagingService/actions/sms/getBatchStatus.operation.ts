import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/client';
import { forOperation } from '../display';
import { batchStatusFields, batchStatusOutput, readBatchUuid } from '../shared/batchStatus';

export const description: INodeProperties[] = forOperation(
	'sms',
	'getBatchStatus',
	batchStatusFields('Send Batch'),
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const uuid = readBatchUuid(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const output = options.output === 'delivery' ? 'delivery' : 'mailing';
	return batchStatusOutput(await api.many('statusBulkSms', { uuid }), output);
}
