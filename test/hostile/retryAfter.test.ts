/**
 * Retry-After, as seconds or as a date: a date already past still gets a short pause; a wait
 * longer than the node's bound (5 minutes) ends the item at once with the time the service
 * accepts requests again, instead of sleeping or cutting the wait.
 */
import { runNode } from '../harness/runNode';
import { sendJson, startScriptedServer, type ScriptedServer } from './scriptedServer';

let server: ScriptedServer;
beforeAll(async () => (server = await startScriptedServer()));
afterAll(async () => await server.close());

function sendSms() {
	return runNode({
		baseUrl: server.url,
		parameters: {
			resource: 'sms',
			operation: 'send',
			phone: '375291234567',
			message: 'Hello',
			senderNameId: '1001',
		},
	});
}

/** 429 with this Retry-After for the first `refusals` requests, then a success. */
function refuseThenAccept(retryAfter: string, refusals: number) {
	let seen = 0;
	server.script((_request, response) => {
		if (seen++ < refusals)
			sendJson(response, 429, { error: 'request limit exceeded' }, { 'retry-after': retryAfter });
		else sendJson(response, 200, { sms_id: 101, status: 'NEW', parts: 1 });
	});
}

describe('Retry-After', () => {
	it('a date in the past: waits a short pause (not zero), then sends once', async () => {
		refuseThenAccept(new Date(Date.now() - 3_600_000).toUTCString(), 2);
		const before = server.requests.length;
		const { items, error } = await sendSms();
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ sms_id: 101 });
		const requests = server.requests.slice(before);
		expect(requests).toHaveLength(3);
		for (let index = 1; index < requests.length; index++) {
			expect(requests[index].at - requests[index - 1].at).toBeGreaterThanOrEqual(900);
		}
	});

	it('86400 seconds: ends the item at once, saying when the service accepts requests again; nothing sent', async () => {
		refuseThenAccept('86400', 100);
		const before = server.requests.length;
		const started = Date.now();
		const { error } = await sendSms();
		expect(error?.message).toMatch(
			/request limit was exceeded \(429\) and it accepts requests again only at \d{4}-\d{2}-\d{2}T/,
		);
		expect(error?.description).toMatch(/more than the node waits \(5 minutes\); nothing was sent/);
		const retryAt = Date.parse(/again only at (\S+)/.exec(error!.message)![1]);
		expect(retryAt - started).toBeGreaterThan(86_000_000);
		expect(server.requests.length - before).toBe(1);
		// at once after the refusal (counted from its arrival: the engine's start takes seconds on a busy machine)
		expect(Date.now() - server.requests[before].at).toBeLessThan(10_000);
	});

	it('an HTTP date a day ahead: the same', async () => {
		const tomorrow = new Date(Date.now() + 86_400_000);
		refuseThenAccept(tomorrow.toUTCString(), 100);
		const before = server.requests.length;
		const { error } = await sendSms();
		expect(error?.message).toMatch(/accepts requests again only at/);
		const retryAt = Date.parse(/again only at (\S+)/.exec(error!.message)![1]);
		expect(Math.abs(retryAt - tomorrow.getTime())).toBeLessThan(2000);
		expect(server.requests.length - before).toBe(1);
	});

	it('a wait within the bound is honoured in full, not cut', async () => {
		refuseThenAccept('3', 1);
		const before = server.requests.length;
		const { error } = await sendSms();
		expect(error).toBeUndefined();
		const [refused, accepted] = server.requests.slice(before);
		expect(accepted.at - refused.at).toBeGreaterThanOrEqual(2900);
	});
});
