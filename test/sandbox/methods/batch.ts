import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type * as contract from '../contract/batch';
import type { ChatBatchItem, ChatPersonalEntry, SmsBatchItem } from '../contract/batch';
import { StateError } from '../errors';
import { formatMicroTime, isHttpUrl, roundMoney, smsParts } from '../format';
import { createChatMailing, sendMailing, type ChatContent } from '../state/chatMailings';
import type { Account, Batch, BatchEntry, SmsMailing } from '../state/model';
import { PRICES } from '../state/prices';
import { batchStatus } from '../state/timeline';
import type { HandlerContext } from './context';
import { findAlphaname } from './lookup';

type Params<S extends z.ZodTypeAny> = z.output<S>;

/** The batch status array: one result per mailing sent, one error entry per mailing refused. */
export function statusArray(
	batch: Batch,
	now: number,
	toServiceTime: (ms: number) => number = (ms) => ms,
): unknown[] {
	return batch.entries.map((entry) => {
		if ('errors' in entry) return { errors: [...entry.errors] };
		const { mailing } = entry;
		return {
			message_id: mailing.id,
			name: mailing.name,
			alphaname_id: mailing.alphanameId,
			success: mailing.deliveries.map((delivery) => {
				const { status, since } = batchStatus(delivery, now);
				return {
					delivery_id: delivery.id,
					phone: delivery.phone,
					status,
					status_time: formatMicroTime(toServiceTime(since)),
				};
			}),
		};
	});
}

/** Every mailing's sender must exist before anything is created, so a refused request changes nothing. */
function checkSenders(account: Account, items: Array<{ alphaname_id: string }>): void {
	items.forEach((item, index) =>
		findAlphaname(account, Number(item.alphaname_id), `messages[${index}].alphaname_id`),
	);
}

function finishBatch(
	ctx: HandlerContext,
	batches: Map<string, Batch>,
	entries: BatchEntry[],
	callbackUrl?: string,
) {
	const batch: Batch = { uuid: randomUUID(), entries };
	batches.set(batch.uuid, batch);
	if (callbackUrl !== undefined) {
		ctx.callbacks.post(callbackUrl, batch.uuid, () =>
			statusArray(batch, ctx.world.now(), (ms) => ctx.world.toServiceTime(ms)),
		);
	}
	return { uuid: batch.uuid, success: 'OK' };
}

function smsRecipients(item: SmsBatchItem): Array<{ phone: string; text: string }> {
	return item.message_type === 'bulk'
		? item.delivery_list.map((phone) => ({ phone, text: item.text }))
		: item.delivery_list;
}

export function sendBulkSms(ctx: HandlerContext, body: Params<typeof contract.sendBulkSmsBody>) {
	const { world, account } = ctx;
	checkSenders(account, body.messages);
	const entries: BatchEntry[] = body.messages.map((item) => {
		const recipients = smsRecipients(item);
		const parts = recipients.reduce(
			(most, recipient) => Math.max(most, smsParts(recipient.text)),
			1,
		);
		const mailing: SmsMailing = {
			id: world.ids.take('smsMessage'),
			name: item.name,
			text: item.message_type === 'bulk' ? item.text : '',
			origin: 'bulk',
			alphaname: findAlphaname(account, Number(item.alphaname_id)),
			createdAt: world.now(),
			scheduleAt:
				item.schedule_time === undefined ? null : world.fromServiceTime(item.schedule_time),
			confirmation: 'not-needed',
			parts,
			cost: roundMoney(
				recipients.reduce((sum, recipient) => sum + smsParts(recipient.text) * PRICES.smsPart, 0),
			),
			deliveries: recipients.map((recipient) =>
				world.newDelivery(account, 'sms', recipient.phone, recipient.text),
			),
		};
		account.smsMailings.set(mailing.id, mailing);
		sendMailing(world, account, mailing);
		return {
			mailing: {
				id: mailing.id,
				name: mailing.name,
				alphanameId: mailing.alphaname.id,
				deliveries: mailing.deliveries,
			},
		};
	});
	return finishBatch(ctx, account.smsBatches, entries, body.callback_url);
}

