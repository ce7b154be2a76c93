import type { ResourceModule } from '../types';
import * as confirmListMailing from './confirmListMailing.operation';
import * as getBatchStatus from './getBatchStatus.operation';
import * as getDeliveryStatus from './getDeliveryStatus.operation';
import * as getMailing from './getMailing.operation';
import * as getManyDeliveries from './getManyDeliveries.operation';
import * as getManyMailings from './getManyMailings.operation';
import * as send from './send.operation';
import * as sendAndWait from './sendAndWait.operation';
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
				description: 'Confirm a mailing to a subscriber list; this debits its cost from your balance',
				action: 'Confirm a chat list mailing',
			},
			{
				name: 'Get Batch Status',
				value: 'getBatchStatus',
				description: 'Get the status of the mailings of a chat batch',
				action: 'Get the status of a chat batch',
			},
			{
				name: 'Get Delivery Status',
				value: 'getDeliveryStatus',
				description: 'Get the delivery status of a single chat message',
				action: 'Get the delivery status of a chat message',
			},
			{
				name: 'Get Mailing',
				value: 'getMailing',
				description: 'Get a chat mailing or message',
				action: 'Get a chat mailing',
			},
			{
				name: 'Get Many Deliveries',
				value: 'getManyDeliveries',
				description: 'Get the delivery status of each recipient of a chat mailing',
				action: 'Get many deliveries of a chat mailing',
			},
			{
				name: 'Get Many Mailings',
				value: 'getManyMailings',
				description: 'Get many chat mailings and messages',
				action: 'Get many chat mailings',
			},
			{
				name: 'Send',
				value: 'send',
				description: 'Send a chat message to one phone number',
				action: 'Send a chat message',
			},
			{
				name: 'Send and Wait for Response',
				value: 'sendAndWait',
				description: 'Send a chat message whose button or link opens a page where the recipient answers, and wait for the answer',
				action: 'Send a chat message and wait for response',
			},
			{
				name: 'Send Batch',
				value: 'sendBatch',
				description: 'Send chat mailings to many recipients in few requests: each input item is one recipient, or give the mailings as JSON',
				action: 'Send a batch of chat messages',
			},
			{
				name: 'Send to List',
				value: 'sendToList',
				description: 'Create a chat mailing to a stored subscriber list (sent once confirmed)',
				action: 'Send a chat message to a list',
			},
		],
		default: 'send',
	},
	operations: { confirmListMailing, getBatchStatus, getDeliveryStatus, getMailing, getManyDeliveries, getManyMailings, send, sendAndWait, sendBatch, sendToList },
};
