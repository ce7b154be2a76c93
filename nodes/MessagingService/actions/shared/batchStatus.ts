/**
 * The status of a batch (`statusBulkSms`, `statusBulkChat`): the fields of the status
 * operations, and the status array as output records, error entries included.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidField } from '../../base/validation';
import { optionsCollection } from '../common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The fields of a batch status operation (wrap them with `forOperation`). */
export function batchStatusFields(sendOperation: string): INodeProperties[] {
	return [
		{
			displayName: 'Batch UUID',
			name: 'uuid',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 3f2b8c1e-5d4a-4b7e-9c61-2a8f0d9e7b35',
			description: `The UUID the service returned for the batch (uuid in the output of "${sendOperation}")`,
			hint: 'Right after the send node, {{ $json.uuid }} gives it',
		},
		optionsCollection(
			[
				{
					displayName: 'Output',
					name: 'output',
					type: 'options',
					options: [
						{
							name: 'One Item per Mailing',
							value: 'mailing',
							description: 'Each mailing of the batch with its list of deliveries',
						},
						{
							name: 'One Item per Delivery',
							value: 'delivery',
							description: 'Each recipient of each mailing, with the mailing ID and name',
						},
					],
					default: 'mailing',
				},
			],
			{ concurrency: false },
		),
	];
}

/** Reads and checks the Batch UUID field. */
export function readBatchUuid(context: IExecuteFunctions, itemIndex: number): string {
	const value = context.getNodeParameter('uuid', itemIndex, '');
	const uuid = typeof value === 'string' ? value.trim() : '';
	if (!UUID.test(uuid)) {
		throw invalidField(
			context.getNode(),
			'Batch UUID',
			value,
			'it must be the UUID returned by the batch send, e.g. 3f2b8c1e-5d7a-4e9b-9c1f-2a6d8e4b7c90',
			itemIndex,
		);
	}
	return uuid;
}

/**
 * The status array as output records. A mailing result stays as the service gave it (or becomes
 * one record per delivery entry, with the mailing's `message_id`, `name` and `alphaname_id`).
 * An error entry `{errors: [...]}` becomes `{failed: true, error, errors}`: the error texts start
 * with the mailing name, as the service wrote them. Nothing is dropped.
 */
export function batchStatusOutput(
	records: IDataObject[],
	output: 'mailing' | 'delivery',
): IDataObject[] {
	return records.flatMap((record): IDataObject[] => {
		if (Array.isArray(record.errors)) {
			const errors = record.errors.map(String);
			return [
				{
					failed: true,
					error: `The service did not send this mailing: ${errors.join('; ')}`,
					errors,
				},
			];
		}
		if (output === 'mailing') return [record];
		const { success, ...mailing } = record;
		const deliveries = Array.isArray(success) ? (success as IDataObject[]) : [];
		if (deliveries.length === 0) return [mailing];
		return deliveries.map((delivery) => ({
			message_id: mailing.message_id,
			name: mailing.name,
			alphaname_id: mailing.alphaname_id,
			...delivery,
		}));
	});
}
