import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { unixToIso } from '../../helpers/dates';
import { readId } from '../../helpers/fields';
import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';

export const description: INodeProperties[] = forOperation('sms', 'getStatus', [
	{
		displayName: 'SMS ID',
		name: 'smsId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 30000001',
		hint: 'Right after the send node, {{ $json.sms_id }} gives it',
		description:
			'The ID of a sent SMS or verification code (sms_id in the output of a send). The output gives the sent and delivered times, also as ISO dates (sentAt, deliveredAt; empty while not yet).',
	},
	perItemOptions,
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const smsId = readId(this, 'smsId', 'SMS ID', itemIndex);
	const answer = await api.one('checkSMS', { sms_id: smsId });
	return [
		{
			...answer,
			sentAt: unixToIso(answer.sent) ?? null,
			deliveredAt: unixToIso(answer.delivered) ?? null,
		},
	];
}
