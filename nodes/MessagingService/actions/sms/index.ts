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
				description: 'Get the cost of a list mailing, or confirm it so it is sent (confirming debits the balance)',
				action: 'Confirm a list mailing',
			},
			{
				name: 'Create Message',
				value: 'createMessage',
				description: 'Store an SMS text to send later with "Send Created Message"',
				action: 'Create an SMS message',
			},
			{
				name: 'Get Batch Status',
				value: 'getBatchStatus',
				description: 'Get the delivery status of the mailings of a batch',
				action: 'Get the status of an SMS batch',
			},
			{
				name: 'Get Many Deliveries',
				value: 'getManyDeliveries',
				description: 'Get many deliveries of a created message or mailing',
				action: 'Get many SMS deliveries',
			},
			{
				name: 'Get Many Mailings',
				value: 'getManyMailings',
				description: 'Get many SMS mailings of the account',
				action: 'Get many SMS mailings',
			},
			{
				name: 'Get Many Messages',
				value: 'getManyMessages',
				description: 'Get many created SMS messages',
				action: 'Get many SMS messages',
			},
			{
				name: 'Get Message Status',
				value: 'getMessageStatus',
				description: 'Get the status of a created message',
				action: 'Get the status of an SMS message',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				description: 'Get when a sent SMS was sent and delivered',
				action: 'Get the status of an SMS',
			},
			{
				name: 'Send',
				value: 'send',
				description: 'Send an SMS to one phone number',
				action: 'Send an SMS',
			},
			{
				name: 'Send and Wait for Response',
				value: 'sendAndWait',
				description: 'Send an SMS with a link to a page where the recipient answers, and wait for the answer',
				action: 'Send an SMS and wait for response',
			},
			{
				name: 'Send Batch',
				value: 'sendBatch',
				description: 'Send SMS mailings to many phone numbers in few requests',
				action: 'Send an SMS batch',
			},
			{
				name: 'Send Created Message',
				value: 'sendCreatedMessage',
				description: 'Send a created message to one phone number',
				action: 'Send a created SMS message',
			},
			{
				name: 'Send to List',
				value: 'sendToList',
				description: 'Create a mailing to a stored subscriber list (sent once confirmed)',
				action: 'Send an SMS to a list',
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
