import type { z } from 'zod';
import type * as contract from '../contract/chat';
import { InsufficientFunds, StateError } from '../errors';
import { formatCost, formatDateTime, roundMoney } from '../format';
import { createChatMailing, sendMailing, type ChatContent } from '../state/chatMailings';
import type { ChatMailing } from '../state/model';
import { CURRENCY } from '../state/prices';
import { chatErrorCode, chatStatus } from '../state/timeline';
import { ok, page, type HandlerContext } from './context';
import { defaultAlphaname, findAlphaname, findChatMailing, findChatname, findList } from './lookup';
import { mailingStatus } from './mailingStatus';

type Params<S extends z.ZodTypeAny> = z.output<S>;
type ContentParams = Params<typeof contract.sendChatMessageListParams>;
const DEFAULT_FORWARDING_MINUTES = 60;
const DEFAULT_PAGE_ROWS = 100;

function contentOf(p: ContentParams | Params<typeof contract.sendQuickChatMessageParams>): {
	content: ChatContent;
	text: string;
} {
	const type = p.type_message ?? 'TEXT';
	const imageFile = p.image_url ?? p.image?.filename ?? '';
	return {
		content: {
			typeMessage: type,
			message: type === 'BUTTON' ? '' : (p.message ?? ''),
			buttonCaption: p.button ?? '',
			buttonLink: p.button_link ?? '',
			imageFile,
		},
		text: p.message ?? p.button ?? imageFile,
	};
}

/** A chat mailing as the API writes it, its times in the service zone (`toServiceTime`). */
export function chatRecord(
	mailing: ChatMailing,
	now: number,
	toServiceTime: (ms: number) => number = (ms) => ms,
) {
	return {
		message_id: mailing.id,
		message_type: mailing.typeMessage,
		message: mailing.message,
		button_caption: mailing.buttonCaption,
		button_link: mailing.buttonLink,
		image_file: mailing.imageFile,
		status: mailingStatus(mailing.deliveries, now),
		d_create: formatDateTime(toServiceTime(mailing.createdAt)),
		d_schedule: formatDateTime(toServiceTime(mailing.scheduleAt ?? mailing.createdAt)),
		cost: formatCost(mailing.cost, CURRENCY),
	};
}

export function sendQuickChatMessage(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.sendQuickChatMessageParams>,
) {
	findChatname(account, p.chatname_id);
	const alphaname =
		p.alphaname_id !== undefined ? findAlphaname(account, p.alphaname_id) : undefined;
	const { content, text } = contentOf(p);
	const mailing = createChatMailing(world, account, {
		origin: 'quick',
		content,
		recipients: [{ phone: p.phone, text }],
		scheduleAt: null,
		confirmation: 'not-needed',
	});
	if (p.forwarding_message === '1') {
		mailing.deliveries[0].forwarding = {
			minutes: p.forwarding_time ?? DEFAULT_FORWARDING_MINUTES,
			senderId: (alphaname ?? defaultAlphaname(account)).id,
		};
	}
	sendMailing(world, account, mailing);
	return ok({ message_id: mailing.id });
}

export function getChatDeliveryData(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.messageIdParams>,
) {
	const mailing = findChatMailing(account, p.message_id);
	if (mailing.deliveries.length !== 1) {
		throw new StateError(
			'message_id',
			`${p.message_id} has ${mailing.deliveries.length} deliveries; use getChatDeliveryList`,
		);
	}
	const delivery = mailing.deliveries[0];
	return ok({
		phone: delivery.phone,
		status: chatStatus(delivery, world.now()),
		error_code: chatErrorCode(delivery, world.now()),
	});
}

export function sendChatMessageList({ world, account }: HandlerContext, p: ContentParams) {
	findChatname(account, p.chatname_id);
	const list = findList(account, p.list_id);
	const { content, text } = contentOf(p);
	const mailing = createChatMailing(world, account, {
		name: p.name,
		origin: 'list',
		content,
		recipients: list.phones.map((phone) => ({ phone, text })),
		scheduleAt: p.d_schedule === undefined ? null : world.fromServiceTime(p.d_schedule),
		confirmation: 'pending',
	});
	return ok({ message_id: mailing.id, count_subscribers: mailing.deliveries.length });
}

export function confirmChatMessage(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.messageIdParams>,
) {
	const mailing = findChatMailing(account, p.message_id);
	if (mailing.confirmation === 'confirmed')
		throw new StateError('message_id', `${p.message_id} is already confirmed`);
	if (mailing.confirmation === 'not-needed') {
		throw new StateError(
			'message_id',
			`${p.message_id} needs no confirmation (only sendChatMessageList mailings do)`,
		);
	}
	if (account.balance < mailing.cost) throw new InsufficientFunds();
	account.balance = roundMoney(account.balance - mailing.cost);
	mailing.confirmation = 'confirmed';
	sendMailing(world, account, mailing);
	return { status: 'OK' };
}

export function getChatMessages(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.getChatMessagesParams>,
) {
	const now = world.now();
	const all = [...account.chatMailings.values()];
	if (account.quirks.chatListing === 'newest-first') all.reverse();
	const mailings = page(all, p.limit_offset ?? 0, p.limit_rows ?? DEFAULT_PAGE_ROWS);
	return ok(mailings.map((mailing) => chatRecord(mailing, now, (ms) => world.toServiceTime(ms))));
}

export function getChatMessageData(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.messageIdParams>,
) {
	return ok(
		chatRecord(findChatMailing(account, p.message_id), world.now(), (ms) =>
			world.toServiceTime(ms),
		),
	);
}

export function getChatDeliveryList(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.messageIdParams>,
) {
	const now = world.now();
	return ok(
		findChatMailing(account, p.message_id).deliveries.map((delivery) => ({
			delivery_id: delivery.id,
			phone: delivery.phone,
			status: chatStatus(delivery, now),
			error_code: chatErrorCode(delivery, now),
		})),
	);
}
