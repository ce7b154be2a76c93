import { z } from 'zod';

/** Answer shapes written from the spec's Resources section, independently of the emulator's code. */
export const int = z.number().int();
export const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
export const microTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/);
export const costWithCurrency = z.string().regex(/^\d+\.\d{5} [A-Z]{3}$/);
export const decimal = z.string().regex(/^\d+\.\d+$/);
export const digits = z.string().regex(/^\d+$/);

export const v2 = <T extends z.ZodTypeAny>(result: T) =>
	z.object({ status: z.literal('OK'), result }).strict();
export const statusOnly = z.object({ status: z.literal('OK') }).strict();

export const batchResponse = z
	.object({ uuid: z.string().uuid(), success: z.literal('OK') })
	.strict();
export const deliveryEntry = z
	.object({
		delivery_id: int,
		phone: digits,
		status: z.enum(['NEW', 'DELIVERED']),
		status_time: microTime,
	})
	.strict();
export const mailingResult = z
	.object({ message_id: int, name: z.string(), alphaname_id: int, success: z.array(deliveryEntry) })
	.strict();
export const errorEntry = z.object({ errors: z.array(z.string()).min(1) }).strict();
export const batchStatus = z.array(z.union([mailingResult, errorEntry]));

export const chatMailing = z
	.object({
		message_id: int,
		message_type: z.enum(['TEXT', 'IMAGE', 'BUTTON']),
		message: z.string(),
		button_caption: z.string(),
		button_link: z.string(),
		image_file: z.string(),
		status: z.string(),
		d_create: dateTime,
		d_schedule: dateTime,
		cost: costWithCurrency,
	})
	.strict();

export const chatDelivery = z
	.object({ delivery_id: int, phone: digits, status: z.string(), error_code: int })
	.strict();
export const chatDeliveryData = z
	.object({ phone: digits, status: z.string(), error_code: int })
	.strict();
export const incoming = z
	.object({ id: z.string(), phone: digits, message: z.string(), d_receiver: dateTime })
	.strict();
export const templateEntry = z.object({ id: int, name: z.string() }).strict();
export const fullTemplate = z
	.object({ id: int, name: z.string(), message: z.string(), parts: int })
	.strict();

export const singleSend = z.object({ sms_id: int, status: z.literal('NEW'), parts: int }).strict();
export const sendSmsResult = z.object({ sms_id: int, status: z.literal('NEW') }).strict();
export const createSmsResult = z
	.object({
		status: z.string(),
		parts: int,
		len: int,
		message_id: int,
		alphaname: z.string(),
		time: int,
	})
	.strict();
export const checkSmsResult = z.object({ sms_id: int, sent: int, delivered: int }).strict();
export const messagesListItem = z
	.object({
		message_id: int,
		message: z.string(),
		parts: int,
		d_create: dateTime,
		status: z.string(),
	})
	.strict();
export const smsDeliveryItem = z
	.object({ phone: int, status: z.enum(['sent', 'delivered']), d_sent: dateTime })
	.strict();
export const smsMailingItem = z
	.object({
		id: int,
		name: z.string(),
		d_create: int,
		d_schedule: int,
		type: z.enum(['WEB', 'API']),
		parts: digits,
		count_phones: int,
		status: z.string(),
		sms_delivered: digits,
		cost: decimal,
		alphaname: z.string(),
	})
	.strict();

/** Shapes the spec does not show; these are the emulator's documented choices. */
export const checkSmsMessageStatusResult = z
	.object({
		message_id: int,
		name: z.string(),
		status: z.string(),
		parts: int,
		d_create: dateTime,
		count_sms: int,
	})
	.strict();
export const listMailingInfo = z
	.object({
		message_id: int,
		status: z.string(),
		count_phones: int,
		parts: int,
		cost: decimal,
		currency: z.literal('EUR'),
	})
	.strict();
export const confirmInfo = listMailingInfo
	.extend({ confirmed: z.union([z.literal(0), z.literal(1)]), balance: decimal })
	.strict();

export const invalidRequest = z
	.object({ error: z.literal('invalid request'), parameter: z.string(), rule: z.string().min(1) })
	.strict();
