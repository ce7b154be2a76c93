import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { defaultHint, readIdOrAccountDefault } from '../../helpers/accountDefaults';
import { readOptionalId, readPhone } from '../../helpers/fields';
import { invalidField } from '../../base/validation';
import type { ApiClient } from '../../transport/client';
import { optionsCollection } from '../common';
import { forOperation } from '../display';
import { messageFromFields, resolveMessageText } from '../shared/messageFrom';
import { phoneField } from '../shared/recipients';
import { guardSmsText, smsTextOptions } from '../../smsText/smsTextOptions';
import { doNotSendToOptions, quietHoursOptions } from '../../guards/options';
import { lateBotAnswer } from '../../guards/lateBotAnswer';
import { itemOptions, SendingGuards } from '../../guards/sendingGuards';
import { noteSent } from '../../sends/noteSent';
import { accountOf } from '../../transport/secrets';

export const FORWARDING_MIN = 5;
export const FORWARDING_MAX = 60;

export const description: INodeProperties[] = forOperation('sms', 'send', [
	{
		displayName: 'Sender Name ID',
		name: 'senderNameId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 1001',
		description: `The ID of the sender name (alphaname) the recipient sees. ${defaultHint('defaultSenderNameId')}.`,
	},
	phoneField(),
	...messageFromFields({
		placeholder: 'e.g. Your order has shipped',
		description: 'The text of the SMS',
	}),
	optionsCollection([
		{
			displayName: 'Chat Sender ID',
			name: 'chatnameId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2001',
			description:
				'The ID of the chat sender of the forwarded chat message. Only with "Forward as Chat Message If Not Delivered".',
		},
		{
			displayName: 'Forward as Chat Message If Not Delivered',
			name: 'forwarding',
			type: 'boolean',
			default: false,
			description:
				'Whether to send the text as a chat message when the SMS has not been delivered in time',
		},
		{
			displayName: 'Forward After (Minutes)',
			name: 'forwardingTime',
			type: 'number',
			typeOptions: { minValue: FORWARDING_MIN, maxValue: FORWARDING_MAX },
			default: 60,
			description: `How many minutes to wait for delivery before the chat message is sent (${FORWARDING_MIN} to ${FORWARDING_MAX}). Only with "Forward as Chat Message If Not Delivered".`,
		},
		{
			displayName: 'Show Cost',
			name: 'showCost',
			type: 'boolean',
			default: false,
			description: 'Whether to include the cost of the message in the output',
		},
		...smsTextOptions,
		...doNotSendToOptions,
		...quietHoursOptions,
	]),
]);

const NEEDS_FORWARDING =
	'it is used only when "Forward as Chat Message If Not Delivered" is on; turn that option on or remove this one';

/**
 * `text`, from Send and Wait for Response, takes the place of the message fields (it carries the
 * response link); Send and Wait has then asked the sending guards itself, before its link was made.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
	text?: string,
): Promise<IDataObject[]> {
	const phone = readPhone(this, 'phone', 'Phone', itemIndex);
	const guards = await SendingGuards.of(this, itemIndex);
	if (text === undefined) {
		const notSent = guards.check(this, itemIndex, phone) ?? lateBotAnswer(this, itemIndex, phone);
		if (notSent) return [notSent];
	}
	const alphanameId = await readIdOrAccountDefault(
		this,
		'senderNameId',
		'Sender Name ID',
		itemIndex,
		'defaultSenderNameId',
	);
	const options = itemOptions(this, itemIndex);

	const forwarding = options.forwarding === true;
	let forwardingTime: number | undefined;
	if (options.forwardingTime !== undefined) {
		forwardingTime = Number(options.forwardingTime);
		if (
			!Number.isInteger(forwardingTime) ||
			forwardingTime < FORWARDING_MIN ||
			forwardingTime > FORWARDING_MAX
		) {
			throw invalidField(
				this.getNode(),
				'Forward After (Minutes)',
				options.forwardingTime,
				`it must be a whole number of minutes from ${FORWARDING_MIN} to ${FORWARDING_MAX}`,
				itemIndex,
			);
		}
		if (!forwarding)
			throw invalidField(
				this.getNode(),
				'Forward After (Minutes)',
				options.forwardingTime,
				NEEDS_FORWARDING,
				itemIndex,
			);
	}
	const chatnameId = readOptionalId(options.chatnameId, this, 'Chat Sender ID', itemIndex);
	if (chatnameId !== undefined && !forwarding) {
		throw invalidField(
			this.getNode(),
			'Chat Sender ID',
			options.chatnameId,
			NEEDS_FORWARDING,
			itemIndex,
		);
	}

	const guarded = guardSmsText(
		this,
		text ?? (await resolveMessageText(this, api, itemIndex)),
		options,
		'Message',
		itemIndex,
	);
	const answer = await api.one('sendQuickSMS', {
		phone,
		message: guarded.text,
		alphaname_id: alphanameId,
		show_cost: options.showCost === true ? true : undefined,
		forwarding_message: forwarding ? true : undefined,
		forwarding_time: forwarding ? forwardingTime : undefined,
		chatname_id: forwarding ? chatnameId : undefined,
	});
	noteSent(this, itemIndex, await accountOf(this, itemIndex), 'sms', answer.sms_id, phone);
	return [{ ...answer, ...guarded.fields, ...guards.sentFields(phone) }];
}
