import { roundMoney } from '../format';
import type { Account, ChatMailing, ChatMessageType, Confirmation } from './model';
import { PRICES } from './prices';
import type { World } from './world';

export interface ChatContent {
	typeMessage: ChatMessageType;
	message: string;
	buttonCaption: string;
	buttonLink: string;
	imageFile: string;
}

export function textContent(message: string): ChatContent {
	return { typeMessage: 'TEXT', message, buttonCaption: '', buttonLink: '', imageFile: '' };
}

/** The text a recipient sees, used to group sent messages in the counters. */
export function visibleText(content: ChatContent): string {
	return content.message || content.buttonCaption || content.imageFile;
}

export interface NewChatMailing {
	name?: string;
	origin: ChatMailing['origin'];
	content: ChatContent;
	recipients: Array<{ phone: string; text: string }>;
	scheduleAt: number | null;
	confirmation: Confirmation;
}

export function createChatMailing(
	world: World,
	account: Account,
	spec: NewChatMailing,
): ChatMailing {
	const id = world.ids.take('chatMessage');
	const mailing: ChatMailing = {
		id,
		name: spec.name ?? `Chat mailing ${id}`,
		origin: spec.origin,
		...spec.content,
		createdAt: world.now(),
		scheduleAt: spec.scheduleAt,
		confirmation: spec.confirmation,
		cost: roundMoney(spec.recipients.length * PRICES.chatMessage),
		deliveries: spec.recipients.map(({ phone, text }) =>
			world.newDelivery(account, 'chat', phone, text),
		),
	};
	account.chatMailings.set(id, mailing);
	return mailing;
}

/** Hands every delivery over at the schedule time, or now when there is none or it has passed. */
export function sendMailing(
	world: World,
	account: Account,
	mailing: { scheduleAt: number | null; deliveries: ChatMailing['deliveries'] },
): void {
	const at = Math.max(world.now(), mailing.scheduleAt ?? 0);
	for (const delivery of mailing.deliveries) world.handOver(account, delivery, at);
}

/**
 * Creates `count` sent chat mailings at once (for scale tests), their creation times spread
 * evenly from `oldestAt` to `newestAt` (ms; default: all now), in ID order. With `phones`, each is
 * sent to one of them in turn (delivered when created), else to no one; no cost: they exist to be
 * listed and replied to.
 */
export function seedChatMailings(
	world: World,
	account: Account,
	count: number,
	span: { oldestAt?: number; newestAt?: number; phones?: string[] } = {},
): number[] {
	const newestAt = span.newestAt ?? world.now();
	const oldestAt = span.oldestAt ?? newestAt;
	const phones = span.phones ?? [];
	const ids: number[] = [];
	for (let n = 0; n < count; n++) {
		const text = `Seeded chat mailing ${n + 1}`;
		const mailing = createChatMailing(world, account, {
			origin: 'quick',
			content: textContent(text),
			recipients: phones.length > 0 ? [{ phone: phones[n % phones.length], text }] : [],
			scheduleAt: null,
			confirmation: 'not-needed',
		});
		mailing.createdAt =
			count === 1 ? newestAt : Math.round(oldestAt + ((newestAt - oldestAt) * n) / (count - 1));
		mailing.cost = 0;
		for (const delivery of mailing.deliveries) {
			delivery.createdAt = mailing.createdAt;
			world.handOver(account, delivery, mailing.createdAt);
		}
		ids.push(mailing.id);
	}
	return ids;
}
