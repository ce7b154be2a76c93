/**
 * The Timeout option is a deadline for the whole exchange: a server that sends its headers and
 * then one byte now and then (never silent long enough for an idle timeout) is cut off at it.
 */
import { runNode } from '../harness/runNode';
import { startScriptedServer, trickle, type ScriptedServer } from './scriptedServer';

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer();
	server.script((_request, response) => trickle(response, 300));
});
afterAll(async () => await server.close());

const TIMEOUT_S = 2;
// generous: the bound is the Timeout plus one second; the slack is for a loaded machine
const UPPER_BOUND_MS = (TIMEOUT_S + 5) * 1000;

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
	const started = Date.now();
	const result = await run();
	return { result, ms: Date.now() - started };
}

describe('a slow answer (headers, then a byte now and then)', () => {
	it('ends a send at the Timeout, says so and that the message may have been sent, and does not send again', async () => {
		const before = server.requests.length;
		const { result, ms } = await timed(() =>
			runNode({
				baseUrl: server.url,
				parameters: {
					resource: 'sms',
					operation: 'send',
					phone: '375291234567',
					message: 'Hello',
					senderNameId: '1001',
					options: { timeout: TIMEOUT_S },
				},
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
				parameters: { resource: 'sms', operation: 'getStatus', smsId: '101', options: { timeout: TIMEOUT_S } },
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
				parameters: { resource: 'chatMessage', operation: 'getManyMailings', returnAll: true, options: { timeout: TIMEOUT_S } },
			}),
		);
		expect(result.error?.message).toMatch(/did not answer getChatMessages within 2 seconds/);
		expect(ms).toBeLessThan(UPPER_BOUND_MS);
	});
});

describe('cancelling the execution', () => {
	it('stops a slow send at once, whatever its Timeout', async () => {
		const before = server.requests.length;
		const { result, ms } = await timed(() =>
			runNode({
				baseUrl: server.url,
				parameters: { resource: 'sms', operation: 'send', phone: '375291234567', message: 'Hello', senderNameId: '1001', options: { timeout: 60 } },
				cancelAfterMs: 1000,
			}),
		);
		expect(ms).toBeLessThan(10_000);
		expect(result.run.status).toBe('canceled');
		expect(server.requests.length - before).toBe(1);
	}, 30_000);
});
