import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { newHandoffChange } from '../../handoff/change';
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

export const description: INodeProperties[] = forOperation('conversation', 'handBack', [
	chatSenderOfMessage,
	conversationPhoneField,
	messageToCustomerField('Thanks for your patience; our assistant takes it from here'),
	optionsCollection([], { concurrency: false }),
]);

/**
 * Hand Back to Bot, of a conversation the trigger knows (as Hand Over): the message (if any) goes
 * first, while the person still has the conversation, so that the bot's catch-up field shows it
 * among the person's answers; then the change.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const conversation = readConversationPhone(this, itemIndex);
	const message = readMessageToCustomer(this, itemIndex);
	requireKnownConversation(this, itemIndex, conversation);
	const sent = await sendToCustomer(this, itemIndex, api, message);
	const change = newHandoffChange({ phone: conversation.phone, to: 'bot' });
	return [publishChange(this, itemIndex, change, sent)];
}
