import type { INodeParameters } from 'n8n-workflow';

import type { AccountInfo } from '../sandbox';

type Defaults = (account: AccountInfo) => INodeParameters;

const sender = (account: AccountInfo) => String(account.alphanameIds[0]);

/** What each operation needs to run against the emulator's seeded account; a test overrides only what it checks. */
const defaults: Record<string, Record<string, Defaults>> = {
	sms: {
		send: (account) => ({
			phone: '375291000001',
			message: 'Hi',
			senderNameId: sender(account),
		}),
		createMessage: () => ({ message: 'Your table is ready' }),
		sendToList: (account) => ({
			listId: String(account.listIds[0]),
			mailingName: 'March newsletter',
			message: 'Our March offers are here',
			senderNameId: sender(account),
		}),
		sendBatch: (account) => ({
			buildFrom: 'items',
			mailingName: 'Sale',
			senderNameId: sender(account),
			messageType: 'bulk',
			text: 'Hi',
			recipientsFrom: 'define',
			recipientPhone: '={{ $json.phone }}',
			callbackUrl: 'http://127.0.0.1:9/cb',
		}),
	},
	verificationCode: {
		send: () => ({ phone: '375291000001' }),
	},
};

/** The node's parameters for resource/operation: the operation's defaults from the account, then `overrides`. */
export function params(
	account: AccountInfo,
	resource: string,
	operation: string,
	overrides: INodeParameters = {},
): INodeParameters {
	return {
		resource,
		operation,
		...(defaults[resource]?.[operation]?.(account) ?? {}),
		...overrides,
	};
}
