import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { serviceTimeToIso } from '../../helpers/dates';

export const MAILING_ID_RULE = 'a mailing ID is a whole number, e.g. 20000001';

/** The `message_id` of a chat mailing or of a single chat message. */
export function mailingIdField(description: string): INodeProperties {
	return {
		displayName: 'Message ID',
		name: 'messageId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 20000001',
		description,
	};
}

/** A chat mailing record with ISO dates next to the service's times. */
export function withMailingDates(record: IDataObject): IDataObject {
	const createdAt = serviceTimeToIso(record.d_create);
	const scheduledAt = serviceTimeToIso(record.d_schedule);
	return {
		...record,
		...(createdAt ? { createdAt } : {}),
		...(scheduledAt ? { scheduledAt } : {}),
	};
}
