import type { Account, Delivery } from './model';
import { createChatMailing, textContent } from './chatMailings';
import { isDelivered } from './timeline';
import type { World } from './world';

/**
 * Runs `forwarding.minutes` after a message with forwarding on was handed over: an undelivered
 * chat message is sent again as SMS, an undelivered SMS as a chat message.
 */
export function forwardIfUndelivered(
	world: World,
	account: Account,
	delivery: Delivery,
	at: number,
): void {
	if (!delivery.forwarding || isDelivered(delivery, at)) return;
	if (delivery.channel === 'chat') {
		const sms = world.newDelivery(account, 'sms', delivery.phone, delivery.text);
		sms.createdAt = at;
		world.handOver(account, sms, at);
		delivery.forwardedAs = sms.id;
		return;
	}
	const mailing = createChatMailing(world, account, {
		origin: 'forward',
		content: textContent(delivery.text),
		recipients: [{ phone: delivery.phone, text: delivery.text }],
		scheduleAt: null,
		confirmation: 'not-needed',
	});
	mailing.createdAt = at;
	mailing.deliveries[0].createdAt = at;
	world.handOver(account, mailing.deliveries[0], at);
	delivery.forwardedAs = mailing.id;
}
