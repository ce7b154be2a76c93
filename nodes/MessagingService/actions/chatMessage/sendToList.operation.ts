import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readIdOrAccountDefault } from '../../helpers/accountDefaults';
import { adjustmentFields, checkScheduleTime, hintAdjustment } from '../../helpers/sendTime';
import { serviceZone } from '../../helpers/serviceZone';
import type { ApiClient } from '../../transport/client';
import type { ApiParameters } from '../../transport/encode';
import { optionsCollection, sendAtField } from '../common';
import { forOperation } from '../display';
import { chatContentFields, chatSenderField, readChatContent } from '../shared/chatContent';
import { subscriberListField } from '../shared/recipients';
import { doNotSendToListOption, listQuietHoursOptions } from '../../guards/options';
import { refuseDoNotSendToForList, scheduleWithinQuietHours } from '../../guards/schedule';
import { itemOptions, SendingGuards } from '../../guards/sendingGuards';

export const description: INodeProperties[] = forOperation('chatMessage', 'sendToList', [
	{
		displayName:
			'The mailing is created but not sent: confirm it with the "Confirm List Mailing" operation, which debits its cost from your balance',
		name: 'confirmNotice',
		type: 'notice',
		default: '',
	},
	chatSenderField(),
	subscriberListField,
	...chatContentFields(),
	optionsCollection([
		{
			displayName: 'Mailing Name',
			name: 'mailingName',
			type: 'string',
			default: '',
			placeholder: 'e.g. Spring sale',
			description: 'A name for the mailing; the service makes one up when it is empty',
		},
		sendAtField,
		doNotSendToListOption,
		...listQuietHoursOptions,
	]),
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	refuseDoNotSendToForList(this, itemIndex);
	const chatnameId = await readIdOrAccountDefault(
		this,
		'chatnameId',
		'Chat Sender ID',
		itemIndex,
		'defaultChatnameId',
	);
	const listId = await readIdOrAccountDefault(
		this,
		'listId',
		'Subscriber List ID',
		itemIndex,
		'defaultListId',
	);
	const options = itemOptions(this, itemIndex);

	const parameters: ApiParameters = { chatname_id: chatnameId, list_id: listId };
	const name = typeof options.mailingName === 'string' ? options.mailingName.trim() : '';
	if (name !== '') parameters.name = name;
	const asked = checkScheduleTime(
		this,
		options[sendAtField.name],
		sendAtField.displayName,
		'YYYY-MM-DD HH:MM',
		itemIndex,
		await serviceZone(this, itemIndex),
	);
	const guards = await SendingGuards.of(this, itemIndex);
	const quiet = guards.hasQuietHours
		? scheduleWithinQuietHours(
				guards,
				asked,
				'YYYY-MM-DD HH:MM',
				guards.zoneOf(this, itemIndex),
				Date.now(),
			)
		: { schedule: asked, fields: adjustmentFields(asked) };
	hintAdjustment(this, quiet.schedule, sendAtField.displayName, itemIndex);
	if (quiet.schedule !== undefined) parameters.d_schedule = quiet.schedule.text;
	const content = await readChatContent(this, api, itemIndex);

	const result = await api.one('sendChatMessageList', { ...parameters, ...content });
	return [{ ...result, confirmed: false, ...quiet.fields }];
}
