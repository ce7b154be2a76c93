import {
	bulkSms,
	call,
	chatList,
	PHONE,
	quickChat,
	quickSms,
	smsBatchBody,
	smsList,
	storedMessage,
	TOKEN,
	alpha,
} from './helpers';
import { useEmulator } from './useEmulator';

const START = Date.UTC(2026, 2, 2, 9, 0, 0) / 1000;

describe('state over the manual clock', () => {
	const ctx = useEmulator();

	const sentTo = (phone: string, channel = 'sms') =>
		ctx.sandbox
			.counters()
			.sent.filter((group) => group.phone === phone && group.channel === channel);
	const checkSms = async (smsId: number) =>
		(
			await call(ctx.sandbox, 'v1/checkSMS', {
				method: 'GET',
				query: { token: TOKEN, sms_id: String(smsId) },
			})
		).json;
	const chatDelivery = async (messageId: number) =>
		(
			await call(ctx.sandbox, 'v2/getChatDeliveryData', {
				form: { token: TOKEN, message_id: String(messageId) },
			})
		).json.result;
	const balance = () => ctx.sandbox.account(TOKEN).balance;

	it('starts the manual clock at 2026-03-02T09:00:00Z and moves it only when advanced', () => {
		expect(ctx.sandbox.now().toISOString()).toBe('2026-03-02T09:00:00.000Z');
		ctx.sandbox.advanceClock(90);
		expect(ctx.sandbox.now().toISOString()).toBe('2026-03-02T09:01:30.000Z');
	});

	it('moves an SMS from NEW to sent (5 s) to delivered (60 s)', async () => {
		const smsId = await quickSms(ctx);
		expect(await checkSms(smsId)).toEqual({ sms_id: smsId, sent: 0, delivered: 0 });
		ctx.sandbox.advanceClock(5);
		expect(await checkSms(smsId)).toEqual({ sms_id: smsId, sent: START + 5, delivered: 0 });
		ctx.sandbox.advanceClock(55);
		expect(await checkSms(smsId)).toEqual({
			sms_id: smsId,
			sent: START + 5,
			delivered: START + 60,
		});
	});

	it('moves a chat delivery from SENT to DELIVERED (5 s) to READ (60 s)', async () => {
		const messageId = await quickChat(ctx);
		expect((await chatDelivery(messageId)).status).toBe('SENT');
		ctx.sandbox.advanceClock(5);
		expect((await chatDelivery(messageId)).status).toBe('DELIVERED');
		ctx.sandbox.advanceClock(55);
		expect(await chatDelivery(messageId)).toEqual({ phone: PHONE, status: 'READ', error_code: 0 });
	});

	it('keeps a message to an unreachable phone undelivered', async () => {
		ctx.sandbox.setUnreachable(TOKEN, PHONE, 'chat');
		const messageId = await quickChat(ctx);
		ctx.sandbox.advanceClock(3600);
		expect((await chatDelivery(messageId)).status).toBe('SENT');
	});

	it('moves batch delivery entries from NEW to DELIVERED with their status time', async () => {
		const uuid = await bulkSms(ctx);
		const status = async () =>
			(await call(ctx.sandbox, 'v1/statusBulkSms', { query: { token: TOKEN, uuid } })).json[0]
				.success[0];
		expect(await status()).toMatchObject({
			status: 'NEW',
			status_time: '2026-03-02 09:00:00.000000',
		});
		ctx.sandbox.advanceClock(5);
		expect(await status()).toMatchObject({
			status: 'DELIVERED',
			status_time: '2026-03-02 09:00:05.000000',
		});
	});

	describe('SMS list mailings wait for confirmation', () => {
		it('sends nothing before confirmation, and confirm=0 only informs', async () => {
			const messageId = await smsList(ctx);
			const info = await call(ctx.sandbox, 'v1/confirmSendMessageByList', {
				form: { token: TOKEN, message_id: String(messageId), confirm: '0' },
			});
			expect(info.json).toMatchObject({
				status: 'NEW',
				confirmed: 0,
				count_phones: 4,
				cost: '0.14000',
				balance: '100.00000',
			});
			ctx.sandbox.advanceClock(3600);
			expect(ctx.sandbox.counters().messagesSent).toBe(0);
			expect(balance()).toBe(100);
		});

		it('debits the balance on confirm=1 and sends to every number of the list', async () => {
			const messageId = await smsList(ctx);
			const confirmed = await call(ctx.sandbox, 'v1/confirmSendMessageByList', {
				form: { token: TOKEN, message_id: String(messageId), confirm: '1' },
			});
			expect(confirmed.status).toBe(200);
			expect(confirmed.json).toMatchObject({ status: 'SENT', confirmed: 1, balance: '99.86000' });
			expect(balance()).toBeCloseTo(99.86, 5);
			expect(
				ctx.sandbox
					.counters()
					.sent.map((group) => group.phone)
					.sort(),
			).toEqual([...ctx.info.lists[0].phones].sort());

			const again = await call(ctx.sandbox, 'v1/confirmSendMessageByList', {
				form: { token: TOKEN, message_id: String(messageId), confirm: '1' },
			});
			expect(again.status).toBe(400);
			expect(again.json.parameter).toBe('message_id');
			expect(ctx.sandbox.counters().messagesSent).toBe(4);
		});

		it('answers 400 insufficient funds and sends nothing when the balance is too low', async () => {
			ctx.sandbox.setBalance(TOKEN, 0.1);
			const messageId = await smsList(ctx);
			const refused = await call(ctx.sandbox, 'v1/confirmSendMessageByList', {
				form: { token: TOKEN, message_id: String(messageId), confirm: '1' },
			});
			expect(refused.status).toBe(400);
			expect(refused.json).toEqual({ error: 'insufficient funds to continue' });
			expect(ctx.sandbox.counters().messagesSent).toBe(0);
			expect(balance()).toBe(0.1);
		});
	});

	describe('chat list mailings wait for confirmation', () => {
		it('debits on confirmChatMessage and sends to the list', async () => {
			const messageId = await chatList(ctx);
			ctx.sandbox.advanceClock(600);
			expect(ctx.sandbox.counters().messagesSent).toBe(0);
			const confirmed = await call(ctx.sandbox, 'v2/confirmChatMessage', {
				query: { token: TOKEN },
				form: { message_id: String(messageId) },
			});
			expect(confirmed.json).toEqual({ status: 'OK' });
			expect(balance()).toBeCloseTo(100 - 4 * 0.045, 5);
			expect(ctx.sandbox.counters().messagesSent).toBe(4);
		});

		it('answers 400 insufficient funds in the v2 shape', async () => {
			ctx.sandbox.setBalance(TOKEN, 0);
			const messageId = await chatList(ctx);
			const refused = await call(ctx.sandbox, 'v2/confirmChatMessage', {
				query: { token: TOKEN },
				form: { message_id: String(messageId) },
			});
			expect(refused.status).toBe(400);
			expect(refused.json).toEqual({ status: 'error', error: 'insufficient funds to continue' });
			expect(ctx.sandbox.counters().messagesSent).toBe(0);
		});

		it('refuses to confirm a quick message, which needs no confirmation', async () => {
			const messageId = await quickChat(ctx);
			const refused = await call(ctx.sandbox, 'v2/confirmChatMessage', {
				query: { token: TOKEN },
				form: { message_id: String(messageId) },
			});
			expect(refused.status).toBe(400);
			expect(balance()).toBe(100);
		});
	});

	describe('scheduled mailings are sent when the clock reaches their time (UTC)', () => {
		it('d_schedule of sendSmsList', async () => {
			const messageId = await smsList(ctx, { d_schedule: '2026-03-02 10:00' });
			await call(ctx.sandbox, 'v1/confirmSendMessageByList', {
				form: { token: TOKEN, message_id: String(messageId), confirm: '1' },
			});
			ctx.sandbox.advanceClock(3599);
			expect(ctx.sandbox.counters().messagesSent).toBe(0);
			const listed = await call(ctx.sandbox, 'v1/getSMSMessages', {
				method: 'GET',
				query: { token: TOKEN, type: 'API' },
			});
			expect(listed.json.data[0]).toMatchObject({ status: 'SCHEDULED', d_schedule: START + 3600 });
			ctx.sandbox.advanceClock(1);
			expect(ctx.sandbox.counters().messagesSent).toBe(4);
		});

		it('d_schedule of sendChatMessageList', async () => {
			const messageId = await chatList(ctx, { d_schedule: '2026-03-02 09:30' });
			await call(ctx.sandbox, 'v2/confirmChatMessage', {
				query: { token: TOKEN },
				form: { message_id: String(messageId) },
			});
			ctx.sandbox.advanceClock(29 * 60);
			expect(ctx.sandbox.counters().messagesSent).toBe(0);
			ctx.sandbox.advanceClock(60);
			expect(ctx.sandbox.counters().messagesSent).toBe(4);
		});

		it('schedule_time of a batch mailing', async () => {
			const body = smsBatchBody(ctx, [
				{
					alphaname_id: alpha(ctx),
					name: 'later',
					message_type: 'bulk',
					text: 'Later',
					schedule_time: '2026-03-02T09:10:00',
					delivery_list: [PHONE],
				},
				{
					alphaname_id: alpha(ctx),
					name: 'now',
					message_type: 'personal',
					delivery_list: [{ phone: '375291234568', text: 'Now' }],
				},
			]);
			await bulkSms(ctx, body);
			expect(ctx.sandbox.counters().sent.map((group) => group.text)).toEqual(['Now']);
			ctx.sandbox.advanceClock(600);
			expect(
				ctx.sandbox
					.counters()
					.sent.map((group) => group.text)
					.sort(),
			).toEqual(['Later', 'Now']);
		});

		it('time of createSmsMessage delays the sends of sendSMS', async () => {
			const messageId = await storedMessage(ctx, { time: '2026-03-02 09:05' });
			await call(ctx.sandbox, 'v1/sendSMS', {
				method: 'GET',
				query: { token: TOKEN, message_id: String(messageId), phone: PHONE },
			});
			ctx.sandbox.advanceClock(299);
			expect(ctx.sandbox.counters().messagesSent).toBe(0);
			ctx.sandbox.advanceClock(1);
			expect(ctx.sandbox.counters().messagesSent).toBe(1);
		});
	});

	describe('forwarding', () => {
		it('sends an undelivered chat message as SMS after forwarding_time minutes', async () => {
			ctx.sandbox.setUnreachable(TOKEN, PHONE, 'chat');
			await quickChat(ctx, {
				message: 'Your code is ready',
				forwarding_message: '1',
				forwarding_time: '5',
			});
			ctx.sandbox.advanceClock(5 * 60 - 1);
			expect(sentTo(PHONE, 'sms')).toEqual([]);
			ctx.sandbox.advanceClock(1);
			expect(sentTo(PHONE, 'sms')).toEqual([
				{ channel: 'sms', phone: PHONE, text: 'Your code is ready', count: 1 },
			]);
		});

		it('does not forward a delivered chat message, nor one without forwarding_message=1', async () => {
			await quickChat(ctx, { forwarding_message: '1', forwarding_time: '5' });
			ctx.sandbox.setUnreachable(TOKEN, '375291234568', 'chat');
			await quickChat(ctx, { phone: '375291234568', forwarding_message: '0' });
			ctx.sandbox.advanceClock(3600);
			expect(ctx.sandbox.counters().sent.filter((group) => group.channel === 'sms')).toEqual([]);
		});

		it('uses 60 minutes when forwarding_time is not given', async () => {
			ctx.sandbox.setUnreachable(TOKEN, PHONE, 'chat');
			await quickChat(ctx, { forwarding_message: '1' });
			ctx.sandbox.advanceClock(59 * 60);
			expect(sentTo(PHONE, 'sms')).toEqual([]);
			ctx.sandbox.advanceClock(60);
			expect(sentTo(PHONE, 'sms')).toHaveLength(1);
		});

		it('sends an undelivered SMS as a chat message, visible among the chat mailings', async () => {
			ctx.sandbox.setUnreachable(TOKEN, PHONE, 'sms');
			await quickSms(
				ctx,
				{ message: 'Parcel waiting' },
				{
					forwarding_message: '1',
					forwarding_time: '10',
					chatname_id: String(ctx.info.chatnameIds[1]),
				},
			);
			ctx.sandbox.advanceClock(10 * 60 - 1);
			expect(sentTo(PHONE, 'chat')).toEqual([]);
			ctx.sandbox.advanceClock(1);
			expect(sentTo(PHONE, 'chat')).toEqual([
				{ channel: 'chat', phone: PHONE, text: 'Parcel waiting', count: 1 },
			]);
			const mailings = await call(ctx.sandbox, 'v2/getChatMessages', { query: { token: TOKEN } });
			expect(mailings.json.result).toEqual([
				expect.objectContaining({ message: 'Parcel waiting', message_type: 'TEXT' }),
			]);
		});
	});
});
