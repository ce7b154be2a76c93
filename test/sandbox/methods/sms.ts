import type { z } from 'zod';
import type * as contract from '../contract/sms';
import type { sendOtpParams } from '../contract/otp';
import { StateError } from '../errors';
import { formatCost, formatDateTime, smsParts, unixSeconds } from '../format';
import type { SmsMessage } from '../state/model';
import { CURRENCY, PRICES } from '../state/prices';
import { smsMilestones, smsStatus } from '../state/timeline';
import type { Channel } from '../types';
import { page, type HandlerContext } from './context';
import { defaultAlphaname, defaultChatname, findAlphaname, findChatname } from './lookup';

type Params<S extends z.ZodTypeAny> = z.output<S>;
const DEFAULT_FORWARDING_MINUTES = 60;

export function sendQuickSms(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.sendQuickSmsParams>,
) {
	findAlphaname(account, p.alphaname_id);
	const chatname = p.chatname_id !== undefined ? findChatname(account, p.chatname_id) : undefined;
	const delivery = world.newDelivery(account, 'sms', p.phone, p.message);
	if (p.forwarding_message === '1') {
		delivery.forwarding = {
			minutes: p.forwarding_time ?? DEFAULT_FORWARDING_MINUTES,
			senderId: (chatname ?? defaultChatname(account)).id,
		};
	}
	world.handOver(account, delivery, world.now());
	const parts = smsParts(p.message);
	const answer: Record<string, unknown> = { sms_id: delivery.id, status: 'NEW', parts };
	if (p.show_cost === '1') answer.cost = formatCost(parts * PRICES.smsPart, CURRENCY);
	return answer;
}

export function sendOtp(channel: Channel) {
	return ({ world, account }: HandlerContext, p: Params<typeof sendOtpParams>) => {
		const delivery = world.newDelivery(account, channel, p.phone, p.message);
		world.handOver(account, delivery, world.now());
		return { sms_id: delivery.id, status: 'NEW', parts: smsParts(p.message) };
	};
}

export function createSmsMessage(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.createSmsMessageParams>,
) {
	const alphaname =
		p.alphaname_id !== undefined
			? findAlphaname(account, p.alphaname_id)
			: defaultAlphaname(account);
	const id = world.ids.take('smsMessage');
	account.smsMessages.set(id, {
		id,
		name: p.name ?? `Message ${id}`,
		text: p.message,
		alphaname,
		createdAt: world.now(),
		sendAt: p.time === undefined ? null : world.fromServiceTime(p.time),
		deliveries: [],
	});
	return {
		status: 'moderated',
		parts: smsParts(p.message),
		len: [...p.message].length,
		message_id: id,
		alphaname: alphaname.name,
		time: p.time === undefined ? 0 : unixSeconds(world.fromServiceTime(p.time)),
	};
}

function findMessage(messages: Map<number, SmsMessage>, id: string | number): SmsMessage {
	const found = /^\d+$/.test(String(id)) ? messages.get(Number(id)) : undefined;
	if (!found)
		throw new StateError(
			'message_id',
			`${id} is not a message created with createSmsMessage on this account`,
		);
	return found;
}

export function checkSmsMessageStatus(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.checkSmsMessageStatusParams>,
) {
	const message = findMessage(account.smsMessages, p.message_id);
	return {
		message_id: message.id,
		name: message.name,
		status: 'moderated',
		parts: smsParts(message.text),
		d_create: formatDateTime(world.toServiceTime(message.createdAt)),
		count_sms: message.deliveries.length,
	};
}

export function sendSms(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.sendSmsParams>,
) {
	const message = findMessage(account.smsMessages, p.message_id);
	const delivery = world.newDelivery(account, 'sms', p.phone, message.text);
	message.deliveries.push(delivery);
	world.handOver(account, delivery, Math.max(world.now(), message.sendAt ?? 0));
	return { sms_id: delivery.id, status: 'NEW' };
}

export function checkSms(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.checkSmsParams>,
) {
	const delivery = account.smsSends.get(p.sms_id);
	if (!delivery) throw new StateError('sms_id', `${p.sms_id} is not an SMS sent by this account`);
	const { sent, delivered } = smsMilestones(delivery, world.now());
	return {
		sms_id: delivery.id,
		sent: sent === null ? 0 : unixSeconds(sent),
		delivered: delivered === null ? 0 : unixSeconds(delivered),
	};
}

export function getMessagesList(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.getMessagesListParams>,
) {
	const items = [...account.smsMessages.values()].map((message) => ({
		message_id: message.id,
		message: message.text,
		parts: smsParts(message.text),
		d_create: formatDateTime(world.toServiceTime(message.createdAt)),
		status: 'moderated',
	}));
	return { result: page(items, p.limit_offset, p.limit_rows) };
}

export function getSmsDeliveryList(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.getSmsDeliveryListParams>,
) {
	const owner = account.smsMessages.get(p.message_id) ?? account.smsMailings.get(p.message_id);
	if (!owner)
		throw new StateError(
			'message_id',
			`${p.message_id} is not an SMS message or mailing of this account`,
		);
	const now = world.now();
	const items = owner.deliveries.flatMap((delivery) => {
		const { sent, delivered } = smsMilestones(delivery, now);
		if (sent === null) return [];
		return [
			{
				phone: Number(delivery.phone),
				status: delivered === null ? smsStatus(delivery, now) : 'delivered',
				d_sent: formatDateTime(world.toServiceTime(sent)),
			},
		];
	});
	return { result: page(items, p.limit_offset, p.limit_rows) };
}
