import { alpha, bulkChat, bulkSms, call, chat, chatBatchBody, PHONE, TOKEN } from './helpers';
import { useEmulator } from './useEmulator';
import { batchStatus } from './shapes';

describe('batch mailings', () => {
	const ctx = useEmulator();

	const chatStatus = async (uuid: string) => {
		const reply = await call(ctx.sandbox, 'v1/statusBulkChat', { query: { token: TOKEN, uuid } });
		return batchStatus.parse(reply.json);
	};

	it('reports a mailing with an invalid image link as an error entry and sends the others', async () => {
		const uuid = await bulkChat(
			ctx,
			chatBatchBody(ctx, [
				{
					alphaname_id: alpha(ctx),
					name: 'good',
					message_type: 'bulk',
					content: { type: 'text', text: 'Fine' },
					delivery_list: [PHONE],
				},
				{
					alphaname_id: alpha(ctx),
					name: 'broken',
					message_type: 'bulk',
					content: { type: 'image', image_url: 'ftp://files/a.png' },
					delivery_list: [PHONE],
				},
			]),
		);
		const status = await chatStatus(uuid);
		expect(status).toEqual([
			{
				message_id: expect.any(Number),
				name: 'good',
				alphaname_id: Number(alpha(ctx)),
				success: [expect.objectContaining({ phone: PHONE, status: 'NEW' })],
			},
			{ errors: ['broken content url is not valid'] },
		]);
		expect(ctx.sandbox.counters().sent).toEqual([
			{ channel: 'chat', phone: PHONE, text: 'Fine', count: 1 },
		]);
	});

	it('accepts personal text and button mailings with one text per entry', async () => {
		const uuid = await bulkChat(
			ctx,
			chatBatchBody(ctx, [
				{
					alphaname_id: alpha(ctx),
					name: 'personal text',
					message_type: 'personal',
					content: { type: 'text' },
					delivery_list: [
						{ phone: PHONE, text: 'Hi Ann' },
						{ phone: '375291234568', text: 'Hi Bob' },
					],
				},
				{
					alphaname_id: alpha(ctx),
					name: 'personal button',
					message_type: 'personal',
					content: { type: 'button', image_url: 'https://example.com/b.png', caption: 'Track' },
					delivery_list: [
						{ phone: PHONE, text: 'Your parcel', button_link: 'https://example.com/t/1' },
					],
				},
			]),
		);
		expect(
			(await chatStatus(uuid)).map((entry) => ('success' in entry ? entry.success.length : -1)),
		).toEqual([2, 1]);
		expect(ctx.sandbox.counters().sent.map((group) => group.text)).toEqual([
			'Hi Ann',
			'Hi Bob',
			'Your parcel',
		]);
		const mailings = await call(ctx.sandbox, 'v2/getChatMessages', { query: { token: TOKEN } });
		expect(mailings.json.result.map((m: { message_type: string }) => m.message_type)).toEqual([
			'TEXT',
			'BUTTON',
		]);
	});

	it('refuses the whole batch when one mailing names an unknown sender, and sends nothing', async () => {
		const reply = await call(ctx.sandbox, 'v1/sendBulkChat', {
			query: { token: TOKEN },
			json: chatBatchBody(ctx, [
				{
					alphaname_id: alpha(ctx),
					name: 'ok',
					message_type: 'bulk',
					content: { type: 'text', text: 'x' },
					delivery_list: [PHONE],
				},
				{
					alphaname_id: chat(ctx),
					name: 'chatname used',
					message_type: 'bulk',
					content: { type: 'text', text: 'x' },
					delivery_list: [PHONE],
				},
			]),
		});
		expect(reply.status).toBe(400);
		expect(reply.json).toMatchObject({
			error: 'invalid request',
			parameter: 'messages[1].alphaname_id',
		});
		expect(ctx.sandbox.counters().messagesSent).toBe(0);
	});

	it('knows a uuid only for its own method and account', async () => {
		const smsUuid = await bulkSms(ctx);
		const asChat = await call(ctx.sandbox, 'v1/statusBulkChat', {
			query: { token: TOKEN, uuid: smsUuid },
		});
		expect(asChat.status).toBe(400);
		expect(asChat.json.parameter).toBe('uuid');
		ctx.sandbox.addAccount('someone-else');
		const otherAccount = await call(ctx.sandbox, 'v1/statusBulkSms', {
			query: { token: 'someone-else', uuid: smsUuid },
		});
		expect(otherAccount.status).toBe(400);
	});

	it('takes a mailing of a thousand recipients in one request', async () => {
		const phones = Array.from({ length: 1000 }, (_, i) => `37529${String(1_000_000 + i)}`);
		const uuid = await bulkSms(ctx, {
			token: TOKEN,
			callback_url: 'http://127.0.0.1:9/unused',
			messages: [
				{
					alphaname_id: alpha(ctx),
					name: 'big',
					message_type: 'bulk',
					text: 'Big sale',
					delivery_list: phones,
				},
			],
		});
		const status = await call(ctx.sandbox, 'v1/statusBulkSms', { query: { token: TOKEN, uuid } });
		expect(status.json[0].success).toHaveLength(1000);
		expect(ctx.sandbox.counters()).toMatchObject({ messagesSent: 1000, duplicates: 0 });
	});
});
