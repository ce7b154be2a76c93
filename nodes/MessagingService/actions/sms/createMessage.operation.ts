import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readOptionalId, readText } from '../../helpers/fields';
import { adjustmentFields, checkTime, hintAdjustment } from '../../helpers/sendTime';
import { serviceZone } from '../../helpers/serviceZone';
import type { ApiClient } from '../../transport/client';
import {
	collectionField,
	ONLY_VERSION_1,
	optionsCollection,
	sendAtFields,
	sendAtValue,
	timeoutOption,
} from '../common';
import { forOperation } from '../display';
import { guardSmsText, smsTextOptions } from '../../smsText/smsTextOptions';

const SEND_TIME_VERSION_1 = { name: 'time', displayName: 'Send Time' };

export const description: INodeProperties[] = forOperation('sms', 'createMessage', [
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder: 'e.g. Your table is ready',
		description:
			'The text of the SMS. The message is stored for later sending with "Send Created Message"; its ID is in the output (message_id).',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. Table ready notice',
				description: 'A name for the message, to find it later',
			},
			...sendAtFields(SEND_TIME_VERSION_1),
			{
				displayName: 'Sender Name ID',
				name: 'senderNameId',
				type: 'string',
				default: '',
				placeholder: 'e.g. 1001',
				description: 'The ID of the sender name (alphaname) the recipients see',
			},
			// version 1 showed the Timeout here; from version 2 it is in Options, as in every operation
			{ ...timeoutOption, displayOptions: ONLY_VERSION_1 },
		],
	},
	optionsCollection(smsTextOptions),
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const guarded = guardSmsText(
		this,
		readText(this, 'message', 'Message', itemIndex),
		options,
		'Message',
		itemIndex,
	);
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const name =
		typeof fields.name === 'string' && fields.name.trim() !== '' ? fields.name : undefined;
	const alphanameId = readOptionalId(fields.senderNameId, this, 'Sender Name ID', itemIndex);
	const sendAt = sendAtValue(this, SEND_TIME_VERSION_1, collectionField(fields));
	const time = checkTime(
		this,
		sendAt.value,
		sendAt.label,
		'YYYY-MM-DD HH:MM',
		itemIndex,
		await serviceZone(this, itemIndex),
	);
	hintAdjustment(this, time, sendAt.label, itemIndex);
	const answer = await api.one('createSmsMessage', {
		message: guarded.text,
		name,
		alphaname_id: alphanameId,
		time: time?.text,
	});
	return [{ ...answer, ...guarded.fields, ...adjustmentFields(time) }];
}
