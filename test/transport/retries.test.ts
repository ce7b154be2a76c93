import { TEST_API_KEY } from '../harness/keys';
import { PROBE_NODE_TYPE } from '../harness/probeNode';
import { useSandbox } from '../harness/sandbox';

const fixture = useSandbox();

function probe(
	method: string,
	parameters: Record<string, unknown>,
	extra: { timeoutMs?: number } = {},
) {
	return fixture.run({
		nodeType: PROBE_NODE_TYPE,
		parameters: {
			method,
			parameters: JSON.stringify(parameters),
			timeoutMs: extra.timeoutMs ?? 30000,
		},
	});
}

function quickSms() {
	return {
		phone: '375291234567',
		message: 'Your order has shipped',
		alphaname_id: fixture.account.alphanameIds[0],
	};
}

function apiRequests(method: string) {
	return fixture.sandbox.requests().filter((request) => request.apiMethod === method);
}

function leaks(value: unknown) {
	return JSON.stringify(value ?? null).includes(TEST_API_KEY);
}

describe('retries and failures of the transport', () => {
	it('retries a 429 burst, waiting as long as Retry-After says, and then succeeds', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'getTemplateMessages', kind: '429', count: 2, retryAfter: '1' }],
		});
		const { items, error } = await probe('getTemplateMessages', {});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const requests = apiRequests('getTemplateMessages');
		expect(requests.map((request) => request.status)).toEqual([429, 429, 200]);
		const gaps = requests
			.slice(1)
			.map((request, i) => Date.parse(request.at) - Date.parse(requests[i].at));
		for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(950);
	});

	it('retries a 429 on a send too, and the message is sent once', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendQuickSMS', kind: '429', count: 1, retryAfter: '0' }],
		});
		const { error } = await probe('sendQuickSMS', quickSms());
		expect(error).toBeUndefined();
		expect(apiRequests('sendQuickSMS').map((request) => request.status)).toEqual([429, 200]);
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 1, duplicates: 0 });
	});

	it('retries a 500 on a read', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'getTemplateMessages', kind: '500-before', count: 1 }],
		});
		const { error } = await probe('getTemplateMessages', {});
		expect(error).toBeUndefined();
		expect(apiRequests('getTemplateMessages').map((request) => request.status)).toEqual([500, 200]);
	});

	it('does not retry a 500 on a send, and says the message may have been sent', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendQuickSMS', kind: '500-after', count: 1 }],
		});
		const { error } = await probe('sendQuickSMS', quickSms());
		expect(error?.message).toMatch(/unavailable \(500\)/);
		expect(error?.description).toMatch(/may have been sent/);
		expect(apiRequests('sendQuickSMS')).toHaveLength(1);
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 1, duplicates: 0 });
	});

	it('does not retry a 500 on a template change, and says it (not a message) may have been done', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'createTemplateMessage', kind: '500-after', count: 1 }],
		});
		const { error } = await probe('createTemplateMessage', {
			name: 'Welcome',
			message: 'Welcome aboard',
		});
		expect(error?.message).toMatch(/unavailable \(500\)/);
		expect(error?.description).toMatch(
			/may have been done \(created, changed or deleted\)\. It was not done again automatically/,
		);
		expect(error?.description).not.toMatch(/sent/);
		expect(apiRequests('createTemplateMessage')).toHaveLength(1);
	});

	it('turns an HTML answer into a clear error', async () => {
		fixture.sandbox.setFaults({ rules: [{ apiMethod: 'sendQuickSMS', kind: 'html' }] });
		const { error } = await probe('sendQuickSMS', quickSms());
		expect(error?.message).toMatch(/not valid JSON/);
		expect(apiRequests('sendQuickSMS')).toHaveLength(1);
	});

	it('turns a truncated JSON answer into a clear error', async () => {
		fixture.sandbox.setFaults({ rules: [{ apiMethod: 'getChatMessages', kind: 'truncated' }] });
		const { error } = await probe('getChatMessages', {});
		expect(error?.message).toMatch(/not valid JSON/);
	});

	it('reports a dropped connection on a send without sending again', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendQuickSMS', kind: 'drop-after', count: 1 }],
		});
		const { error } = await probe('sendQuickSMS', quickSms());
		expect(error?.message).toMatch(/connection to the service failed/);
		expect(error?.description).toMatch(/may have been sent/);
		expect(apiRequests('sendQuickSMS')).toHaveLength(1);
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 1, duplicates: 0 });
	});

	it('reports a timeout on a send without sending again', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendQuickSMS', kind: 'delay', delayMs: 1500, count: 1 }],
		});
		const { error } = await probe('sendQuickSMS', quickSms(), { timeoutMs: 300 });
		expect(error?.message).toMatch(/did not answer sendQuickSMS within/);
		expect(error?.description).toMatch(/may have been sent/);
		expect(apiRequests('sendQuickSMS')).toHaveLength(1);
	});

	it('says to check the API key when the service refuses it, and never shows the key', async () => {
		const { error } = await fixture.run({
			nodeType: PROBE_NODE_TYPE,
			apiKey: `${TEST_API_KEY}-wrong`,
			parameters: { method: 'getTemplateMessages', parameters: '{}' },
		});
		expect(error?.message).toMatch(/refused the API key \(401\)/);
		expect(error?.description).toMatch(/API Key in the Messaging Service credential/);
		expect(leaks(error)).toBe(false);
		expect(leaks(error?.message)).toBe(false);
	});

	it('never puts the key into an error, even when the service echoes it', async () => {
		// a 400 whose reason repeats the value sent, here the key itself
		const { error } = await probe('createSmsMessage', {
			message: 'hi',
			alphaname_id: TEST_API_KEY,
		});
		expect(fixture.sandbox.requests()[0].status).toBe(400);
		expect(error?.message).toMatch(/alphaname_id/);
		// (the error's node carries the parameters, which here hold the key on purpose)
		const { message, description, context } = error as unknown as Record<string, unknown>;
		expect(leaks({ message, description, context })).toBe(false);
	});
});

describe('the Base URL', () => {
	it('is refused before any request when it is plain http:// on another host', async () => {
		const { error } = await fixture.run({
			baseUrl: 'http://sms.example.com',
			parameters: { resource: 'template', operation: 'getMany', returnAll: true },
		});
		expect(error?.message).toMatch(/unencrypted http:\/\//);
		expect(error?.message).toMatch(/Allow Unencrypted HTTP/);
	});

	it('takes a trailing slash and surrounding spaces as a user means them', async () => {
		const { error } = await fixture.run({
			baseUrl: `  ${fixture.sandbox.url}/  `,
			parameters: { resource: 'template', operation: 'getMany', returnAll: true },
		});
		expect(error).toBeUndefined();
		expect(fixture.sandbox.requests()[0].path).toBe('/api/v2/getTemplateMessages');
	});

	it('keeps a path prefix of the Base URL', async () => {
		const { error } = await fixture.run({
			baseUrl: `${fixture.sandbox.url}/proxy`,
			parameters: { resource: 'template', operation: 'getMany', returnAll: true },
		});
		expect(fixture.sandbox.requests()[0].path).toBe('/proxy/api/v2/getTemplateMessages');
		expect(error?.message).toMatch(/page not found/);
		expect(error?.description).toMatch(/Check the Base URL/);
	});
});
