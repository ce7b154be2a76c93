import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readIdOrAccountDefault } from '../../helpers/accountDefaults';
import { readPhone } from '../../helpers/fields';
import { invalidField } from '../../base/validation';
import type { ApiClient } from '../../transport/client';
import type { ApiParameters } from '../../transport/encode';
import { optionsCollection } from '../common';
import { forOperation } from '../display';
import {
	chatContentFields,
	chatSenderField,
	readChatContent,
	type ResponseContent,
} from '../shared/chatContent';
import { phoneField } from '../shared/recipients';
import { doNotSendToOptions, quietHoursOptions } from '../../guards/options';
import { lateBotAnswer } from '../../guards/lateBotAnswer';
import { itemOptions, SendingGuards } from '../../guards/sendingGuards';
import { accountOf } from '../../transport/secrets';
import { noteSent } from '../../sends/noteSent';

export const FORWARDING_MIN = 5;
export const FORWARDING_MAX = 60;

export const description: INodeProperties[] = forOperation('chatMessage', 'send', [
	chatSenderField(),
	phoneField(),
	...chatContentFields(),
	optionsCollection([
		{
			displayName: 'Forward as SMS If Not Delivered',
			name: 'forwardAsSms',
			type: 'boolean',
			default: false,
			description:
				'Whether to send the message as an SMS when it has not been delivered in the chat app in time',
		},
		{
			displayName: 'Forward After (Minutes)',
			name: 'forwardingTime',
			type: 'number',
			typeOptions: { minValue: FORWARDING_MIN, maxValue: FORWARDING_MAX },
			default: 60,
			description: `How many minutes to wait for delivery before the SMS is sent (${FORWARDING_MIN} to ${FORWARDING_MAX}). Only with "Forward as SMS If Not Delivered".`,
		},
		{
			displayName: 'Sender Name ID',
			name: 'senderNameId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 1001',
			description:
				'The ID of the sender name (alphaname) of the forwarded SMS. Only with "Forward as SMS If Not Delivered". Leave empty for the service\'s default sender name.',
		},
		...doNotSendToOptions,
		...quietHoursOptions,
	]),
]);

function forwardingParameters(context: IExecuteFunctions, itemIndex: number): ApiParameters {
	const options = itemOptions(context, itemIndex);
	const enabled = options.forwardAsSms === true;
	const time = options.forwardingTime;
	const sender = options.senderNameId === undefined ? '' : String(options.senderNameId).trim();
	if (!enabled) {
		if (time !== undefined || sender !== '') {
			const field = time !== undefined ? 'Forward After (Minutes)' : 'Sender Name ID';
			throw invalidField(
				context.getNode(),
				field,
				time ?? sender,
				'it is used only when "Forward as SMS If Not Delivered" is on; turn that option on or remove this one',
				itemIndex,
			);
		}
		return {};
	}
	const parameters: ApiParameters = { forwarding_message: 1 };
	if (time !== undefined) {
		const minutes = Number(time);
		if (!Number.isInteger(minutes) || minutes < FORWARDING_MIN || minutes > FORWARDING_MAX) {
			throw invalidField(
				context.getNode(),
				'Forward After (Minutes)',
				time,
				`a whole number of minutes from ${FORWARDING_MIN} to ${FORWARDING_MAX}`,
				itemIndex,
			);
		}
		parameters.forwarding_time = minutes;
	}
	if (sender !== '') {
		if (!/^\d{1,15}$/.test(sender)) {
			throw invalidField(
				context.getNode(),
				'Sender Name ID',
				sender,
				'a sender name ID is a whole number, e.g. 1001',
				itemIndex,
			);
		}
		parameters.alphaname_id = sender;
	}
	return parameters;
}

/**
 * `response`, from Send and Wait for Response, takes the place of the text or the button link (it
 * carries the response link); Send and Wait has then asked the sending guards itself.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
	response?: ResponseContent,
): Promise<IDataObject[]> {
	const chatnameId = await readIdOrAccountDefault(
		this,
		'chatnameId',
		'Chat Sender ID',
		itemIndex,
		'defaultChatnameId',
	);
	const phone = readPhone(this, 'phone', 'Phone', itemIndex);
	const guards = await SendingGuards.of(this, itemIndex);
	if (response === undefined) {
		const notSent = guards.check(this, itemIndex, phone) ?? lateBotAnswer(this, itemIndex, phone);
		if (notSent) return [notSent];
	}
	const forwarding = forwardingParameters(this, itemIndex);
	const content = await readChatContent(this, api, itemIndex, response);

	const result = await api.one('sendQuickChatMessage', {
		chatname_id: chatnameId,
		phone,
		...content,
		...forwarding,
	});
	// a Chat Trigger then knows the answer's conversation without a request (sends/README.md)
	noteSent(
		this,
		itemIndex,
		await accountOf(this, itemIndex),
		'chatMessage',
		result.message_id,
		phone,
	);
	return [{ ...result, ...guards.sentFields(phone) }];
}
