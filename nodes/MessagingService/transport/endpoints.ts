/**
 * The 30 methods of the messaging service API, as data: the only place that knows
 * paths, verbs and where each parameter travels. Operations speak in parameters.
 */

/** Where a parameter travels: URL query, form body (urlencoded, or multipart when a file is sent) or JSON body. */
export type ParameterLocation = 'query' | 'form' | 'json' | 'file';

/** How the service wraps its answer. */
export type AnswerShape =
	/** v1 plain object, returned as it is */
	| 'object'
	/** v2 `{status: 'OK', result}`: the result is returned */
	| 'envelope'
	/** v2 `{status: 'OK'}` with nothing else */
	| 'envelopeStatus'
	/** a bare JSON array */
	| 'array'
	/** v1 `{result: [...]}` */
	| 'resultList'
	/** v1 `{status: 'success', data: [...]}` */
	| 'dataList';

/**
 * What a call does to the service, which decides what may be retried after a failure whose
 * outcome is unknown (5xx, timeout, dropped connection): only reads and idempotent writes are.
 * `send` sends messages (and costs money); `write` creates or changes something without sending.
 */
export type Effect = 'read' | 'idempotentWrite' | 'write' | 'send';

export interface Endpoint {
	verb: 'GET' | 'POST';
	path: string;
	/** where the API key (`token`) goes; the batch methods carry it twice */
	token: Array<'query' | 'form' | 'json'>;
	parameters: Record<string, ParameterLocation>;
	answer: AnswerShape;
	effect: Effect;
}

const chatContent = {
	type_message: 'form',
	message: 'form',
	image_url: 'form',
	image: 'file',
	button: 'form',
	button_link: 'form',
} as const;

