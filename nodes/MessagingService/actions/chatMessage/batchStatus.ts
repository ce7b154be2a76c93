import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { serviceTimeToIso } from '../../helpers/dates';

/** UUIDs as the batch methods return them. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function batchStatusOutputField(): INodeProperties {
	return {
		displayName: 'Output',
		name: 'output',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'One Item per Mailing',
				value: 'mailings',
				description: 'Each mailing of the batch with its list of deliveries',
			},
			{
				name: 'One Item per Delivery',
				value: 'deliveries',
				description: 'Each recipient of each mailing, with the mailing it belongs to',
			},
		],
		default: 'mailings',
	};
}

function errorRecord(uuid: string, entry: IDataObject): IDataObject {
	const errors = Array.isArray(entry.errors) ? entry.errors.map(String) : [String(entry.errors)];
	return { uuid, failed: true, errors, errorMessage: `The mailing was not sent: ${errors.join('; ')}` };
}

/**
 * The status array of `statusBulkChat` / `statusBulkSms` as output records: one per mailing, or
 * one per delivery entry. A failed mailing (an `{errors: [...]}` entry) is one record with
 * `failed: true` and its reasons, in both forms.
 */
export function batchStatusRecords(uuid: string, entries: IDataObject[], output: string): IDataObject[] {
	const records: IDataObject[] = [];
	for (const entry of entries) {
		if (entry.errors !== undefined) {
			records.push(errorRecord(uuid, entry));
			continue;
		}
		const deliveries = (Array.isArray(entry.success) ? entry.success : []) as IDataObject[];
		const mailing = { ...entry };
		delete mailing.success;
		if (output === 'deliveries') {
			for (const delivery of deliveries) {
				const statusTime = serviceTimeToIso(delivery.status_time);
				records.push({ uuid, ...mailing, failed: false, ...delivery, ...(statusTime ? { statusTimeIso: statusTime } : {}) });
			}
		} else {
			const delivered = deliveries.filter((delivery) => delivery.status === 'DELIVERED').length;
			records.push({ uuid, ...mailing, failed: false, recipients: deliveries.length, delivered, deliveries });
		}
	}
	return records;
}
