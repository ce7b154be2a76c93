import type { AccountInfo, Sandbox } from '../sandbox';

export const TOKEN = 'emulator-test-token';
export const PHONE = '375291234567';

export interface Call {
	method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
	query?: Record<string, string>;
	form?: Record<string, string>;
	multipart?: {
		fields: Record<string, string>;
		files?: Array<{ field: string; filename: string; type: string; content: Buffer }>;
	};
	json?: unknown;
	rawBody?: { contentType: string; body: string };
}

export interface Reply {
	status: number;
	headers: Headers;
	text: string;
	json: any;
}

function bodyOf(call: Call): { body?: RequestInit['body']; headers: Record<string, string> } {
	if (call.form)
		return {
			body: new URLSearchParams(call.form).toString(),
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
		};
	if (call.json !== undefined)
		return { body: JSON.stringify(call.json), headers: { 'content-type': 'application/json' } };
	if (call.rawBody)
		return { body: call.rawBody.body, headers: { 'content-type': call.rawBody.contentType } };
	if (call.multipart) {
		const form = new FormData();
		for (const [name, value] of Object.entries(call.multipart.fields)) form.append(name, value);
		for (const file of call.multipart.files ?? []) {
			form.append(file.field, new Blob([file.content], { type: file.type }), file.filename);
		}
		return { body: form, headers: {} };
	}
	return { headers: {} };
}

/** Calls `${sandbox.url}/api/${path}` (path like 'v1/sendQuickSMS'), or any absolute path starting with '/'. */
export async function call(sandbox: Sandbox, path: string, request: Call = {}): Promise<Reply> {
	const url = new URL(
		path.startsWith('/') ? `${sandbox.url}${path}` : `${sandbox.url}/api/${path}`,
	);
	for (const [name, value] of Object.entries(request.query ?? {}))
		url.searchParams.append(name, value);
	const { body, headers } = bodyOf(request);
	const response = await fetch(url, { method: request.method ?? 'POST', body, headers });
	const text = await response.text();
	let json: unknown = undefined;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status: response.status, headers: response.headers, text, json };
}

export interface Ctx {
	sandbox: Sandbox;
	info: AccountInfo;
}

export const alpha = (ctx: Ctx) => String(ctx.info.alphanameIds[0]);
export const chat = (ctx: Ctx) => String(ctx.info.chatnameIds[0]);
export const list = (ctx: Ctx) => String(ctx.info.listIds[0]);

function expectOk(reply: Reply, what: string): void {
	if (reply.status !== 200) throw new Error(`${what} answered ${reply.status}: ${reply.text}`);
}

export async function quickChat(ctx: Ctx, fields: Record<string, string> = {}): Promise<number> {
	const reply = await call(ctx.sandbox, 'v2/sendQuickChatMessage', {
		form: {
			token: TOKEN,
			chatname_id: chat(ctx),
			phone: PHONE,
			message: 'Hello from chat',
			...fields,
		},
	});
	expectOk(reply, 'sendQuickChatMessage');
	return reply.json.result.message_id;
}

export async function chatList(ctx: Ctx, fields: Record<string, string> = {}): Promise<number> {
	const reply = await call(ctx.sandbox, 'v2/sendChatMessageList', {
		form: {
			token: TOKEN,
			chatname_id: chat(ctx),
			list_id: list(ctx),
			message: 'News for the list',
			...fields,
		},
	});
	expectOk(reply, 'sendChatMessageList');
	return reply.json.result.message_id;
}

export async function smsList(ctx: Ctx, fields: Record<string, string> = {}): Promise<number> {
	const reply = await call(ctx.sandbox, 'v1/sendSmsList', {
		form: {
			token: TOKEN,
			name: 'List mailing',
			message: 'Sale starts today',
			d_schedule: '2026-03-02 09:00',
			list_id: list(ctx),
			alphaname_id: alpha(ctx),
			...fields,
		},
	});
	expectOk(reply, 'sendSmsList');
	return reply.json.message_id;
}

export async function storedMessage(ctx: Ctx, query: Record<string, string> = {}): Promise<number> {
	const reply = await call(ctx.sandbox, 'v1/createSmsMessage', {
		method: 'GET',
		query: { token: TOKEN, message: 'Stored text', ...query },
	});
	expectOk(reply, 'createSmsMessage');
	return reply.json.message_id;
}

export async function quickSms(
	ctx: Ctx,
	query: Record<string, string> = {},
	form?: Record<string, string>,
): Promise<number> {
	const reply = await call(ctx.sandbox, 'v1/sendQuickSMS', {
		query: {
			token: TOKEN,
			message: 'Hello by SMS',
			phone: PHONE,
			alphaname_id: alpha(ctx),
			...query,
		},
		form,
	});
	expectOk(reply, 'sendQuickSMS');
	return reply.json.sms_id;
}

export function chatBatchBody(ctx: Ctx, messages?: unknown[], extra: Record<string, unknown> = {}) {
	return {
		token: TOKEN,
		messages: messages ?? [
			{
				alphaname_id: alpha(ctx),
				name: 'promo',
				message_type: 'bulk',
				content: { type: 'text', text: 'Chat promo' },
				delivery_list: [PHONE, '375291234568'],
			},
		],
		...extra,
	};
}

export function smsBatchBody(ctx: Ctx, messages?: unknown[], extra: Record<string, unknown> = {}) {
	return {
		token: TOKEN,
		callback_url: 'http://127.0.0.1:9/unused',
		messages: messages ?? [
			{
				alphaname_id: alpha(ctx),
				name: 'sms promo',
				message_type: 'bulk',
				text: 'SMS promo',
				delivery_list: [PHONE],
			},
		],
		...extra,
	};
}

export async function bulkChat(ctx: Ctx, body = chatBatchBody(ctx)): Promise<string> {
	const reply = await call(ctx.sandbox, 'v1/sendBulkChat', { query: { token: TOKEN }, json: body });
	expectOk(reply, 'sendBulkChat');
	return reply.json.uuid;
}

export async function bulkSms(ctx: Ctx, body = smsBatchBody(ctx)): Promise<string> {
	const reply = await call(ctx.sandbox, 'v1/sendBulkSms', { query: { token: TOKEN }, json: body });
	expectOk(reply, 'sendBulkSms');
	return reply.json.uuid;
}
