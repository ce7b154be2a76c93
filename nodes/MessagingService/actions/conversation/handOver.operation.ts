import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { newHandoffChange } from '../../handoff/change';
import { isWellFormedText, UNICODE_RULE } from '../../base/unicode';
import { invalidField } from '../../base/validation';
import type { ApiClient } from '../../transport/client';
import { optionsCollection } from '../common';
import { forOperation } from '../display';
import {
	chatSenderOfMessage,
	conversationPhoneField,
	messageToCustomerField,
	readConversationPhone,
	readMessageToCustomer,
	requireKnownConversation,
	sendToCustomer,
} from './fields';
import { publishChange } from '../../handoff/publish';

export const MAX_MINUTES_MIN = 1;
/** 30 days */
export const MAX_MINUTES_MAX = 43_200;
export const REASON_MAX_LENGTH = 1000;
const MINUTE_MS = 60_000;

export const description: INodeProperties[] = forOperation('conversation', 'handOver', [
	chatSenderOfMessage,
	conversationPhoneField,
	{
		displayName: 'Reason',
		name: 'reason',
		type: 'string',
		default: '',
		placeholder: 'e.g. The customer asks for a refund above 100 EUR',
		description:
			'Why a person takes the conversation over, in one sentence; the person and the To Person output of the Chat Trigger see it. For an AI Agent: {{ $fromAI("reason", "why the customer needs a person") }}.',
	},
	{
		displayName: 'For at Most (Minutes)',
		name: 'maxMinutes',
		type: 'number',
		typeOptions: { minValue: MAX_MINUTES_MIN, maxValue: MAX_MINUTES_MAX },
		default: 1440,
		description: `The latest the conversation goes back to the bot, in minutes after the hand-over (${MAX_MINUTES_MIN} to 43,200, which is 30 days)`,
	},
	{
		displayName: 'Hand Back After Person Is Silent For (Minutes)',
		name: 'silenceMinutes',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: MAX_MINUTES_MAX },
		default: 0,
		description:
			'The conversation goes back to the bot when the person has sent the customer nothing for this long (every chat message the account sends to the phone counts). 0: off.',
	},
	messageToCustomerField('A colleague will answer you shortly'),
	optionsCollection([], { concurrency: false }),
]);

function readMinutes(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	min: number,
	fallback: number,
): number {
	const value = context.getNodeParameter(name, itemIndex, fallback);
	const minutes = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (
		typeof minutes !== 'number' ||
		!Number.isInteger(minutes) ||
		minutes < min ||
		minutes > MAX_MINUTES_MAX
	) {
		throw invalidField(
			context.getNode(),
			label,
			value,
			`a whole number of minutes from ${min} to 43,200 (30 days)`,
			itemIndex,
		);
	}
	return minutes;
}

function readReason(context: IExecuteFunctions, itemIndex: number): string {
	const value = context.getNodeParameter('reason', itemIndex, '');
	if (value === undefined || value === null) return '';
	if (typeof value !== 'string' && typeof value !== 'number') {
		throw invalidField(context.getNode(), 'Reason', value, 'the reason must be text', itemIndex);
	}
	const reason = String(value).trim();
	if (!isWellFormedText(reason))
		throw invalidField(context.getNode(), 'Reason', value, UNICODE_RULE, itemIndex);
	if (reason.length > REASON_MAX_LENGTH) {
		throw invalidField(
			context.getNode(),
			'Reason',
			value,
			`at most ${REASON_MAX_LENGTH} characters; say it in one sentence`,
			itemIndex,
		);
	}
	return reason;
}

/**
 * Hand Over to Person: every field is checked, then the message (if any) goes to the customer,
 * then the change is made. Sent before the change, the message is never held back by the late bot
 * answer guard of its own turn; a message that fails makes no change.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const conversation = readConversationPhone(this, itemIndex);
	const { phone } = conversation;
	const reason = readReason(this, itemIndex);
	const maxMinutes = readMinutes(
		this,
		itemIndex,
		'maxMinutes',
		'For at Most (Minutes)',
		MAX_MINUTES_MIN,
		1440,
	);
	const silenceMinutes = readMinutes(
		this,
		itemIndex,
		'silenceMinutes',
		'Hand Back After Person Is Silent For (Minutes)',
		0,
		0,
	);
	const message = readMessageToCustomer(this, itemIndex);
	requireKnownConversation(this, itemIndex, conversation);

	const sent = await sendToCustomer(this, itemIndex, api, message);
	const at = Date.now();
	const change = newHandoffChange({
		phone,
		to: 'person',
		reason,
		untilMs: at + maxMinutes * MINUTE_MS,
		silenceMs: silenceMinutes * MINUTE_MS,
		at,
	});
	return [publishChange(this, itemIndex, change, sent)];
}
