import { Faults } from '../sandbox/faults';
import { alpha, call, PHONE, TOKEN } from './helpers';
import { useEmulator } from './useEmulator';

describe('faults on demand', () => {
	const ctx = useEmulator();

	const send = (message = 'Hi') =>
		call(ctx.sandbox, 'v1/sendQuickSMS', {
			query: { token: TOKEN, message, phone: PHONE, alphaname_id: alpha(ctx) },
		});
	const sent = () => ctx.sandbox.counters().messagesSent;
	const lastLogged = () => ctx.sandbox.requests().at(-1);

	it('429 answers a burst with Retry-After and processes nothing, then lets requests through', async () => {
		ctx.sandbox.setFaults({ rules: [{ kind: '429', count: 2, retryAfter: '3' }] });
		const first = await send();
		const second = await send();
		expect([first.status, second.status]).toEqual([429, 429]);
		expect(first.headers.get('retry-after')).toBe('3');
		expect(first.json).toEqual({ error: 'request limit exceeded' });
		expect(sent()).toBe(0);
		expect((await send()).status).toBe(200);
		expect(sent()).toBe(1);
	});

	it('400 refuses clearly and processes nothing; "after" lets that many requests through first', async () => {
		ctx.sandbox.setFaults({
			rules: [{ apiMethod: 'sendQuickSMS', kind: '400', after: 2, count: 1 }],
		});
		const statuses = [];
		for (let index = 0; index < 4; index++) statuses.push((await send(`m${index}`)).status);
		expect(statuses).toEqual([200, 200, 400, 200]);
		expect(sent()).toBe(3);
		expect(ctx.sandbox.requests()[2]).toMatchObject({ status: 400, fault: '400' });
	});

	it('500-before answers 500 without recording the message', async () => {
		ctx.sandbox.setFaults({ rules: [{ apiMethod: 'sendQuickSMS', kind: '500-before', count: 1 }] });
		const reply = await send();
		expect(reply.status).toBe(500);
		expect(reply.json).toEqual({ error: 'server unavailable' });
		expect(sent()).toBe(0);
		expect(lastLogged()).toMatchObject({ status: 500, fault: '500-before' });
	});

	it('500-after records the message as sent, then answers 500', async () => {
		ctx.sandbox.setFaults({ rules: [{ apiMethod: 'sendQuickSMS', kind: '500-after' }] });
		const reply = await send();
		expect(reply.status).toBe(500);
		expect(sent()).toBe(1);
	});

	it('html answers 200 with an HTML page and processes nothing', async () => {
		ctx.sandbox.setFaults({ rules: [{ kind: 'html', count: 1 }] });
		const reply = await send();
		expect(reply.status).toBe(200);
		expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
		expect(reply.text).toMatch(/^<!DOCTYPE html>/);
		expect(sent()).toBe(0);
	});

	it('truncated answers 200 application/json cut in the middle, after processing', async () => {
		ctx.sandbox.setFaults({ rules: [{ kind: 'truncated', count: 1 }] });
		const reply = await send();
		expect(reply.status).toBe(200);
		expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
		expect(reply.text.startsWith('{"sms_id":')).toBe(true);
		expect(() => JSON.parse(reply.text)).toThrow();
		expect(sent()).toBe(1);
	});

	it('drop-before destroys the connection without processing', async () => {
		ctx.sandbox.setFaults({ rules: [{ kind: 'drop-before', count: 1 }] });
		await expect(send()).rejects.toThrow();
		expect(sent()).toBe(0);
		expect(lastLogged()).toMatchObject({ status: 0, fault: 'drop-before' });
	});

	it('drop-after processes, then destroys the connection', async () => {
		ctx.sandbox.setFaults({ rules: [{ kind: 'drop-after', count: 1 }] });
		await expect(send()).rejects.toThrow();
		expect(sent()).toBe(1);
		expect((await send()).status).toBe(200);
	});

	it('delay answers normally after the wait', async () => {
		ctx.sandbox.setFaults({ rules: [{ kind: 'delay', delayMs: 50, count: 1 }] });
		const reply = await send();
		expect(reply.status).toBe(200);
		expect(sent()).toBe(1);
		expect(lastLogged()).toMatchObject({ status: 200, fault: 'delay' });
	});

	it('a rule for one method leaves the others alone', async () => {
		ctx.sandbox.setFaults({ rules: [{ apiMethod: 'sendOtpAppOne', kind: '500-before' }] });
		expect((await send()).status).toBe(200);
		const otp = await call(ctx.sandbox, 'v1/sendOtpAppOne', {
			query: { token: TOKEN, message: '1234', phone: PHONE },
		});
		expect(otp.status).toBe(500);
	});

	it('latency waits with timers: control endpoints answer while API answers wait', async () => {
		// 3 s: the control request's few milliseconds, ten times slower on a busy machine, still fit
		ctx.sandbox.setFaults({ latencyMs: 3000 });
		const order: string[] = [];
		const api = send().then((reply) => order.push(`api ${reply.status}`));
		const control = call(ctx.sandbox, '/__sandbox/clock', { method: 'GET' }).then((reply) =>
			order.push(`control ${reply.status}`),
		);
		await Promise.all([api, control]);
		expect(order).toEqual(['control 200', 'api 200']);
	});

	it('never applies faults to control endpoints', async () => {
		ctx.sandbox.setFaults({ rules: [{ kind: 'drop-before' }, { kind: '500-before' }] });
		const reply = await call(ctx.sandbox, '/__sandbox/counters', { method: 'GET' });
		expect(reply.status).toBe(200);
	});

	it('clearFaults and PUT/DELETE /__sandbox/faults switch faults on and off', async () => {
		const put = await call(ctx.sandbox, '/__sandbox/faults', {
			method: 'PUT',
			json: { rules: [{ kind: '500-before' }] },
		});
		expect(put.status).toBe(200);
		expect((await send()).status).toBe(500);
		await call(ctx.sandbox, '/__sandbox/faults', { method: 'DELETE' });
		expect((await send()).status).toBe(200);
		ctx.sandbox.setFaults({ rules: [{ kind: '500-before' }] });
		ctx.sandbox.clearFaults();
		expect((await send()).status).toBe(200);
	});

	it('refuses a fault config that is not understood', async () => {
		const reply = await call(ctx.sandbox, '/__sandbox/faults', {
			method: 'PUT',
			json: { rules: [{ kind: '503' }] },
		});
		expect(reply.status).toBe(400);
	});

	it('rate limit: over the limit the request gets 429 with Retry-After and is not processed', async () => {
		ctx.sandbox.setFaults({ rateLimit: { perSecond: 1, retryAfterSeconds: 2 } });
		const replies = [await send('a'), await send('b'), await send('c')];
		const limited = replies.filter((reply) => reply.status === 429);
		expect(limited.length).toBeGreaterThan(0);
		expect(limited[0].headers.get('retry-after')).toBe('2');
		expect(sent()).toBe(replies.length - limited.length);
	});
});

