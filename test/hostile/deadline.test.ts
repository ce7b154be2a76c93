/**
 * The Timeout option is a deadline for the whole exchange: a server that sends its headers and
 * then one byte now and then (never silent long enough for an idle timeout) is cut off at it.
 */
import { runNode } from '../harness/runNode';
import { sendJson, startScriptedServer, trickle, type ScriptedServer } from './scriptedServer';

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer();
	server.script((_request, response) => trickle(response, 300));
});
afterAll(async () => await server.close());

const TIMEOUT_S = 2;
// generous: the bound is the Timeout plus one second; the slack is for a loaded machine. Counted
// from the first request's arrival: the engine's start, seconds on a busy machine, is no part of it
const UPPER_BOUND_MS = (TIMEOUT_S + 5) * 1000;

/** SMS > Send of "Hello" to `phone` (an expression for several items) */
function smsSend(phone: string, options: { timeout: number; concurrency?: number }) {
	return {
		resource: 'sms',
		operation: 'send',
		phone,
		message: 'Hello',
		senderNameId: '1001',
		options,
	};
}

/** Runs the node; `ms` from the arrival of its first request to the end of the run. */
async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
	const before = server.requests.length;
	const result = await run();
	return { result, ms: Date.now() - (server.requests[before]?.at ?? Number.NaN) };
}

describe('a slow answer (headers, then a byte now and then)', () => {
	it('ends a send at the Timeout, says so and that the message may have been sent, and does not send again', async () => {
		const before = server.requests.length;
		const { result, ms } = await timed(() =>
			runNode({
				baseUrl: server.url,
				parameters: smsSend('375291234567', { timeout: TIMEOUT_S }),
			}),
		);
		expect(result.error?.message).toMatch(/did not answer sendQuickSMS within 2 seconds/);
		expect(result.error?.description).toMatch(/may have been sent/);
		expect(ms).toBeLessThan(UPPER_BOUND_MS);
		expect(server.requests.length - before).toBe(1);
	});

	it('ends a read at the Timeout too (a request that used up the Timeout is not tried again)', async () => {
		const before = server.requests.length;
		const { result, ms } = await timed(() =>
			runNode({
				baseUrl: server.url,
				parameters: {
					resource: 'sms',
					operation: 'getStatus',
					smsId: '101',
					options: { timeout: TIMEOUT_S },
				},
			}),
		);
		expect(result.error?.message).toMatch(/did not answer checkSMS within 2 seconds/);
		expect(ms).toBeLessThan(UPPER_BOUND_MS);
		expect(server.requests.length - before).toBe(1);
	});

	it('ends a paged read (Return All) at the Timeout of its first page', async () => {
		const { result, ms } = await timed(() =>
			runNode({
				baseUrl: server.url,
				parameters: {
					resource: 'chatMessage',
					operation: 'getManyMailings',
					returnAll: true,
					options: { timeout: TIMEOUT_S },
				},
			}),
		);
		expect(result.error?.message).toMatch(/did not answer getChatMessages within 2 seconds/);
		expect(ms).toBeLessThan(UPPER_BOUND_MS);
	});
});

/** Resolves once the server has seen `count` requests since `before`; gives when (ms). */
async function requestsSeen(before: number, count: number): Promise<number> {
	while (server.requests.length - before < count)
		await new Promise((resolve) => setImmediate(resolve));
	return Date.now();
}

describe('cancelling the execution', () => {
	// the cancel comes at a moment of the exchange (a request arrived), not after a time: on a busy
	// machine the first request came more than a second after the start
	it('stops a slow send at once, whatever its Timeout', async () => {
		const before = server.requests.length;
		const cancelled = requestsSeen(before, 1);
		const result = await runNode({
			baseUrl: server.url,
			parameters: smsSend('375291234567', { timeout: 60 }),
			cancelWhen: cancelled,
		});
		// at once: far within the Timeout of 60 s it would otherwise wait for
		expect(Date.now() - (await cancelled)).toBeLessThan(10_000);
		expect(result.run.status).toBe('canceled');
		expect(server.requests.length - before).toBe(1);
	}, 30_000);

	it('sends nothing more after the cancel, also of the items read ahead of their turn (20 items, Concurrency 5)', async () => {
		const before = server.requests.length;
		// the first five are answered at once, so that the next items read ahead; the rest trickle
		server.script((_request, response) =>
			server.requests.length - before <= 5
				? sendJson(response, 200, { sms_id: 101, status: 'NEW', parts: 1 })
				: trickle(response, 300),
		);
		// cancelled once the five after them are under way
		const cancelled = requestsSeen(before, 10);
		const result = await runNode({
			baseUrl: server.url,
			parameters: smsSend('={{ $json.phone }}', { timeout: 60, concurrency: 5 }),
			items: Array.from({ length: 20 }, (_, index) => ({
				phone: `3752912300${String(index).padStart(2, '0')}`,
			})),
			cancelWhen: cancelled,
		});
		expect(Date.now() - (await cancelled)).toBeLessThan(10_000);
		expect(result.run.status).toBe('canceled');
		server.script((_request, response) => trickle(response, 300));
		// five answered, the five under way when the execution was cancelled, and none of the items
		// that had read their fields and were waiting behind them
		expect(server.requests.length - before).toBe(10);
	}, 30_000);
});
