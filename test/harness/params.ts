import type { INodeParameters } from 'n8n-workflow';

import type { AccountInfo } from '../sandbox';

/** The IDs the defaults take from an account: the emulator's seeded one, or any IDs for a server that takes everything. */
export type AccountIds = Pick<
	AccountInfo,
	'alphanameIds' | 'chatnameIds' | 'listIds' | 'templateIds'
>;

type Defaults = (account: AccountIds) => INodeParameters;

/** A picker set to the record with this ID, chosen from its list or typed by ID. */
export const fromList = (id: number | string) => ({ __rl: true, mode: 'list', value: String(id) });
export const byId = (id: number | string) => ({ __rl: true, mode: 'id', value: String(id) });

/**
 * Stand-ins for what a test makes before the operation reads it (a created message, a mailing, a
 * batch, a reply): a test against the emulator gives the one it made.
 */
const MADE_FIRST = {
	id: '101',
	uuid: '3f2b8c1e-5d4a-4b7e-9c61-2a8f0d9e7b35',
	replyIds: '40000001',
};

const sender = (account: AccountIds) => String(account.alphanameIds[0]);
const chatSender = (account: AccountIds) => String(account.chatnameIds[0]);
const list = (account: AccountIds) => String(account.listIds[0]);
const template = (account: AccountIds) => fromList(account.templateIds[0]);
const nothing: Defaults = () => ({});
/** Send Batch of one text for all, built from the items: one recipient per item, its phone from `phone`. */
const bulkToEachItem = (account: AccountIds) => ({
	buildFrom: 'items',
	senderNameId: sender(account),
	messageType: 'bulk',
	recipientsFrom: 'define',
	recipientPhone: '={{ $json.phone }}',
});

/** Send Batch's recipients from each item's "phone" field (the node's own default), as a list of contacts gives them. */
export const RECIPIENTS_FROM_PHONE_FIELD: INodeParameters = {
	recipientsFrom: 'fields',
	phoneField: 'phone',
};

/** Send Batch given its mailings as JSON: each item's `mailings`, one request per item. */
export const MAILINGS_AS_JSON: INodeParameters = {
	buildFrom: 'json',
	messagesJson: '={{ JSON.stringify($json.mailings) }}',
};

/** What each operation needs to run against the emulator's seeded account; a test overrides only what it checks. */
const defaults: Record<string, Record<string, Defaults>> = {
	sms: {
		send: (account) => ({ phone: '375291000001', message: 'Hi', senderNameId: sender(account) }),
		sendAndWait: (account) => ({
			phone: '375291234567',
			message: 'Approve?',
			senderNameId: sender(account),
		}),
		createMessage: () => ({ message: 'Your table is ready' }),
		sendCreatedMessage: () => ({ createdMessageId: MADE_FIRST.id, phone: '375291000001' }),
		getMessageStatus: () => ({ createdMessageId: MADE_FIRST.id }),
		getStatus: () => ({ smsId: MADE_FIRST.id }),
		sendToList: (account) => ({
			listId: list(account),
			mailingName: 'March newsletter',
			message: 'Our March offers are here',
			senderNameId: sender(account),
		}),
		confirmListMailing: () => ({ messageId: MADE_FIRST.id }),
		sendBatch: (account) => ({
			...bulkToEachItem(account),
			mailingName: 'Sale',
			text: 'Hi',
			callbackUrl: 'http://127.0.0.1:9/cb',
		}),
		getBatchStatus: () => ({ uuid: MADE_FIRST.uuid }),
		getManyMessages: nothing,
		getManyMailings: nothing,
		getManyDeliveries: () => ({ messageOrMailingId: MADE_FIRST.id }),
	},
	chatMessage: {
		send: (account) => ({
			chatnameId: chatSender(account),
			phone: '375291234567',
			messageType: 'TEXT',
			message: 'Hello',
		}),
		sendAndWaitForReply: (account) => ({
			chatnameId: chatSender(account),
			phone: '375291234567',
			messageType: 'TEXT',
			message: 'Is 3 pm fine?',
		}),
		sendAndWait: (account) => ({
			chatnameId: chatSender(account),
			phone: '375291234567',
			message: 'Approve?',
			buttonCaption: 'Answer',
		}),
		sendToList: (account) => ({
			chatnameId: chatSender(account),
			listId: list(account),
			messageType: 'TEXT',
			message: 'Hello',
		}),
		confirmListMailing: () => ({ messageId: MADE_FIRST.id }),
		sendBatch: (account) => ({
			...bulkToEachItem(account),
			mailingName: 'Spring',
			contentType: 'text',
			chatText: 'Sale today',
		}),
		getBatchStatus: () => ({ uuid: MADE_FIRST.uuid }),
		getMailing: () => ({ messageId: MADE_FIRST.id }),
		getManyMailings: nothing,
		getDeliveryStatus: () => ({ messageId: MADE_FIRST.id }),
		getManyDeliveries: () => ({ messageId: MADE_FIRST.id }),
	},
	reply: {
		getManyNew: () => ({ messageId: MADE_FIRST.id }),
		markAsRead: () => ({ replyIds: MADE_FIRST.replyIds }),
	},
	verificationCode: {
		send: () => ({ phone: '375291000001' }),
		check: () => ({ token: 'not-a-token', enteredCode: '123456' }),
	},
	conversation: {
		handOver: (account) => ({
			chatnameId: chatSender(account),
			phone: '375291234567',
			reason: 'The customer asks for a person',
			message: 'A colleague will answer you shortly',
		}),
		handBack: (account) => ({
			chatnameId: chatSender(account),
			phone: '375291234567',
			message: 'Our assistant takes it from here',
		}),
		getState: () => ({ scope: 'onePhone', phone: '375291234567' }),
	},
	template: {
		create: () => ({ name: 'Welcome', message: 'Hello' }),
		get: (account) => ({ template: template(account) }),
		getMany: nothing,
		update: (account) => ({
			template: template(account),
			updateFields: { message: 'Hello again' },
		}),
		delete: (account) => ({ template: template(account) }),
	},
};

/** Every operation the builder knows, as `resource.operation`. */
export function knownOperations(): string[] {
	return Object.entries(defaults).flatMap(([resource, operations]) =>
		Object.keys(operations).map((operation) => `${resource}.${operation}`),
	);
}

/** The node's parameters for resource/operation: the operation's defaults from the account, then `overrides`. */
export function params(
	account: AccountIds,
	resource: string,
	operation: string,
	overrides: INodeParameters = {},
): INodeParameters {
	const operationDefaults = defaults[resource]?.[operation];
	if (operationDefaults === undefined)
		throw new Error(`params() has no defaults for ${resource}.${operation}`);
	return { resource, operation, ...operationDefaults(account), ...overrides };
}