export const endpoints = {
	// Chat-app mailings
	sendBulkChat: {
		verb: 'POST',
		path: '/api/v1/sendBulkChat',
		token: ['query', 'json'],
		parameters: { callback_url: 'json', messages: 'json' },
		answer: 'object',
		effect: 'send',
	},
	statusBulkChat: {
		verb: 'POST',
		path: '/api/v1/statusBulkChat',
		token: ['query'],
		parameters: { uuid: 'query' },
		answer: 'array',
		effect: 'read',
	},
	sendQuickChatMessage: {
		verb: 'POST',
		path: '/api/v2/sendQuickChatMessage',
		token: ['form'],
		parameters: {
			chatname_id: 'form',
			phone: 'form',
			...chatContent,
			forwarding_message: 'form',
			forwarding_time: 'form',
			alphaname_id: 'form',
		},
		answer: 'envelope',
		effect: 'send',
	},
	getChatDeliveryData: {
		verb: 'POST',
		path: '/api/v2/getChatDeliveryData',
		token: ['form'],
		parameters: { message_id: 'form' },
		answer: 'envelope',
		effect: 'read',
	},
	sendChatMessageList: {
		verb: 'POST',
		path: '/api/v2/sendChatMessageList',
		token: ['form'],
		parameters: {
			name: 'form',
			chatname_id: 'form',
			list_id: 'form',
			...chatContent,
			d_schedule: 'form',
		},
		answer: 'envelope',
		effect: 'write',
	},
	confirmChatMessage: {
		verb: 'POST',
		path: '/api/v2/confirmChatMessage',
		token: ['query'],
		parameters: { message_id: 'form' },
		answer: 'envelopeStatus',
		effect: 'send',
	},
	getChatMessages: {
		verb: 'POST',
		path: '/api/v2/getChatMessages',
		token: ['query'],
		parameters: { limit_offset: 'form', limit_rows: 'form' },
		answer: 'envelope',
		effect: 'read',
	},
	getChatMessageData: {
		verb: 'POST',
		path: '/api/v2/getChatMessageData',
		token: ['query'],
		parameters: { message_id: 'form' },
		answer: 'envelope',
		effect: 'read',
	},
	getChatDeliveryList: {
		verb: 'POST',
		path: '/api/v2/getChatDeliveryList',
		token: ['form'],
		parameters: { message_id: 'form' },
		answer: 'envelope',
		effect: 'read',
	},
	getNewIncomingMessages: {
		verb: 'POST',
		path: '/api/v2/getNewIncomingMessages',
		token: ['form'],
		parameters: { message_id: 'form' },
		answer: 'envelope',
		effect: 'read',
	},
	readResponseStatus: {
		verb: 'POST',
		path: '/api/v2/readResponseStatus',
		token: ['form'],
		parameters: { incoming_messages: 'form' },
		answer: 'envelope',
		effect: 'idempotentWrite',
	},

	// Templates
	getTemplateMessages: {
		verb: 'POST',
		path: '/api/v2/getTemplateMessages',
		token: ['query'],
		parameters: {},
		answer: 'envelope',
		effect: 'read',
	},
	getTemplateMessageById: {
		verb: 'POST',
		path: '/api/v2/getTemplateMessageById',
		token: ['query'],
		parameters: { template_id: 'query' },
		answer: 'envelope',
		effect: 'read',
	},
	createTemplateMessage: {
		verb: 'POST',
		path: '/api/v2/createTemplateMessage',
		token: ['form'],
		parameters: { name: 'form', message: 'form' },
		answer: 'envelope',
		effect: 'write',
	},
	editTemplateMessage: {
		verb: 'POST',
		path: '/api/v2/editTemplateMessage',
		token: ['form'],
		parameters: { template_id: 'form', name: 'form', message: 'form' },
		answer: 'envelope',
		effect: 'write',
	},
	deleteTemplateMessage: {
		verb: 'POST',
		path: '/api/v2/deleteTemplateMessage',
		token: ['form'],
		parameters: { template_id: 'form' },
		answer: 'envelopeStatus',
		effect: 'write',
	},

	// SMS
	sendBulkSms: {
		verb: 'POST',
		path: '/api/v1/sendBulkSms',
		token: ['query', 'json'],
		parameters: { callback_url: 'json', messages: 'json' },
		answer: 'object',
		effect: 'send',
	},
	statusBulkSms: {
		verb: 'POST',
		path: '/api/v1/statusBulkSms',
		token: ['query'],
		parameters: { uuid: 'query' },
		answer: 'array',
		effect: 'read',
	},
	sendQuickSMS: {
		verb: 'POST',
		path: '/api/v1/sendQuickSMS',
		token: ['query'],
		parameters: {
			message: 'query',
			phone: 'query',
			alphaname_id: 'query',
			show_cost: 'query',
			forwarding_message: 'form',
			forwarding_time: 'form',
			chatname_id: 'form',
		},
		answer: 'object',
		effect: 'send',
	},
	sendOtpAppOne: {
		verb: 'POST',
		path: '/api/v1/sendOtpAppOne',
		token: ['query'],
		parameters: { message: 'query', phone: 'query' },
		answer: 'object',
		effect: 'send',
	},
	sendOtpAppTwo: {
		verb: 'POST',
		path: '/api/v1/sendOtpAppTwo',
		token: ['query'],
		parameters: { message: 'query', phone: 'query' },
		answer: 'object',
		effect: 'send',
	},
	createSmsMessage: {
		verb: 'GET',
		path: '/api/v1/createSmsMessage',
		token: ['query'],
		parameters: { name: 'query', message: 'query', alphaname_id: 'query', time: 'query' },
		answer: 'object',
		effect: 'write',
	},
	checkSMSMessageStatus: {
		verb: 'GET',
		path: '/api/v1/checkSMSMessageStatus',
		token: ['query'],
		parameters: { message_id: 'query' },
		answer: 'object',
		effect: 'read',
	},
	sendSMS: {
		verb: 'GET',
		path: '/api/v1/sendSMS',
		token: ['query'],
		parameters: { message_id: 'query', phone: 'query' },
		answer: 'object',
		effect: 'send',
	},
	checkSMS: {
		verb: 'GET',
		path: '/api/v1/checkSMS',
		token: ['query'],
		parameters: { sms_id: 'query' },
		answer: 'object',
		effect: 'read',
	},
	getMessagesList: {
		verb: 'GET',
		path: '/api/v1/getMessagesList',
		token: ['query'],
		parameters: { limit_offset: 'query', limit_rows: 'query' },
		answer: 'resultList',
		effect: 'read',
	},
	getSmsDeliveryList: {
		verb: 'GET',
		path: '/api/v1/getSmsDeliveryList',
		token: ['query'],
		parameters: { message_id: 'query', limit_offset: 'query', limit_rows: 'query' },
		answer: 'resultList',
		effect: 'read',
	},
	sendSmsList: {
		verb: 'POST',
		path: '/api/v1/sendSmsList',
		token: ['form'],
		parameters: {
			name: 'form',
			message: 'form',
			d_schedule: 'form',
			list_id: 'form',
			alphaname_id: 'form',
		},
		answer: 'object',
		effect: 'write',
	},
	confirmSendMessageByList: {
		verb: 'POST',
		path: '/api/v1/confirmSendMessageByList',
		token: ['form'],
		parameters: { message_id: 'form', confirm: 'form' },
		answer: 'object',
		effect: 'send',
	},
	getSMSMessages: {
		verb: 'GET',
		path: '/api/v1/getSMSMessages',
		token: ['query'],
		parameters: { type: 'query' },
		answer: 'dataList',
		effect: 'read',
	},
} as const satisfies Record<string, Endpoint>;

export type ApiMethod = keyof typeof endpoints;

export type ParametersOf<M extends ApiMethod> = keyof (typeof endpoints)[M]['parameters'];