type ChatBulkItem = Extract<ChatBatchItem, { message_type: 'bulk' }>;
type ChatPersonalItem = Extract<ChatBatchItem, { message_type: 'personal' }>;
interface ChatPlan {
	content: ChatContent;
	recipients: Array<{ phone: string; text: string }>;
}

const noContent: ChatContent = {
	typeMessage: 'TEXT',
	message: '',
	buttonCaption: '',
	buttonLink: '',
	imageFile: '',
};

function bulkChatPlan(item: ChatBulkItem): ChatPlan {
	const content = item.content;
	const toAll = (text: string) => item.delivery_list.map((phone) => ({ phone, text }));
	if (content.type === 'text')
		return { content: { ...noContent, message: content.text }, recipients: toAll(content.text) };
	if (content.type === 'image') {
		return {
			content: { ...noContent, typeMessage: 'IMAGE', imageFile: content.image_url },
			recipients: toAll(content.image_url),
		};
	}
	return {
		content: {
			...noContent,
			typeMessage: 'BUTTON',
			buttonCaption: content.caption,
			buttonLink: content.button_link,
			imageFile: content.image_url,
		},
		recipients: toAll(content.text),
	};
}

/** Personal entries were checked against the content type by the contract. */
function personalChatPlan(item: ChatPersonalItem): ChatPlan {
	const recipients = (item.delivery_list as ChatPersonalEntry[]).map(({ phone, text }) => ({
		phone,
		text,
	}));
	const content = item.content;
	if (content.type !== 'button') return { content: noContent, recipients };
	return {
		content: {
			...noContent,
			typeMessage: 'BUTTON',
			buttonCaption: content.caption,
			imageFile: content.image_url,
		},
		recipients,
	};
}

function chatMailingOf(item: ChatBatchItem): ChatPlan {
	return item.message_type === 'bulk' ? bulkChatPlan(item) : personalChatPlan(item);
}

function invalidImageUrl(item: ChatBatchItem): boolean {
	const url = (item.content as { image_url?: unknown }).image_url;
	return typeof url === 'string' && !isHttpUrl(url);
}

export function sendBulkChat(ctx: HandlerContext, body: Params<typeof contract.sendBulkChatBody>) {
	const { world, account } = ctx;
	checkSenders(account, body.messages);
	const entries: BatchEntry[] = body.messages.map((item) => {
		if (invalidImageUrl(item)) return { errors: [`${item.name} content url is not valid`] };
		const { content, recipients } = chatMailingOf(item);
		const mailing = createChatMailing(world, account, {
			name: item.name,
			origin: 'bulk',
			content,
			recipients,
			scheduleAt:
				item.schedule_time === undefined ? null : world.fromServiceTime(item.schedule_time),
			confirmation: 'not-needed',
		});
		sendMailing(world, account, mailing);
		return {
			mailing: {
				id: mailing.id,
				name: mailing.name,
				alphanameId: Number(item.alphaname_id),
				deliveries: mailing.deliveries,
			},
		};
	});
	return finishBatch(ctx, account.chatBatches, entries, body.callback_url);
}

function findBatch(batches: Map<string, Batch>, uuid: string, sender: string): Batch {
	const batch = batches.get(uuid);
	if (!batch)
		throw new StateError('uuid', `${uuid} is not a batch sent with ${sender} on this account`);
	return batch;
}

export function statusBulkSms(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.statusBulkParams>,
) {
	return statusArray(findBatch(account.smsBatches, p.uuid, 'sendBulkSms'), world.now(), (ms) =>
		world.toServiceTime(ms),
	);
}

export function statusBulkChat(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.statusBulkParams>,
) {
	return statusArray(findBatch(account.chatBatches, p.uuid, 'sendBulkChat'), world.now(), (ms) =>
		world.toServiceTime(ms),
	);
}
