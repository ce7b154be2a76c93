import { z } from 'zod';
import {
	buttonLink,
	flag,
	forwardingTime,
	httpUrl,
	imageFile,
	integer,
	minuteTime,
	paging,
	phone,
	text,
	typeMessage,
} from './common';

const contentFields = {
	type_message: typeMessage.optional(),
	message: text.optional(),
	image_url: httpUrl.optional(),
	image: imageFile.optional(),
	button: text.optional(),
	button_link: buttonLink.optional(),
};

interface ContentParams {
	type_message?: 'TEXT' | 'IMAGE' | 'BUTTON';
	message?: string;
	image_url?: string;
	image?: unknown;
	button?: string;
	button_link?: string;
}

function required(ctx: z.RefinementCtx, parameter: string, rule: string): void {
	ctx.addIssue({ code: z.ZodIssueCode.custom, path: [parameter], message: rule });
}

/** What each type_message needs (spec: TEXT needs message; IMAGE image_url or image; BUTTON button and button_link). */
function contentRules(params: ContentParams, ctx: z.RefinementCtx): void {
	const type = params.type_message ?? 'TEXT';
	if (type === 'TEXT' && params.message === undefined) {
		required(ctx, 'message', 'is required when type_message is TEXT');
	}
	if (type === 'IMAGE' && params.image_url === undefined && params.image === undefined) {
		required(ctx, 'image_url', 'is required when type_message is IMAGE and no image file is sent');
	}
	if (type === 'BUTTON' && params.button === undefined) {
		required(ctx, 'button', 'is required when type_message is BUTTON');
	}
	if (type === 'BUTTON' && params.button_link === undefined) {
		required(ctx, 'button_link', 'is required when type_message is BUTTON');
	}
}

export const sendQuickChatMessageParams = z
	.object({
		chatname_id: integer,
		phone,
		...contentFields,
		forwarding_message: flag.optional(),
		forwarding_time: forwardingTime.optional(),
		alphaname_id: integer.optional(),
	})
	.strict()
	.superRefine(contentRules);

export const sendChatMessageListParams = z
	.object({
		name: text.optional(),
		chatname_id: integer,
		list_id: integer,
		...contentFields,
		d_schedule: minuteTime.optional(),
	})
	.strict()
	.superRefine(contentRules);

export const messageIdParams = z.object({ message_id: integer }).strict();

export const getChatMessagesParams = z.object(paging).strict();

export const readResponseStatusParams = z
	.object({
		incoming_messages: z
			.string()
			.regex(
				/^\d+(,\d+)*$/,
				'must be incoming message ids separated by commas, e.g. 40000001,40000002',
			)
			.transform((value) => value.split(',')),
	})
	.strict();
