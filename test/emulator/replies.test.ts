import { call, PHONE, quickChat, TOKEN } from './helpers';
import { useEmulator } from './useEmulator';

describe('replies to chat mailings', () => {
	const ctx = useEmulator();

	const newReplies = async (messageId: number) =>
		(
			await call(ctx.sandbox, 'v2/getNewIncomingMessages', {
				form: { token: TOKEN, message_id: String(messageId) },
			})
		).json.result;
	const markRead = (ids: string) =>
		call(ctx.sandbox, 'v2/readResponseStatus', { form: { token: TOKEN, incoming_messages: ids } });

	it('lists injected replies of that mailing until they are marked read', async () => {
		const first = await quickChat(ctx);
		const other = await quickChat(ctx);
		ctx.sandbox.advanceClock(30);
		const a = ctx.sandbox.injectReply(TOKEN, { message_id: first, phone: PHONE, message: 'Yes' });
		const b = ctx.sandbox.injectReply(TOKEN, {
			message_id: first,
			phone: PHONE,
			message: 'Also yes',
		});
		ctx.sandbox.injectReply(TOKEN, { message_id: other, phone: PHONE, message: 'Other mailing' });

		expect(await newReplies(first)).toEqual([
			{ id: a.id, phone: PHONE, message: 'Yes', d_receiver: '2026-03-02 09:00:30' },
			{ id: b.id, phone: PHONE, message: 'Also yes', d_receiver: '2026-03-02 09:00:30' },
		]);

		const read = await markRead(a.id);
		expect(read.json).toEqual({ status: 'OK', result: '1 message marked as read' });
		expect((await newReplies(first)).map((reply: { id: string }) => reply.id)).toEqual([b.id]);

		const again = await markRead(`${a.id},${b.id}`);
		expect(again.json.result).toBe('1 message marked as read');
		expect(await newReplies(first)).toEqual([]);
		expect(await newReplies(other)).toHaveLength(1);
	});

	it('refuses an unknown reply id without marking the others', async () => {
		const messageId = await quickChat(ctx);
		const a = ctx.sandbox.injectReply(TOKEN, {
			message_id: messageId,
			phone: PHONE,
			message: 'Yes',
		});
		const reply = await markRead(`${a.id},99`);
		expect(reply.status).toBe(400);
		expect(reply.json).toEqual({
			status: 'error',
			error: expect.stringContaining('incoming_messages'),
		});
		expect(await newReplies(messageId)).toHaveLength(1);
	});

	it('injects replies through the control endpoint too', async () => {
		const messageId = await quickChat(ctx);
		const injected = await call(ctx.sandbox, '/__sandbox/replies', {
			json: { token: TOKEN, message_id: messageId, phone: PHONE, message: 'Via HTTP' },
		});
		expect(injected.status).toBe(200);
		expect(await newReplies(messageId)).toEqual([
			expect.objectContaining({ id: injected.json.id, message: 'Via HTTP' }),
		]);
	});
});
