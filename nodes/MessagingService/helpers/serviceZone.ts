import type { IExecuteFunctions, IPollFunctions, ITriggerFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readCredential } from '../transport/request';
import { isTimeZone } from '../base/serviceTime';

/**
 * The time zone of the service's times (they carry none): the credential's Service Time Zone,
 * or, when it is empty, the workflow's time zone (the behaviour before the setting existed).
 */
export async function serviceZone(
	context: IExecuteFunctions | IPollFunctions | ITriggerFunctions,
	itemIndex?: number,
): Promise<string> {
	const credentials = await readCredential(context, itemIndex);
	const configured =
		typeof credentials.serviceTimeZone === 'string' ? credentials.serviceTimeZone.trim() : '';
	if (configured === '') return context.getTimezone();
	if (!isTimeZone(configured)) {
		throw new NodeOperationError(
			context.getNode(),
			`Invalid Service Time Zone: "${configured}" is not a time zone name`,
			{
				description:
					"Enter an IANA time zone name in the credential, e.g. Europe/Minsk or UTC, or leave it empty for the workflow's time zone.",
				...(itemIndex !== undefined ? { itemIndex } : {}),
			},
		);
	}
	return configured;
}
