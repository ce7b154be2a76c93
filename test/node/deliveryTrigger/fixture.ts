import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { MessagingServiceDeliveryTrigger } from '../../../nodes/MessagingService/MessagingServiceDeliveryTrigger.node';
import { TEST_API_KEY } from '../../harness/keys';
import { registerNodeType } from '../../harness/nodeTypes';
import { params } from '../../harness/params';
import type { TriggerSession, TriggerSessionOptions } from '../../harness/poll';
import { useTriggerSandbox } from '../trigger/fixture';

export const DELIVERY_TRIGGER_TYPE = 'n8n-nodes-messaging-service.messagingServiceDeliveryTrigger';
export const DELIVERY_TRIGGER_NAME = 'Messaging Service Delivery Trigger';
registerNodeType(DELIVERY_TRIGGER_TYPE, new MessagingServiceDeliveryTrigger());

/**
 * The emulator on a manual clock, the system time kept at its clock, sends made by the package's
 * node (which announces them, as in n8n), and Delivery Trigger sessions that poll as n8n does.
 */
export function useDeliverySandbox() {
	const t = useTriggerSandbox();
	const { fixture } = t;

	/** where the sends go: the emulator, or a hostile proxy in front of it (the account is the URL and the key) */
	let baseUrl: string | undefined;

	async function run(resource: string, operation: string, values: INodeParameters) {
		t.syncTime();
		const { items } = await fixture.runOk({
			parameters: params(fixture.account, resource, operation, values),
			...(baseUrl ? { baseUrl } : {}),
		});
		return items[0].json;
	}

	return {
		...t,
		/** the reply trigger's fixture this one extends (for its hostile proxy) */
		base: t,
		get sandbox() {
			return fixture.sandbox;
		},
		/** Chat Message > Send to one phone; its message_id */
		async sendChat(phone: string, message = 'Your parcel arrives today.'): Promise<string> {
			return String((await run('chatMessage', 'send', { phone, message })).message_id);
		},
		/** SMS > Send to one phone; its sms_id */
		async sendSms(phone: string, message = 'Your code is ready.'): Promise<string> {
			return String((await run('sms', 'send', { phone, message })).sms_id);
		},
		/** Chat Message > Send to List then Confirm List Mailing, to a list of these phones; the mailing's message_id */
		async sendChatToList(phones: string[]): Promise<string> {
			const listId = fixture.sandbox.addList(TEST_API_KEY, `list of ${phones.length}`, phones);
			const created = await run('chatMessage', 'sendToList', {
				listId: String(listId),
				message: 'Spring sale',
			});
			const id = String(created.message_id);
			await run('chatMessage', 'confirmListMailing', {
				messageId: id,
			});
			return id;
		},
		deliveryTrigger(
			parameters: INodeParameters,
			options: Partial<TriggerSessionOptions> = {},
		): TriggerSession {
			return t.session(parameters, {
				...(baseUrl ? { baseUrl } : {}),
				nodeType: DELIVERY_TRIGGER_TYPE,
				nodeName: DELIVERY_TRIGGER_NAME,
				...options,
			});
		},
		/** sends and triggers go through this URL from now on (undefined: the emulator) */
		sendThrough(url: string | undefined) {
			baseUrl = url;
		},
		/** moves the emulator's clock on */
		advance(seconds: number) {
			fixture.sandbox.advanceClock(seconds);
		},
	};
}

/** The events of a poll as `event phone` lines, sorted: what a test compares. */
export function eventsOf(items: IDataObject[]): string[] {
	return items
		.map(
			(item) =>
				`${String(item.event)} ${String(item.phone)}${item.redelivered ? ' (redelivered)' : ''}`,
		)
		.sort();
}
