import type { ResourceModule } from '../types';
import * as confirmListMailing from './confirmListMailing.operation';
import * as createMessage from './createMessage.operation';
import * as getBatchStatus from './getBatchStatus.operation';
import * as getManyDeliveries from './getManyDeliveries.operation';
import * as getManyMailings from './getManyMailings.operation';
import * as getManyMessages from './getManyMessages.operation';
import * as getMessageStatus from './getMessageStatus.operation';
import * as getStatus from './getStatus.operation';
import * as send from './send.operation';
import * as sendAndWait from './sendAndWait.operation';
import * as sendBatch from './sendBatch.operation';
import * as sendCreatedMessage from './sendCreatedMessage.operation';
import * as sendToList from './sendToList.operation';

export const sms: ResourceModule = {
	operationField: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sms'] } },
		options: [
			{
				name: 'Confirm List Mailing',
				value: 'confirmListMailing',
				description:
					'Get the cost of a list mailing, or confirm it so it is sent (confirming debits the balance)',
				action: 'Confirm a list mailing',
				builderHint: {
					propertyHint:
						'Second step of `sms.sendToList`: the mailing it created is sent only when this runs with `confirmAction=confirm`, which debits its cost; the default `confirmAction=info` only reads cost and recipients. Put an approval step (e.g. `sms.sendAndWait`) before confirming when a person should decide.',
				},
			},
			{
				name: 'Create Message',
				value: 'createMessage',
				description: 'Store an SMS text to send later with "Send Created Message"',
				action: 'Create an SMS message',
				builderHint: {
					propertyHint:
						'Stores a text without sending it; send it later with `sms.sendCreatedMessage`. To send right away, use `sms.send`.',
				},
			},
			{
				name: 'Get Batch Status',
				value: 'getBatchStatus',
				description: 'Get the delivery status of the mailings of a batch',
				action: 'Get the status of an SMS batch',
				builderHint: {
					propertyHint:
						'Reads the delivery of a batch by the "uuid" that `sms.sendBatch` output; deliveries take minutes, so wait (Wait node) or use the Messaging Service Callback Trigger instead of polling.',
				},
			},
			{
				name: 'Get Many Deliveries',
				value: 'getManyDeliveries',
				description: 'Get many deliveries of a created message or mailing',
				action: 'Get many SMS deliveries',
				builderHint: {
					propertyHint:
						'Deliveries of a message or list mailing (from `sms.sendCreatedMessage` or `sms.sendToList`), one item each.',
				},
			},
			{
				name: 'Get Many Mailings',
				value: 'getManyMailings',
				description: 'Get many SMS mailings of the account',
				action: 'Get many SMS mailings',
				builderHint: { propertyHint: 'Lists SMS mailings of the account; nothing is sent.' },
			},
			{
				name: 'Get Many Messages',
				value: 'getManyMessages',
				description: 'Get many created SMS messages',
				action: 'Get many SMS messages',
				builderHint: {
					propertyHint: 'Lists the texts stored with `sms.createMessage`; nothing is sent.',
				},
			},
			{
				name: 'Get Message Status',
				value: 'getMessageStatus',
				description: 'Get the status of a created message',
				action: 'Get the status of an SMS message',
				builderHint: {
					propertyHint:
						'Status of a text stored with `sms.createMessage`, not of a sent SMS (that is `sms.getStatus`).',
				},
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				description: 'Get when a sent SMS was sent and delivered',
				action: 'Get the status of an SMS',
				builderHint: {
					propertyHint:
						'When an SMS sent with `sms.send` was sent and delivered, by its "sms_id". Delivery takes a while: wait before reading it.',
				},
			},
			{
				name: 'Send',
				value: 'send',
				description: 'Send an SMS to one phone number',
				action: 'Send an SMS',
				builderHint: {
					propertyHint:
						'Sends one SMS to one phone for each input item (concurrently, never repeated on a retry). For hundreds of recipients use `sms.sendBatch`; for an answer from the recipient use `sms.sendAndWait`.',
				},
			},
			{
				name: 'Send and Wait for Response',
				value: 'sendAndWait',
				description:
					'Send an SMS with a link to a page where the recipient answers, and wait for the answer',
				action: 'Send an SMS and wait for response',
				builderHint: {
					propertyHint:
						'Sends one SMS with a link to an answer page and pauses the execution until the recipient approves, declines or types an answer; use it for human approval instead of a Wait node. It sends to the phone of the first input item only.',
				},
			},
			{
				name: 'Send Batch',
				value: 'sendBatch',
				description: 'Send SMS mailings to many phone numbers in few requests',
				action: 'Send an SMS batch',
				builderHint: {
					propertyHint:
						'Sends to many recipients in few requests: every input item is one recipient (phone in `phoneField`), gathered into one mailing and split into chunks. Use it instead of `sms.send` for more than a handful of items. SMS batches require a `callbackUrl` (a Messaging Service Callback Trigger).',
				},
			},
			{
				name: 'Send Created Message',
				value: 'sendCreatedMessage',
				description: 'Send a created message to one phone number',
				action: 'Send a created SMS message',
				builderHint: {
					propertyHint:
						'Sends a text stored with `sms.createMessage` to one phone; for a new text use `sms.send`.',
				},
			},
			{
				name: 'Send to List',
				value: 'sendToList',
				description: 'Create a mailing to a stored subscriber list (sent once confirmed)',
				action: 'Send an SMS to a list',
				builderHint: {
					propertyHint:
						'Creates a mailing to a stored subscriber list but sends nothing: follow it with `sms.confirmListMailing` and `confirmAction=confirm` (debits the balance). For recipients that come as input items use `sms.sendBatch`.',
				},
			},
		],
		default: 'send',
	},
	operations: {
		confirmListMailing,
		createMessage,
		getBatchStatus,
		getManyDeliveries,
		getManyMailings,
		getManyMessages,
		getMessageStatus,
		getStatus,
		send,
		sendAndWait,
		sendBatch,
		sendCreatedMessage,
		sendToList,
	},
};
