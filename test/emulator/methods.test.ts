import { z } from 'zod';
import {
	alpha,
	bulkChat,
	bulkSms,
	call,
	chat,
	chatBatchBody,
	chatList,
	list,
	PHONE,
	quickChat,
	quickSms,
	smsBatchBody,
	smsList,
	storedMessage,
	TOKEN,
	type Call,
	type Ctx,
} from './helpers';
import { useEmulator } from './useEmulator';
import * as shape from './shapes';

interface Broken {
	why: string;
	request: (ctx: Ctx) => Promise<Call> | Call;
	parameter: string;
}

interface MethodCase {
	path: string;
	valid: (ctx: Ctx) => Promise<Call> | Call;
	shape: z.ZodTypeAny;
	check?: (json: any, ctx: Ctx) => void;
	broken: Broken[];
}

const GET = 'GET' as const;
const q = (extra: Record<string, string> = {}) => ({ token: TOKEN, ...extra });

const cases: MethodCase[] = [
	{
		path: 'v1/sendBulkChat',
		valid: (ctx) => ({ query: q(), json: chatBatchBody(ctx) }),
		shape: shape.batchResponse,
		broken: [
			{
				why: 'empty delivery list',
				request: (ctx) => ({
					query: q(),
					json: chatBatchBody(ctx, [
						{
							alphaname_id: alpha(ctx),
							name: 'x',
							message_type: 'bulk',
							content: { type: 'text', text: 'a' },
							delivery_list: [],
						},
					]),
				}),
				parameter: 'messages[0].delivery_list',
			},
			{
				why: 'image content with personal',
				request: (ctx) => ({
					query: q(),
					json: chatBatchBody(ctx, [
						{
							alphaname_id: alpha(ctx),
							name: 'x',
							message_type: 'personal',
							content: { type: 'image', image_url: 'https://example.com/a.png' },
							delivery_list: [{ phone: PHONE, text: 'a' }],
						},
					]),
				}),
				parameter: 'messages[0].content.type',
			},
			{
				why: 'button_link over 150 characters',
				request: (ctx) => ({
					query: q(),
					json: chatBatchBody(ctx, [
						{
							alphaname_id: alpha(ctx),
							name: 'x',
							message_type: 'bulk',
							content: {
								type: 'button',
								image_url: 'https://example.com/a.png',
								caption: 'Open',
								button_link: `https://example.com/${'a'.repeat(140)}`,
								text: 'Look',
							},
							delivery_list: [PHONE],
						},
					]),
				}),
				parameter: 'messages[0].content.button_link',
			},
			{
				why: 'callback_url in the query string',
				request: (ctx) => ({
					query: q({ callback_url: 'http://127.0.0.1:9/x' }),
					json: chatBatchBody(ctx),
				}),
				parameter: 'callback_url',
			},
			{
				why: 'personal button entry without button_link',
				request: (ctx) => ({
					query: q(),
					json: chatBatchBody(ctx, [
						{
							alphaname_id: alpha(ctx),
							name: 'x',
							message_type: 'personal',
							content: { type: 'button', image_url: 'https://example.com/a.png', caption: 'Open' },
							delivery_list: [{ phone: PHONE, text: 'a' }],
						},
					]),
				}),
				parameter: 'messages[0].delivery_list[0].button_link',
			},
		],
	},
	{
		path: 'v1/statusBulkChat',
		valid: async (ctx) => ({ query: q({ uuid: await bulkChat(ctx) }) }),
		shape: shape.batchStatus,
		check: (json) => expect(json[0].success).toHaveLength(2),
		broken: [
			{
				why: 'uuid in the form body',
				request: async (ctx) => ({ query: q(), form: { uuid: await bulkChat(ctx) } }),
				parameter: 'uuid',
			},
			{ why: 'uuid missing', request: () => ({ query: q() }), parameter: 'uuid' },
		],
	},
	{
		path: 'v2/sendQuickChatMessage',
		valid: (ctx) => ({
			form: { token: TOKEN, chatname_id: chat(ctx), phone: PHONE, message: 'Hi' },
		}),
		shape: shape.v2(z.object({ message_id: shape.int }).strict()),
		broken: [
			{
				why: 'TEXT without message',
				request: (ctx) => ({ form: { token: TOKEN, chatname_id: chat(ctx), phone: PHONE } }),
				parameter: 'message',
			},
			{
				why: 'BUTTON without button_link',
				request: (ctx) => ({
					form: {
						token: TOKEN,
						chatname_id: chat(ctx),
						phone: PHONE,
						type_message: 'BUTTON',
						button: 'Go',
					},
				}),
				parameter: 'button_link',
			},
			{
				why: 'IMAGE without image_url or image',
				request: (ctx) => ({
					form: { token: TOKEN, chatname_id: chat(ctx), phone: PHONE, type_message: 'IMAGE' },
				}),
				parameter: 'image_url',
			},
			{
				why: 'forwarding_time over 60',
				request: (ctx) => ({
					form: {
						token: TOKEN,
						chatname_id: chat(ctx),
						phone: PHONE,
						message: 'Hi',
						forwarding_message: '1',
						forwarding_time: '61',
					},
				}),
				parameter: 'forwarding_time',
			},
			{
				why: 'chatname_id in the query string',
				request: (ctx) => ({
					query: { chatname_id: chat(ctx) },
					form: { token: TOKEN, phone: PHONE, message: 'Hi' },
				}),
				parameter: 'chatname_id',
			},
			{
				why: 'phone with a plus sign',
				request: (ctx) => ({
					form: { token: TOKEN, chatname_id: chat(ctx), phone: `+${PHONE}`, message: 'Hi' },
				}),
				parameter: 'phone',
			},
		],
	},
	{
		path: 'v2/getChatDeliveryData',
		valid: async (ctx) => ({ form: { token: TOKEN, message_id: String(await quickChat(ctx)) } }),
		shape: shape.v2(shape.chatDeliveryData),
		broken: [
			{
				why: 'message_id not an integer',
				request: () => ({ form: { token: TOKEN, message_id: 'abc' } }),
				parameter: 'message_id',
			},
		],
	},
	{
		path: 'v2/sendChatMessageList',
		valid: (ctx) => ({
			form: {
				token: TOKEN,
				chatname_id: chat(ctx),
				list_id: list(ctx),
				message: 'News',
				d_schedule: '2026-03-03 10:00',
			},
		}),
		shape: shape.v2(z.object({ message_id: shape.int, count_subscribers: shape.int }).strict()),
		check: (json, ctx) =>
			expect(json.result.count_subscribers).toBe(ctx.info.lists[0].phones.length),
		broken: [
			{
				why: 'd_schedule in the wrong format',
				request: (ctx) => ({
					form: {
						token: TOKEN,
						chatname_id: chat(ctx),
						list_id: list(ctx),
						message: 'News',
						d_schedule: '2026-03-03T10:00',
					},
				}),
				parameter: 'd_schedule',
			},
			{
				why: 'list_id missing',
				request: (ctx) => ({ form: { token: TOKEN, chatname_id: chat(ctx), message: 'News' } }),
				parameter: 'list_id',
			},
		],
	},
	{
		path: 'v2/confirmChatMessage',
		valid: async (ctx) => ({ query: q(), form: { message_id: String(await chatList(ctx)) } }),
		shape: shape.statusOnly,
		broken: [
			{
				why: 'message_id in the query string',
				request: async (ctx) => ({ query: q({ message_id: String(await chatList(ctx)) }) }),
				parameter: 'message_id',
			},
		],
	},
	{
		path: 'v2/getChatMessages',
		valid: async (ctx) => {
			await quickChat(ctx);
			return { query: q(), form: { limit_offset: '0', limit_rows: '10' } };
		},
		shape: shape.v2(z.array(shape.chatMailing).min(1)),
		broken: [
			{
				why: 'limit_rows not an integer',
				request: () => ({ query: q(), form: { limit_rows: 'ten' } }),
				parameter: 'limit_rows',
			},
		],
	},
	{
		path: 'v2/getChatMessageData',
		valid: async (ctx) => ({ query: q(), form: { message_id: String(await quickChat(ctx)) } }),
		shape: shape.v2(shape.chatMailing),
		broken: [
			{ why: 'message_id missing', request: () => ({ query: q() }), parameter: 'message_id' },
		],
	},
	{
		path: 'v2/getChatDeliveryList',
		valid: async (ctx) => ({ form: { token: TOKEN, message_id: String(await quickChat(ctx)) } }),
		shape: shape.v2(z.array(shape.chatDelivery).length(1)),
		broken: [
			{
				why: 'message_id in the query string',
				request: async (ctx) => ({
					query: { message_id: String(await quickChat(ctx)) },
					form: { token: TOKEN },
				}),
				parameter: 'message_id',
			},
		],
	},
	{
		path: 'v2/getNewIncomingMessages',
		valid: async (ctx) => {
			const messageId = await quickChat(ctx);
			ctx.sandbox.injectReply(TOKEN, {
				message_id: messageId,
				phone: PHONE,
				message: 'Yes please',
			});
			return { form: { token: TOKEN, message_id: String(messageId) } };
		},
		shape: shape.v2(z.array(shape.incoming).length(1)),
		broken: [
			{
				why: 'an unknown parameter',
				request: async (ctx) => ({
					form: { token: TOKEN, message_id: String(await quickChat(ctx)), foo: '1' },
				}),
				parameter: 'foo',
			},
		],
	},
	{
		path: 'v2/readResponseStatus',
		valid: async (ctx) => {
			const messageId = await quickChat(ctx);
			const a = ctx.sandbox.injectReply(TOKEN, {
				message_id: messageId,
				phone: PHONE,
				message: 'a',
			});
			const b = ctx.sandbox.injectReply(TOKEN, {
				message_id: messageId,
				phone: PHONE,
				message: 'b',
			});
			return { form: { token: TOKEN, incoming_messages: `${a.id},${b.id}` } };
		},
		shape: shape.v2(z.string()),
		check: (json) => expect(json.result).toBe('2 messages marked as read'),
		broken: [
			{
				why: 'ids separated by semicolons',
				request: () => ({ form: { token: TOKEN, incoming_messages: '1;2' } }),
				parameter: 'incoming_messages',
			},
		],
	},
	{
		path: 'v2/getTemplateMessages',
		valid: () => ({ query: q() }),
		shape: shape.v2(z.array(shape.templateEntry).length(2)),
		broken: [
			{
				why: 'a parameter the method does not have',
				request: () => ({ query: q({ limit_rows: '1' }) }),
				parameter: 'limit_rows',
			},
		],
	},
	{
		path: 'v2/getTemplateMessageById',
		valid: (ctx) => ({ query: q({ template_id: String(ctx.info.templateIds[0]) }) }),
		shape: shape.v2(shape.fullTemplate),
		broken: [
			{
				why: 'template_id in the form body',
				request: (ctx) => ({ query: q(), form: { template_id: String(ctx.info.templateIds[0]) } }),
				parameter: 'template_id',
			},
		],
	},
	{
		path: 'v2/createTemplateMessage',
		valid: () => ({
			form: { token: TOKEN, name: 'Reminder', message: 'Your appointment is tomorrow.' },
		}),
		shape: shape.v2(shape.fullTemplate),
		check: (json) => expect(json.result).toMatchObject({ name: 'Reminder', parts: 1 }),
		broken: [
			{
				why: 'name missing',
				request: () => ({ form: { token: TOKEN, message: 'x' } }),
				parameter: 'name',
			},
		],
	},
	{
		path: 'v2/editTemplateMessage',
		valid: (ctx) => ({
			form: {
				token: TOKEN,
				template_id: String(ctx.info.templateIds[0]),
				name: 'Hello',
				message: 'Привет',
			},
		}),
		shape: shape.v2(shape.fullTemplate),
		check: (json, ctx) =>
			expect(json.result).toEqual({
				id: ctx.info.templateIds[0],
				name: 'Hello',
				message: 'Привет',
				parts: 1,
			}),
		broken: [
			{
				why: 'template_id not an integer',
				request: () => ({ form: { token: TOKEN, template_id: 'x1', name: 'a', message: 'b' } }),
				parameter: 'template_id',
			},
		],
	},
	{
		path: 'v2/deleteTemplateMessage',
		valid: (ctx) => ({ form: { token: TOKEN, template_id: String(ctx.info.templateIds[1]) } }),
		shape: shape.statusOnly,
		broken: [
			{
				why: 'template_id in the query string',
				request: (ctx) => ({
					query: { template_id: String(ctx.info.templateIds[1]) },
					form: { token: TOKEN },
				}),
				parameter: 'template_id',
			},
		],
	},
	{
		path: 'v1/sendBulkSms',
		valid: (ctx) => ({ query: q(), json: smsBatchBody(ctx) }),
		shape: shape.batchResponse,
		broken: [
			{
				why: 'callback_url missing',
				request: (ctx) => ({ query: q(), json: { ...smsBatchBody(ctx), callback_url: undefined } }),
				parameter: 'callback_url',
			},
			{
				why: 'item-level text in a personal mailing',
				request: (ctx) => ({
					query: q(),
					json: smsBatchBody(ctx, [
						{
							alphaname_id: alpha(ctx),
							name: 'p',
							message_type: 'personal',
							text: 'x',
							delivery_list: [{ phone: PHONE, text: 'a' }],
						},
					]),
				}),
				parameter: 'messages[0].text',
			},
			{
				why: 'schedule_time in the wrong format',
				request: (ctx) => ({
					query: q(),
					json: smsBatchBody(ctx, [
						{
							alphaname_id: alpha(ctx),
							name: 'p',
							message_type: 'bulk',
							text: 'x',
							schedule_time: '2026-03-02 10:00:00',
							delivery_list: [PHONE],
						},
					]),
				}),
				parameter: 'messages[0].schedule_time',
			},
			{
				why: 'alphaname_id as a JSON number',
				request: (ctx) => ({
					query: q(),
					json: smsBatchBody(ctx, [
						{
							alphaname_id: Number(alpha(ctx)),
							name: 'p',
							message_type: 'bulk',
							text: 'x',
							delivery_list: [PHONE],
						},
					]),
				}),
				parameter: 'messages[0].alphaname_id',
			},
		],
	},
	{
		path: 'v1/statusBulkSms',
		valid: async (ctx) => ({ query: q({ uuid: await bulkSms(ctx) }) }),
		shape: shape.batchStatus,
		broken: [
			{
				why: 'uuid is not a UUID',
				request: () => ({ query: q({ uuid: 'batch-1' }) }),
				parameter: 'uuid',
			},
		],
	},
	{
		path: 'v1/sendQuickSMS',
		valid: (ctx) => ({ query: q({ message: 'Hi', phone: PHONE, alphaname_id: alpha(ctx) }) }),
		shape: shape.singleSend,
		broken: [
			{
				why: 'message in the form body',
				request: (ctx) => ({
					query: q({ phone: PHONE, alphaname_id: alpha(ctx) }),
					form: { message: 'Hi' },
				}),
				parameter: 'message',
			},
			{
				why: 'alphaname_id missing',
				request: () => ({ query: q({ message: 'Hi', phone: PHONE }) }),
				parameter: 'alphaname_id',
			},
			{
				why: 'forwarding_time in the query string',
				request: (ctx) => ({
					query: q({
						message: 'Hi',
						phone: PHONE,
						alphaname_id: alpha(ctx),
						forwarding_time: '10',
					}),
				}),
				parameter: 'forwarding_time',
			},
		],
	},
	{
		path: 'v1/sendOtpAppOne',
		valid: () => ({ query: q({ message: '123456', phone: PHONE }) }),
		shape: shape.singleSend,
		broken: [
			{
				why: 'code with a letter',
				request: () => ({ query: q({ message: '12a456', phone: PHONE }) }),
				parameter: 'message',
			},
			{
				why: 'code of 17 digits',
				request: () => ({ query: q({ message: '1'.repeat(17), phone: PHONE }) }),
				parameter: 'message',
			},
		],
	},
	{
		path: 'v1/sendOtpAppTwo',
		valid: () => ({ query: q({ message: '1'.repeat(16), phone: PHONE }) }),
		shape: shape.singleSend,
		broken: [
			{
				why: 'phone in the form body',
				request: () => ({ query: q({ message: '1234' }), form: { phone: PHONE } }),
				parameter: 'phone',
			},
		],
	},
	{
		path: 'v1/createSmsMessage',
		valid: (ctx) => ({
			method: GET,
			query: q({
				name: 'n',
				message: 'Stored',
				alphaname_id: alpha(ctx),
				time: '2026-03-02 12:30',
			}),
		}),
		shape: shape.createSmsResult,
		check: (json) => expect(json.time).toBe(Date.UTC(2026, 2, 2, 12, 30) / 1000),
		broken: [
			{
				why: 'time with seconds',
				request: () => ({ method: GET, query: q({ message: 'x', time: '2026-03-02 12:30:00' }) }),
				parameter: 'time',
			},
			{
				why: 'alphaname_id not an integer',
				request: () => ({ method: GET, query: q({ message: 'x', alphaname_id: 'DemoShop' }) }),
				parameter: 'alphaname_id',
			},
		],
	},
	{
		path: 'v1/checkSMSMessageStatus',
		valid: async (ctx) => ({
			method: GET,
			query: q({ message_id: String(await storedMessage(ctx)) }),
		}),
		shape: shape.checkSmsMessageStatusResult,
		broken: [
			{
				why: 'message_id missing',
				request: () => ({ method: GET, query: q() }),
				parameter: 'message_id',
			},
		],
	},
	{
		path: 'v1/sendSMS',
		valid: async (ctx) => ({
			method: GET,
			query: q({ message_id: String(await storedMessage(ctx)), phone: PHONE }),
		}),
		shape: shape.sendSmsResult,
		broken: [
			{
				why: 'phone with a plus sign',
				request: async (ctx) => ({
					method: GET,
					query: q({ message_id: String(await storedMessage(ctx)), phone: `+${PHONE}` }),
				}),
				parameter: 'phone',
			},
		],
	},
	{
		path: 'v1/checkSMS',
		valid: async (ctx) => ({ method: GET, query: q({ sms_id: String(await quickSms(ctx)) }) }),
		shape: shape.checkSmsResult,
		broken: [
			{
				why: 'sms_id not an integer',
				request: () => ({ method: GET, query: q({ sms_id: '1.5' }) }),
				parameter: 'sms_id',
			},
		],
	},
	{
		path: 'v1/getMessagesList',
		valid: () => ({ method: GET, query: q({ limit_offset: '0', limit_rows: '5' }) }),
		shape: z.object({ result: z.array(shape.messagesListItem).min(1) }).strict(),
		broken: [
			{
				why: 'limit_offset without limit_rows',
				request: () => ({ method: GET, query: q({ limit_offset: '0' }) }),
				parameter: 'limit_rows',
			},
		],
	},
	{
		path: 'v1/getSmsDeliveryList',
		valid: async (ctx) => {
			const messageId = await storedMessage(ctx);
			await call(ctx.sandbox, 'v1/sendSMS', {
				method: GET,
				query: q({ message_id: String(messageId), phone: PHONE }),
			});
			ctx.sandbox.advanceClock(120);
			return { method: GET, query: q({ message_id: String(messageId) }) };
		},
		shape: z.object({ result: z.array(shape.smsDeliveryItem).length(1) }).strict(),
		check: (json) =>
			expect(json.result[0]).toMatchObject({ phone: Number(PHONE), status: 'delivered' }),
		broken: [
			{
				why: 'limit_offset without limit_rows',
				request: () => ({ method: GET, query: q({ message_id: '1', limit_offset: '5' }) }),
				parameter: 'limit_rows',
			},
		],
	},
	{
		path: 'v1/sendSmsList',
		valid: (ctx) => ({
			form: {
				token: TOKEN,
				name: 'Sale',
				message: 'Sale today',
				d_schedule: '2026-03-02 10:00',
				list_id: list(ctx),
				alphaname_id: alpha(ctx),
			},
		}),
		shape: shape.listMailingInfo,
		broken: [
			{
				why: 'd_schedule missing',
				request: (ctx) => ({
					form: {
						token: TOKEN,
						name: 'Sale',
						message: 'x',
						list_id: list(ctx),
						alphaname_id: alpha(ctx),
					},
				}),
				parameter: 'd_schedule',
			},
			{
				why: 'list_id in the query string',
				request: (ctx) => ({
					query: { list_id: list(ctx) },
					form: {
						token: TOKEN,
						name: 'Sale',
						message: 'x',
						d_schedule: '2026-03-02 10:00',
						alphaname_id: alpha(ctx),
					},
				}),
				parameter: 'list_id',
			},
		],
	},
	{
		path: 'v1/confirmSendMessageByList',
		valid: async (ctx) => ({
			form: { token: TOKEN, message_id: String(await smsList(ctx)), confirm: '0' },
		}),
		shape: shape.confirmInfo,
		broken: [
			{
				why: 'confirm of 2',
				request: async (ctx) => ({
					form: { token: TOKEN, message_id: String(await smsList(ctx)), confirm: '2' },
				}),
				parameter: 'confirm',
			},
		],
	},
	{
		path: 'v1/getSMSMessages',
		valid: () => ({ method: GET, query: q() }),
		shape: z
			.object({ status: z.literal('success'), data: z.array(shape.smsMailingItem).min(1) })
			.strict(),
		broken: [
			{
				why: 'type not WEB or API',
				request: () => ({ method: GET, query: q({ type: 'SMS' }) }),
				parameter: 'type',
			},
		],
	},
];

describe('every method of the spec', () => {
	const ctx = useEmulator();

	it('covers the 30 methods', () => {
		expect(new Set(cases.map((c) => c.path)).size).toBe(30);
	});

	describe.each(cases.map((c) => [c.path, c] as const))('%s', (path, method) => {
		it('accepts a request built as the spec says and answers in the spec shape', async () => {
			const reply = await call(ctx.sandbox, path, await method.valid(ctx));
			expect({ status: reply.status, body: reply.json }).toEqual({
				status: 200,
				body: expect.anything(),
			});
			const parsed = method.shape.safeParse(reply.json);
			if (!parsed.success) throw new Error(`${reply.text}\n${parsed.error.message}`);
			method.check?.(reply.json, ctx);
		});

		it.each(method.broken.map((b) => [b.why, b] as const))(
			'refuses %s with a 400 naming the parameter',
			async (_why, broken) => {
				const reply = await call(ctx.sandbox, path, await broken.request(ctx));
				expect(reply.status).toBe(400);
				expect(shape.invalidRequest.parse(reply.json).parameter).toBe(broken.parameter);
			},
		);
	});
});
