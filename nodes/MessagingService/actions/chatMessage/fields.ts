import type { IDataObject } from 'n8n-workflow';

import { serviceTimeToIso } from '../../helpers/dates';

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
