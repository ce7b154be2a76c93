import { createHash } from 'node:crypto';
import { alpha, bulkChat, call, chat, PHONE, quickSms, TOKEN } from './helpers';
import { useEmulator } from './useEmulator';

describe('request log, counters, reset and control endpoints', () => {
	const ctx = useEmulator();

	it('logs where each parameter arrived', async () => {
		await quickSms(ctx, {}, { forwarding_message: '1', forwarding_time: '15' });
		expect(ctx.sandbox.requests()).toEqual([
			{
				seq: 1,
				at: expect.any(String),
				httpMethod: 'POST',
				path: '/api/v1/sendQuickSMS',
				apiMethod: 'sendQuickSMS',
				token: TOKEN,
				query: { token: TOKEN, message: 'Hello by SMS', phone: PHONE, alphaname_id: alpha(ctx) },
				body: { forwarding_message: '1', forwarding_time: '15' },
				bodyType: 'form',
				contentType: 'application/x-www-form-urlencoded',
				files: [],
				status: 200,
				fault: null,
				inFlight: 1,
			},
		]);
	});

	it('logs multipart files with their hash, JSON bodies, and unknown paths', async () => {
		const content = Buffer.from('not really a png');
		await call(ctx.sandbox, 'v2/sendQuickChatMessage', {
			multipart: {
				fields: { token: TOKEN, chatname_id: chat(ctx), phone: PHONE, type_message: 'IMAGE' },
				files: [{ field: 'image', filename: 'a.png', type: 'image/png', content }],
			},
		});
		await bulkChat(ctx);
		await call(ctx.sandbox, '/api/v1/nothing', { query: { token: TOKEN } });
		const [multipart, json, unknown] = ctx.sandbox.requests();
		expect(multipart).toMatchObject({
			bodyType: 'multipart',
			body: { token: TOKEN, type_message: 'IMAGE' },
			files: [
				{
					field: 'image',
					filename: 'a.png',
					contentType: 'image/png',
					size: content.length,
					sha256: createHash('sha256').update(content).digest('hex'),
				},
			],
			status: 200,
		});
		expect(multipart.contentType).toMatch(/^multipart\/form-data; boundary=/);
		expect(json).toMatchObject({
			bodyType: 'json',
			query: { token: TOKEN },
			body: { token: TOKEN, messages: expect.any(Array) },
		});
		expect(unknown).toMatchObject({ apiMethod: null, status: 404, token: TOKEN });
	});

	it('counts messages per channel, phone and text, so a duplicate send shows', async () => {
		await quickSms(ctx, { message: 'Once' });
		await quickSms(ctx, { message: 'Twice' });
		await quickSms(ctx, { message: 'Twice' });
		await call(ctx.sandbox, 'v1/sendOtpAppTwo', {
			query: { token: TOKEN, message: '4321', phone: PHONE },
		});
		await call(ctx.sandbox, 'v1/sendQuickSMS', {
			query: { token: 'wrong', message: 'x', phone: PHONE, alphaname_id: alpha(ctx) },
		});
		expect(ctx.sandbox.counters()).toEqual({
			requests: 5,
			byApiMethod: { sendQuickSMS: 4, sendOtpAppTwo: 1 },
			byStatus: { '200': 4, '401': 1 },
			sent: [
				{ channel: 'sms', phone: PHONE, text: 'Once', count: 1 },
				{ channel: 'sms', phone: PHONE, text: 'Twice', count: 2 },
				{ channel: 'otp-app-two', phone: PHONE, text: '4321', count: 1 },
			],
			messagesSent: 4,
			duplicates: 1,
		});
	});

	it('does not log control requests, and clearRequests empties the log', async () => {
		await call(ctx.sandbox, '/__sandbox/counters', { method: 'GET' });
		expect(ctx.sandbox.requests()).toEqual([]);
		await quickSms(ctx);
		ctx.sandbox.clearRequests();
		expect(ctx.sandbox.requests()).toEqual([]);
	});

	it('reset forgets everything but the start-up accounts, re-seeded with the same ids', async () => {
		ctx.sandbox.addAccount('extra-token');
		await call(ctx.sandbox, 'v2/createTemplateMessage', {
			form: { token: TOKEN, name: 'New', message: 'x' },
		});
		await quickSms(ctx);
		ctx.sandbox.setFaults({ rules: [{ kind: '500-before' }] });
		ctx.sandbox.advanceClock(600);

		ctx.sandbox.reset();
		expect(ctx.sandbox.account(TOKEN)).toEqual(ctx.info);
		expect(() => ctx.sandbox.account('extra-token')).toThrow();
		expect(ctx.sandbox.now().toISOString()).toBe('2026-03-02T09:00:00.000Z');
		expect(ctx.sandbox.counters()).toMatchObject({ requests: 0, messagesSent: 0 });
		const templates = await call(ctx.sandbox, 'v2/getTemplateMessages', {
			query: { token: TOKEN },
		});
		expect(templates.status).toBe(200);
		expect(templates.json.result).toHaveLength(2);
	});

	it('adds accounts with a chosen balance, with or without demo data', async () => {
		const bare = ctx.sandbox.addAccount('bare', { balance: 5, seed: false });
		expect(bare).toMatchObject({ balance: 5, alphanames: [], templates: [] });
		const templates = await call(ctx.sandbox, 'v2/getTemplateMessages', {
			query: { token: 'bare' },
		});
		expect(templates.json).toEqual({ status: 'OK', result: [] });
		const mailings = await call(ctx.sandbox, 'v1/getSMSMessages', {
			method: 'GET',
			query: { token: 'bare' },
		});
		expect(mailings.status).toBe(406);
		expect(mailings.json).toEqual({ error: 'content not found' });
	});

	it('serves the same operations over the control endpoints', async () => {
		const created = await call(ctx.sandbox, '/__sandbox/accounts', {
			json: { token: 'http-made', balance: 1 },
		});
		expect(created.json).toMatchObject({ token: 'http-made', balance: 1 });
		const fetched = await call(ctx.sandbox, '/__sandbox/accounts/http-made', { method: 'GET' });
		expect(fetched.json.alphanameIds).toEqual(created.json.alphanameIds);
		expect((await call(ctx.sandbox, '/__sandbox/accounts/nobody', { method: 'GET' })).status).toBe(
			404,
		);

		await call(ctx.sandbox, '/__sandbox/balance', { json: { token: 'http-made', balance: 42 } });
		expect(ctx.sandbox.account('http-made').balance).toBe(42);

		const advanced = await call(ctx.sandbox, '/__sandbox/clock/advance', { json: { seconds: 60 } });
		expect(advanced.json).toEqual({ now: '2026-03-02T09:01:00.000Z' });
		expect((await call(ctx.sandbox, '/__sandbox/clock', { method: 'GET' })).json).toEqual({
			now: '2026-03-02T09:01:00.000Z',
		});

		await call(ctx.sandbox, '/__sandbox/unreachable', {
			json: { token: TOKEN, phone: PHONE, channel: 'sms' },
		});
		const smsId = await quickSms(ctx);
		ctx.sandbox.advanceClock(3600);
		const check = await call(ctx.sandbox, 'v1/checkSMS', {
			method: 'GET',
			query: { token: TOKEN, sms_id: String(smsId) },
		});
		expect(check.json.delivered).toBe(0);

		expect((await call(ctx.sandbox, '/__sandbox/requests', { method: 'GET' })).json).toHaveLength(
			2,
		);
		await call(ctx.sandbox, '/__sandbox/requests', { method: 'DELETE' });
		expect((await call(ctx.sandbox, '/__sandbox/requests', { method: 'GET' })).json).toEqual([]);
		expect(
			(await call(ctx.sandbox, '/__sandbox/counters', { method: 'GET' })).json.messagesSent,
		).toBe(1);
		expect((await call(ctx.sandbox, '/__sandbox/callbacks', { method: 'GET' })).json).toEqual([]);

		await call(ctx.sandbox, '/__sandbox/reset', { json: {} });
		expect(
			(await call(ctx.sandbox, '/__sandbox/counters', { method: 'GET' })).json.messagesSent,
		).toBe(0);
		expect((await call(ctx.sandbox, '/__sandbox/nothing', { method: 'GET' })).status).toBe(404);
		expect((await call(ctx.sandbox, '/__sandbox/balance', { json: { token: TOKEN } })).status).toBe(
			400,
		);
	});
	it('tells an onRequest listener of each API request once answered, until it is removed', async () => {
		const heard: Array<{ apiMethod: string | null; status: number; logged: boolean }> = [];
		const remove = ctx.sandbox.onRequest((request) => {
			heard.push({
				apiMethod: request.apiMethod,
				status: request.status,
				logged: ctx.sandbox.requests().some((entry) => entry.seq === request.seq),
			});
		});
		await quickSms(ctx);
		await call(ctx.sandbox, '/__sandbox/counters', { method: 'GET' });
		await call(ctx.sandbox, '/api/v1/nothing', { query: { token: TOKEN } });
		remove();
		await quickSms(ctx);
		expect(heard).toEqual([
			{ apiMethod: 'sendQuickSMS', status: 200, logged: true },
			{ apiMethod: null, status: 404, logged: true },
		]);
	});
});
