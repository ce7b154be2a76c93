import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { defaultHint } from '../../helpers/accountDefaults';
import { checkPhone } from '../../helpers/fields';
import { invalidField } from '../../base/validation';
import type { ApiClient } from '../../transport/client';
import { chatSenderField } from '../shared/chatContent';
import { phoneField } from '../shared/recipients';
import * as chatSend from '../chatMessage/send.operation';
import { phonesOfExecutionTurn } from '../../handoff/executionTurn';
import { workflowOf } from '../../handoff/publish';
import { conversationStateOf } from '../../handoff/view';

/** The fields Hand Over to Person and Hand Back to Bot share. */
export const conversationPhoneField: INodeProperties = {
	...phoneField('hand over or back'),
	description:
		"The customer's phone, with the country code: the conversation the Chat Trigger of this workflow keeps for it (its sessionId). Spaces, dashes, brackets and a leading + are removed.",
};

export function messageToCustomerField(example: string): INodeProperties {
	return {
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		placeholder: `e.g. ${example}`,
		description:
			'Optional: a chat message to the customer, sent (as Chat Message > Send does) before the change. Leave empty to send nothing.',
	};
}

export const chatSenderOfMessage: INodeProperties = {
	...chatSenderField(),
	description: `The ID of the chat sender the Message comes from (only when there is one), as shown in your messaging service account. ${defaultHint('defaultChatnameId')}.`,
};

/** The phone of the item, as digits; the raw value is kept for the error that names it. */
export function readConversationPhone(
	context: IExecuteFunctions,
	itemIndex: number,
): { phone: string; raw: unknown } {
	const raw = context.getNodeParameter('phone', itemIndex, '');
	return { phone: checkPhone(context, raw, 'Phone', itemIndex), raw };
}

/**
 * Hand Over and Hand Back change only a conversation the Chat Trigger of this workflow knows (or the
 * one of the turn this execution began with): a hand-back would otherwise send its message to a
 * stranger and make the phone known to a later hand-over.
 */
export function requireKnownConversation(
	context: IExecuteFunctions,
	itemIndex: number,
	{ phone, raw }: { phone: string; raw: unknown },
): void {
	const { workflowId, globalStaticData } = workflowOf(context);
	if (conversationStateOf(workflowId, globalStaticData, phone).known) return;
	if (phonesOfExecutionTurn(context, itemIndex).has(phone)) return;
	throw invalidField(
		context.getNode(),
		'Phone',
		raw,
		'the Chat Trigger of this workflow knows no conversation with this phone (no message from it, no chat message to it); a conversation can be handed over or back only once the trigger has seen it',
		itemIndex,
	);
}

/** The optional text to the customer, checked before anything is sent; undefined when empty. */
export function readMessageToCustomer(
	context: IExecuteFunctions,
	itemIndex: number,
): string | undefined {
	const value = context.getNodeParameter('message', itemIndex, '');
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
		return undefined;
	if (typeof value !== 'string' && typeof value !== 'number') {
		throw invalidField(context.getNode(), 'Message', value, 'the message must be text', itemIndex);
	}
	return String(value);
}

/**
 * Sends the message to the customer through Chat Message > Send (the same fields: Chat Sender ID,
 * Phone, Message), and says what happened in the output's words.
 */
export async function sendToCustomer(
	context: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
	text: string | undefined,
): Promise<IDataObject> {
	if (text === undefined) return { messageSent: false };
	const [result] = await chatSend.execute.call(context, itemIndex, api);
	if (result.sent === false) return { messageSent: false, messageNotSent: result };
	return { messageSent: true, messageId: result.message_id };
}
