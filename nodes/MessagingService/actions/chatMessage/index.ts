import type { ResourceModule } from '../types';
import * as confirmListMailing from './confirmListMailing.operation';
import * as getBatchStatus from './getBatchStatus.operation';
import * as getDeliveryStatus from './getDeliveryStatus.operation';
import * as getMailing from './getMailing.operation';
import * as getManyDeliveries from './getManyDeliveries.operation';
import * as getManyMailings from './getManyMailings.operation';
import * as send from './send.operation';
import * as sendAndWait from './sendAndWait.operation';
import * as sendAndWaitForReply from './sendAndWaitForReply.operation';
import * as sendBatch from './sendBatch.operation';
import * as sendToList from './sendToList.operation';

export const chatMessage: ResourceModule = {
	operationField: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['chatMessage'] } },
		options: [
			{
				name: 'Confirm List Mailing',
				value: 'confirmListMailing',
				description:
					'Confirm a mailing to a subscriber list; this debits its cost from your balance',
				action: 'Confirm a chat list mailing',
				builderHint: {
					propertyHint:
						'Second step of `chatMessage.sendToList`: confirms and sends the mailing it created and debits its cost at once (no info-only mode). Put an approval step first when a person should decide.',
				},
			},
			{
				name: 'Get Batch Status',
				value: 'getBatchStatus',
				description: 'Get the status of the mailings of a chat batch',
				action: 'Get the status of a chat batch',
				builderHint: {
					propertyHint:
						'Reads the delivery of a chat batch by the "uuid" that `chatMessage.sendBatch` output.',
				},
			},
			{
				name: 'Get Delivery Status',
				value: 'getDeliveryStatus',
				description: 'Get the delivery status of a single chat message',
				action: 'Get the delivery status of a chat message',
				builderHint: {
					propertyHint: 'Delivery status of one chat message sent with `chatMessage.send`.',
				},
			},
			{
				name: 'Get Mailing',
				value: 'getMailing',
				description: 'Get a chat mailing or message',
				action: 'Get a chat mailing',
				builderHint: { propertyHint: 'Reads one chat mailing or message; nothing is sent.' },
			},
			{
				name: 'Get Many Deliveries',
				value: 'getManyDeliveries',
				description: 'Get the delivery status of each recipient of a chat mailing',
				action: 'Get many deliveries of a chat mailing',
				builderHint: {
					propertyHint: 'Delivery status of each recipient of a chat mailing, one item each.',
				},
			},
			{
				name: 'Get Many Mailings',
				value: 'getManyMailings',
				description: 'Get many chat mailings and messages',
				action: 'Get many chat mailings',
				builderHint: {
					propertyHint: 'Lists chat mailings and messages of the account; nothing is sent.',
				},
			},
			{
				name: 'Send',
				value: 'send',
				description: 'Send a chat message to one phone number',
				action: 'Send a chat message',
				builderHint: {
					propertyHint:
						'Sends one chat message (text, image or button) to one phone for each input item; the usual way to answer a chatbot turn or a reply. For hundreds of recipients use `chatMessage.sendBatch`.',
				},
			},
			{
				name: 'Send and Wait for Reply',
				value: 'sendAndWaitForReply',
				description:
					'Send a chat message to a phone and wait until that phone writes back in the chat',
				action: 'Send a chat message and wait for the reply',
				builderHint: {
					propertyHint:
						"Asks each input item's phone a question in the chat and pauses the execution until the phone replies (its output has replied, text and replies) or Limit Wait Time passes (replied false: branch with an If node). Use it to ask a customer something in the middle of a flow; replies to a waited question never start the Chat Trigger. Chat replies only: the service reads no SMS replies.",
				},
			},
			{
				name: 'Send and Wait for Response',
				value: 'sendAndWait',
				description:
					'Send a chat message whose button or link opens a page where the recipient answers, and wait for the answer',
				action: 'Send a chat message and wait for response',
				builderHint: {
					propertyHint:
						'Sends one chat message whose button opens an answer page and pauses the execution until the recipient answers; use it for human approval instead of a Wait node. It sends to the phone of the first input item only.',
				},
			},
			{
				name: 'Send Batch',
				value: 'sendBatch',
				description:
					'Send chat mailings to many recipients in few requests: each input item is one recipient, or give the mailings as JSON',
				action: 'Send a batch of chat messages',
				builderHint: {
					propertyHint:
						"Sends to many recipients in few requests: every input item is one recipient, gathered into mailings. `messageType=bulk` sends one content to all, `messageType=personal` each item's own text; images only with `messageType=bulk`.",
				},
			},
			{
				name: 'Send to List',
				value: 'sendToList',
				description: 'Create a chat mailing to a stored subscriber list (sent once confirmed)',
				action: 'Send a chat message to a list',
				builderHint: {
					propertyHint:
						'Creates a chat mailing to a stored subscriber list but sends nothing: follow it with `chatMessage.confirmListMailing` (debits the balance).',
				},
			},
		],
		default: 'send',
	},
	operations: {
		confirmListMailing,
		getBatchStatus,
		getDeliveryStatus,
		getMailing,
		getManyDeliveries,
		getManyMailings,
		send,
		sendAndWait,
		sendAndWaitForReply,
		sendBatch,
		sendToList,
	},
};
