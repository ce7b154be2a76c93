import type { z } from 'zod';
import * as batchContract from './contract/batch';
import * as chatContract from './contract/chat';
import { sendOtpParams } from './contract/otp';
import * as smsContract from './contract/sms';
import * as templateContract from './contract/templates';
import type { ApiVersion, TokenLocation } from './errors';
import * as batch from './methods/batch';
import * as chat from './methods/chat';
import type { HandlerContext } from './methods/context';
import * as replies from './methods/replies';
import * as sms from './methods/sms';
import * as smsMailings from './methods/smsMailings';
import * as templates from './methods/templates';

/** Where a parameter must arrive: query string, form field, form file part, or member of the JSON body. */
export type ParamLocation = 'query' | 'form' | 'file' | 'json';

export interface Route {
	apiMethod: string;
	path: string;
	version: ApiVersion;
	httpMethod: 'GET' | 'POST';
	tokenIn: TokenLocation;
	/** every parameter except token, with its location */
	params: Record<string, ParamLocation>;
	/** 'json' only for the batch methods; all other POST methods take form bodies (or none) */
	body: 'json' | 'form';
	schema: z.ZodTypeAny;
	handler: (ctx: HandlerContext, params: never) => unknown;
}

function route<S extends z.ZodTypeAny>(
	definition: Omit<Route, 'schema' | 'handler' | 'path' | 'body'> & {
		schema: S;
		handler: (ctx: HandlerContext, params: z.output<S>) => unknown;
	},
): Route {
	return {
		...definition,
		path: `/api/${definition.version}/${definition.apiMethod}`,
		body: definition.tokenIn === 'query+json' ? 'json' : 'form',
	};
}

const q = 'query' as const;
const f = 'form' as const;
const jsonBatch = { callback_url: 'json', messages: 'json' } as const;
const chatContentParams = {
	type_message: f,
	message: f,
	image_url: f,
	image: 'file',
	button: f,
	button_link: f,
} as const;

