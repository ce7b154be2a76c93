import { z } from 'zod';
import { batchTime, buttonLink, httpUrl, numericIdString, phone, text } from './common';

const nonEmptyList = 'must contain at least one recipient';

const itemBase = {
	alphaname_id: numericIdString,
	name: text,
	schedule_time: batchTime.optional(),
};

const phoneList = z.array(phone).min(1, nonEmptyList);

const smsBulkItem = z
	.object({ ...itemBase, message_type: z.literal('bulk'), text, delivery_list: phoneList })
	.strict();

const smsPersonalItem = z
	.object({
		...itemBase,
		message_type: z.literal('personal'),
		delivery_list: z.array(z.object({ phone, text }).strict()).min(1, nonEmptyList),
	})
	.strict();

const smsItem = z.discriminatedUnion('message_type', [smsBulkItem, smsPersonalItem]);

/** `image_url` is only checked to be a string here: an invalid link fails that mailing in the status, not the request. */
const imageUrl = text;

const bulkContent = z.discriminatedUnion('type', [
	z.object({ type: z.literal('text'), text }).strict(),
	z.object({ type: z.literal('image'), image_url: imageUrl }).strict(),
	z
		.object({
			type: z.literal('button'),
			image_url: imageUrl,
			caption: text,
			button_link: buttonLink,
			text,
		})
		.strict(),
]);

const personalContent = z.discriminatedUnion('type', [
	z.object({ type: z.literal('text') }).strict(),
	z.object({ type: z.literal('button'), image_url: imageUrl, caption: text }).strict(),
	z.object({ type: z.literal('image') }).passthrough(),
]);

const personalTextEntry = z.object({ phone, text }).strict();
const personalButtonEntry = z.object({ phone, text, button_link: buttonLink }).strict();

const chatBulkItem = z
	.object({
		...itemBase,
		message_type: z.literal('bulk'),
		content: bulkContent,
		delivery_list: phoneList,
	})
	.strict();

const chatPersonalItem = z
	.object({
		...itemBase,
		message_type: z.literal('personal'),
		content: personalContent,
		delivery_list: z.array(z.unknown()).min(1, nonEmptyList),
	})
	.strict();

/** Rules of personal chat mailings that depend on the content type. */
function personalChatRules(item: z.output<typeof chatPersonalItem>, ctx: z.RefinementCtx): void {
	if (item.content.type === 'image') {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: ['content', 'type'],
			message: 'image content is allowed only with message_type bulk',
		});
		return;
	}
	const entry = item.content.type === 'button' ? personalButtonEntry : personalTextEntry;
	item.delivery_list.forEach((value, index) => {
		const parsed = entry.safeParse(value);
		if (!parsed.success) {
			for (const issue of parsed.error.issues) {
				ctx.addIssue({ ...issue, path: ['delivery_list', index, ...issue.path] } as z.IssueData);
			}
		}
	});
}

const chatItem = z
	.discriminatedUnion('message_type', [chatBulkItem, chatPersonalItem])
	.superRefine((item, ctx) => {
		if (item.message_type === 'personal') personalChatRules(item, ctx);
	});

const mailings = <T extends z.ZodTypeAny>(item: T) =>
	z.array(item).min(1, 'must contain at least one mailing');

export const sendBulkSmsBody = z
	.object({ token: z.string(), callback_url: httpUrl, messages: mailings(smsItem) })
	.strict();

export const sendBulkChatBody = z
	.object({ token: z.string(), callback_url: httpUrl.optional(), messages: mailings(chatItem) })
	.strict();

export const statusBulkParams = z
	.object({ uuid: z.string().uuid('must be a UUID returned by the send method') })
	.strict();

export type SmsBatchItem = z.output<typeof smsItem>;
export type ChatBatchItem = z.output<typeof chatItem>;
export type ChatPersonalEntry = { phone: string; text: string; button_link?: string };
