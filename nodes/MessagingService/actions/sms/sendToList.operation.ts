import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { defaultHint, readIdOrAccountDefault } from '../../helpers/accountDefaults';
import { readText } from '../../helpers/fields';
import {
	adjustmentFields,
	checkScheduleTime,
	hintAdjustment,
	nowAsServiceTime,
} from '../../helpers/sendTime';
import { serviceZone } from '../../helpers/serviceZone';
import type { ApiClient } from '../../transport/client';
import { optionsCollection, sendAtFields, sendAtValue } from '../common';
import { forOperation } from '../display';
import { messageFromFields, resolveMessageText } from '../shared/messageFrom';
import { subscriberListField } from '../shared/recipients';
import { guardSmsText, smsTextOptions } from '../../smsText/smsTextOptions';
import { doNotSendToListOption, listQuietHoursOptions } from '../../guards/options';
import { refuseDoNotSendToForList, scheduleWithinQuietHours } from '../../guards/schedule';
import { itemOptions, SendingGuards } from '../../guards/sendingGuards';

const SEND_TIME_VERSION_1 = { name: 'sendTime', displayName: 'Send Time' };

export const description: INodeProperties[] = forOperation('sms', 'sendToList', [
	{
		displayName:
			'The mailing is created but not sent: confirm it with the "Confirm List Mailing" operation, which debits its cost from your balance',
		name: 'confirmNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Sender Name ID',
		name: 'senderNameId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 1001',
		description: `The ID of the sender name (alphaname) the recipients see. ${defaultHint('defaultSenderNameId')}.`,
	},
	subscriberListField,
	{
		displayName: 'Mailing Name',
		name: 'mailingName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. March newsletter',
		description: 'The name of the mailing',
	},
	...messageFromFields({
		placeholder: 'e.g. Our March offers are here',
		description: 'The text of the SMS',
	}),
	...sendAtFields(SEND_TIME_VERSION_1),
	optionsCollection([...smsTextOptions, doNotSendToListOption, ...listQuietHoursOptions]),
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	refuseDoNotSendToForList(this, itemIndex);
	const alphanameId = await readIdOrAccountDefault(
		this,
		'senderNameId',
		'Sender Name ID',
		itemIndex,
		'defaultSenderNameId',
	);
	const listId = await readIdOrAccountDefault(
		this,
		'listId',
		'Subscriber List ID',
		itemIndex,
		'defaultListId',
	);
	const name = readText(this, 'mailingName', 'Mailing Name', itemIndex);
	const zone = await serviceZone(this, itemIndex);
	const sendAt = sendAtValue(this, SEND_TIME_VERSION_1, (name) =>
		this.getNodeParameter(name, itemIndex, ''),
	);
	const nowMs = Date.now();
	const asked =
		checkScheduleTime(this, sendAt.value, sendAt.label, 'YYYY-MM-DD HH:MM', itemIndex, zone) ??
		nowAsServiceTime(nowMs, 'YYYY-MM-DD HH:MM', zone);
	const guards = await SendingGuards.of(this, itemIndex);
	const quiet = guards.hasQuietHours
		? scheduleWithinQuietHours(
				guards,
				asked,
				'YYYY-MM-DD HH:MM',
				guards.zoneOf(this, itemIndex),
				nowMs,
			)
		: { schedule: asked, fields: adjustmentFields(asked) };
	hintAdjustment(this, quiet.schedule, sendAt.label, itemIndex);
	const schedule = quiet.schedule?.text;
	const options = itemOptions(this, itemIndex);
	const guarded = guardSmsText(
		this,
		await resolveMessageText(this, api, itemIndex),
		options,
		'Message',
		itemIndex,
	);
	const answer = await api.one('sendSmsList', {
		list_id: listId,
		name,
		message: guarded.text,
		alphaname_id: alphanameId,
		d_schedule: schedule,
	});
	return [
		{
			...answer,
			...guarded.fields,
			...quiet.fields,
			...(guards.active ? { scheduledFor: schedule } : {}),
		},
	];
}