export const routes: Route[] = [
	// chat-app batches (v1)
	route({
		apiMethod: 'sendBulkChat',
		version: 'v1',
		httpMethod: 'POST',
		tokenIn: 'query+json',
		params: jsonBatch,
		schema: batchContract.sendBulkChatBody,
		handler: batch.sendBulkChat,
	}),
	route({
		apiMethod: 'statusBulkChat',
		version: 'v1',
		httpMethod: 'POST',
		tokenIn: q,
		params: { uuid: q },
		schema: batchContract.statusBulkParams,
		handler: batch.statusBulkChat,
	}),
	// chat-app single and list mailings (v2)
	route({
		apiMethod: 'sendQuickChatMessage',
		version: 'v2',
		httpMethod: 'POST',
		tokenIn: f,
		params: {
			chatname_id: f,
			phone: f,
			...chatContentParams,
			forwarding_message: f,
			forwarding_time: f,
			alphaname_id: f,
		},
		schema: chatContract.sendQuickChatMessageParams,
		handler: chat.sendQuickChatMessage,
	}),
	route({
		apiMethod: 'getChatDeliveryData',
		version: 'v2',
		httpMethod: 'POST',
		tokenIn: f,
		params: { message_id: f },
		schema: chatContract.messageIdParams,
		handler: chat.getChatDeliveryData,
	}),
	route({
		apiMethod: 'sendChatMessageList',
		version: 'v2',
		httpMethod: 'POST',
		tokenIn: f,
		params: { name: f, chatname_id: f, list_id: f, ...chatContentParams, d_schedule: f },
		schema: chatContract.sendChatMessageListParams,
		handler: chat.sendChatMessageList,
	}),
	route({
		apiMethod: 'confirmChatMessage',
		version: 'v2',
		httpMethod: 'POST',
		tokenIn: q,
		params: { message_id: f },
		schema: chatContract.messageIdParams,
		handler: chat.confirmChatMessage,
	}),
	route({
		apiMethod: 'getChatMessages',
		version: 'v2',
		httpMethod: 'POST',
		tokenIn: q,
		params: { limit_offset: f, limit_rows: f },
		schema: chatContract.getChatMessagesParams,
		handler: chat.getChatMessages,
	}),
	route({
		apiMethod: 'getChatMessageData',
		version: 'v2',
		httpMethod: 'POST',
		tokenIn: q,
		params: { message_id: f },
		schema: chatContract.messageIdParams,
		handler: chat.getChatMessageData,
	}),
	route({
		apiMethod: 'getChatDeliveryList',
		version: 'v2',
		httpMethod: 'POST',
		tokenIn: f,
		params: { message_id: f },
		schema: chatContract.messageIdParams,
		handler: chat.getChatDeliveryList,
	}),
	route({
		apiMethod: 'getNewIncomingMessages',
		version: 'v2',
		httpMethod: 'POST',
		tokenIn: f,
		params: { message_id: f },
		schema: chatContract.messageIdParams,
		handler: replies.getNewIncomingMessages,
	}),
	route({
		apiMethod: 'readResponseStatus',
		version: 'v2',
		httpMethod: 'POST',
		tokenIn: f,
		params: { incoming_messages: f },
		schema: chatContract.readResponseStatusParams,
		handler: replies.readResponseStatus,
	}),
	// templates (v2)
	route({
		apiMethod: 'getTemplateMessages',
		version: 'v2',
		httpMethod: 'POST',
		tokenIn: q,
		params: {},
		schema: templateContract.noParams,
		handler: templates.getTemplateMessages,
	}),
	route({
		apiMethod: 'getTemplateMessageById',
		version: 'v2',
		httpMethod: 'POST',
		tokenIn: q,
		params: { template_id: q },
		schema: templateContract.getTemplateByIdParams,
		handler: templates.getTemplateMessageById,
	}),
	route({
		apiMethod: 'createTemplateMessage',
		version: 'v2',
		httpMethod: 'POST',
		tokenIn: f,
		params: { name: f, message: f },
		schema: templateContract.createTemplateParams,
		handler: templates.createTemplateMessage,
	}),
	route({
		apiMethod: 'editTemplateMessage',
		version: 'v2',
		httpMethod: 'POST',
		tokenIn: f,
		params: { template_id: f, name: f, message: f },
		schema: templateContract.editTemplateParams,
		handler: templates.editTemplateMessage,
	}),
	route({
		apiMethod: 'deleteTemplateMessage',
		version: 'v2',
		httpMethod: 'POST',
		tokenIn: f,
		params: { template_id: f },
		schema: templateContract.deleteTemplateParams,
		handler: templates.deleteTemplateMessage,
	}),
	// SMS (v1)
	route({
		apiMethod: 'sendBulkSms',
		version: 'v1',
		httpMethod: 'POST',
		tokenIn: 'query+json',
		params: jsonBatch,
		schema: batchContract.sendBulkSmsBody,
		handler: batch.sendBulkSms,
	}),
	route({
		apiMethod: 'statusBulkSms',
		version: 'v1',
		httpMethod: 'POST',
		tokenIn: q,
		params: { uuid: q },
		schema: batchContract.statusBulkParams,
		handler: batch.statusBulkSms,
	}),
	route({
		apiMethod: 'sendQuickSMS',
		version: 'v1',
		httpMethod: 'POST',
		tokenIn: q,
		params: {
			message: q,
			phone: q,
			alphaname_id: q,
			show_cost: q,
			forwarding_message: f,
			forwarding_time: f,
			chatname_id: f,
		},
		schema: smsContract.sendQuickSmsParams,
		handler: sms.sendQuickSms,
	}),
	route({
		apiMethod: 'sendOtpAppOne',
		version: 'v1',
		httpMethod: 'POST',
		tokenIn: q,
		params: { message: q, phone: q },
		schema: sendOtpParams,
		handler: sms.sendOtp('otp-app-one'),
	}),
	route({
		apiMethod: 'sendOtpAppTwo',
		version: 'v1',
		httpMethod: 'POST',
		tokenIn: q,
		params: { message: q, phone: q },
		schema: sendOtpParams,
		handler: sms.sendOtp('otp-app-two'),
	}),
	route({
		apiMethod: 'createSmsMessage',
		version: 'v1',
		httpMethod: 'GET',
		tokenIn: q,
		params: { name: q, message: q, alphaname_id: q, time: q },
		schema: smsContract.createSmsMessageParams,
		handler: sms.createSmsMessage,
	}),
	route({
		apiMethod: 'checkSMSMessageStatus',
		version: 'v1',
		httpMethod: 'GET',
		tokenIn: q,
		params: { message_id: q },
		schema: smsContract.checkSmsMessageStatusParams,
		handler: sms.checkSmsMessageStatus,
	}),
	route({
		apiMethod: 'sendSMS',
		version: 'v1',
		httpMethod: 'GET',
		tokenIn: q,
		params: { message_id: q, phone: q },
		schema: smsContract.sendSmsParams,
		handler: sms.sendSms,
	}),
	route({
		apiMethod: 'checkSMS',
		version: 'v1',
		httpMethod: 'GET',
		tokenIn: q,
		params: { sms_id: q },
		schema: smsContract.checkSmsParams,
		handler: sms.checkSms,
	}),
	route({
		apiMethod: 'getMessagesList',
		version: 'v1',
		httpMethod: 'GET',
		tokenIn: q,
		params: { limit_offset: q, limit_rows: q },
		schema: smsContract.getMessagesListParams,
		handler: sms.getMessagesList,
	}),
	route({
		apiMethod: 'getSmsDeliveryList',
		version: 'v1',
		httpMethod: 'GET',
		tokenIn: q,
		params: { message_id: q, limit_offset: q, limit_rows: q },
		schema: smsContract.getSmsDeliveryListParams,
		handler: sms.getSmsDeliveryList,
	}),
	route({
		apiMethod: 'sendSmsList',
		version: 'v1',
		httpMethod: 'POST',
		tokenIn: f,
		params: { name: f, message: f, d_schedule: f, list_id: f, alphaname_id: f },
		schema: smsContract.sendSmsListParams,
		handler: smsMailings.sendSmsList,
	}),
	route({
		apiMethod: 'confirmSendMessageByList',
		version: 'v1',
		httpMethod: 'POST',
		tokenIn: f,
		params: { message_id: f, confirm: f },
		schema: smsContract.confirmSendMessageByListParams,
		handler: smsMailings.confirmSendMessageByList,
	}),
	route({
		apiMethod: 'getSMSMessages',
		version: 'v1',
		httpMethod: 'GET',
		tokenIn: q,
		params: { type: q },
		schema: smsContract.getSmsMessagesParams,
		handler: smsMailings.getSmsMessages,
	}),
];

const byPath = new Map(routes.map((entry) => [entry.path, entry]));

export function findRoute(path: string): Route | undefined {
	return byPath.get(path);
}