describe('the rolling-second rate limit', () => {
	it('admits perSecond requests in any second and counts only admitted ones', () => {
		const faults = new Faults();
		faults.set({ rateLimit: { perSecond: 2 } });
		expect([faults.rateLimited(1000), faults.rateLimited(1500), faults.rateLimited(1999)]).toEqual([
			null,
			null,
			'1',
		]);
		expect(faults.rateLimited(2000)).toBeNull();
		expect(faults.rateLimited(2400)).toBe('1');
		expect(faults.rateLimited(2500)).toBeNull();
	});

	it('with afterRequests, the first requests pass unlimited and uncounted, then the limit applies', () => {
		const faults = new Faults();
		faults.set({ rateLimit: { perSecond: 2, afterRequests: 3 } });
		expect([1000, 1001, 1002].map((at) => faults.rateLimited(at))).toEqual([null, null, null]);
		expect([1003, 1004, 1005].map((at) => faults.rateLimited(at))).toEqual([null, null, '1']);
		faults.set({ rateLimit: { perSecond: 2, afterRequests: 3 } });
		expect(faults.rateLimited(1006)).toBeNull();
	});
});

describe('requests in flight', () => {
	const ctx = useEmulator();

	const send = (message: string) =>
		call(ctx.sandbox, 'v1/sendQuickSMS', {
			query: { token: TOKEN, message, phone: PHONE, alphaname_id: alpha(ctx) },
		});

	/** sends these messages at once; their answers are held until all of them arrived, then let go */
	async function sendTogether(messages: string[]) {
		const answers = Promise.all(messages.map(send));
		while (ctx.sandbox.heldAnswers() < messages.length)
			await new Promise((resolve) => setImmediate(resolve));
		ctx.sandbox.releaseHeldAnswers();
		return await answers;
	}

	it('each logged request counts the API requests being handled when it arrived, itself included', async () => {
		// held answers, not a latency: however slow the machine, the first three are in flight together
		ctx.sandbox.holdAnswers();
		await sendTogether(['a', 'b', 'c']);
		await sendTogether(['d']);
		expect(ctx.sandbox.requests().map((request) => request.inFlight)).toEqual([1, 2, 3, 1]);
	});
});
