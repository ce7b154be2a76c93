import { z } from 'zod';
import {
	flag,
	forwardingTime,
	integer,
	minuteTime,
	paging,
	phone,
	rowsRequiredWithOffset,
	text,
} from './common';

export const sendQuickSmsParams = z
	.object({
		message: text,
		phone,
		alphaname_id: integer,
		show_cost: flag.optional(),
		forwarding_message: flag.optional(),
		forwarding_time: forwardingTime.optional(),
		chatname_id: integer.optional(),
	})
	.strict();

export const createSmsMessageParams = z
	.object({
		name: text.optional(),
		message: text,
		alphaname_id: integer.optional(),
		time: minuteTime.optional(),
	})
	.strict();

export const checkSmsMessageStatusParams = z.object({ message_id: text }).strict();

export const sendSmsParams = z.object({ message_id: integer, phone }).strict();

export const checkSmsParams = z.object({ sms_id: integer }).strict();

export const getMessagesListParams = z.object(paging).strict().superRefine(rowsRequiredWithOffset);

export const getSmsDeliveryListParams = z
	.object({ message_id: integer, ...paging })
	.strict()
	.superRefine(rowsRequiredWithOffset);

export const sendSmsListParams = z
	.object({
		name: text,
		message: text,
		d_schedule: minuteTime,
		list_id: integer,
		alphaname_id: integer,
	})
	.strict();

export const confirmSendMessageByListParams = z
	.object({ message_id: integer, confirm: flag })
	.strict();

export const getSmsMessagesParams = z
	.object({
		type: z
			.enum(['WEB', 'API'], { errorMap: () => ({ message: 'must be WEB or API' }) })
			.optional(),
	})
	.strict();
