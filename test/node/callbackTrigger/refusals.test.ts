// What the Callback Trigger refuses (no execution, a clear status) and what it takes as it came.
import { useSandbox } from '../../harness/sandbox';
import { TEST_API_KEY } from '../../harness/keys';
import { params, RECIPIENTS_FROM_PHONE_FIELD } from '../../harness/params';
import { startWebhookHost, type WebhookHost } from '../../harness/webhook';

const fixture = useSandbox();

/** The signed callback URL Send Batch gives the service for `host` (one chunk). */
async function signedUrlFor(host: WebhookHost): Promise<string> {
	const { error } = await fixture.run({
		parameters: params(fixture.account, 'sms', 'sendBatch', {
			mailingName: 'Probe',
			...RECIPIENTS_FROM_PHONE_FIELD,
			callbackUrl: host.url,
		}),
		items: [{ phone: '375291000001' }],
	});
	expect(error).toBeUndefined();
	await fixture.sandbox.flushCallbacks();
	host.executions.length = 0;
	return (fixture.sandbox.requests()[0].body as { callback_url: string }).callback_url;
}

async function post(url: string, body: string | Buffer, contentType = 'application/json') {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': contentType },
		body,
	});
	const text = await response.text();
	return { status: response.status, text };
}

function withQuery(url: string, change: (query: URLSearchParams) => void): string {
	const changed = new URL(url);
	change(changed.searchParams);
	return changed.toString();
}

const STATUS_BODY = JSON.stringify({
	uuid: '3f2b8c1e-5d7a-4e9b-9c1f-2a6d8e4b7c90',
	result: [{ errors: ['A content url is not valid'] }],
});

describe('Messaging Service Callback Trigger: refusals and unknown shapes', () => {
	let host: WebhookHost;
	let signed: string;
	beforeEach(async () => {
		host = await startWebhookHost({ parameters: { options: { maxBodyMb: 1 } } });
		signed = await signedUrlFor(host);
	});
	afterEach(async () => {
		await host.close();
	});

	it('takes the signed URL: 200 at once, one execution', async () => {
		expect(signed).toMatch(/\?ref=[\w-]{16}&chunk=1&chunks=1&sig=[\w-]{43}$/);
		const answer = await post(signed, STATUS_BODY);
		expect(answer.status).toBe(200);
		expect(host.executions).toHaveLength(1);
		expect(host.executions[0][0]).toMatchObject({
			uuid: '3f2b8c1e-5d7a-4e9b-9c1f-2a6d8e4b7c90',
			chunk: 1,
			chunks: 1,
			failed: true,
		});
	});

	it.each([
		['no query at all', (url: string) => url.split('?')[0]],
		['no sig', (url: string) => withQuery(url, (query) => query.delete('sig'))],
		['an empty sig', (url: string) => withQuery(url, (query) => query.set('sig', ''))],
		[
			'a shortened sig',
			(url: string) => withQuery(url, (query) => query.set('sig', query.get('sig')!.slice(0, 20))),
		],
		['another chunk number', (url: string) => withQuery(url, (query) => query.set('chunk', '2'))],
		['another chunk count', (url: string) => withQuery(url, (query) => query.set('chunks', '2'))],
		[
			'another ref',
			(url: string) => withQuery(url, (query) => query.set('ref', 'AAAAAAAAAAAAAAAA')),
		],
		[
			'a sig that is the API key',
			(url: string) => withQuery(url, (query) => query.set('sig', TEST_API_KEY)),
		],
		['the sig twice', (url: string) => `${url}&sig=${new URL(url).searchParams.get('sig')}`],
	])(
		'refuses a call with %s: 401, nothing started, no secret in the answer',
		async (_name, change) => {
			const answer = await post(change(signed), STATUS_BODY);
			expect(answer.status).toBe(401);
			expect(JSON.parse(answer.text)).toEqual({
				error: expect.stringMatching(/^Not a callback for this trigger: /),
			});
			expect(answer.text).not.toContain(TEST_API_KEY);
			expect(answer.text).not.toContain(new URL(signed).searchParams.get('sig'));
			expect(host.executions).toHaveLength(0);
		},
	);

	it('refuses a URL signed with another API key (the trigger on another credential): 401, nothing started', async () => {
		const other = await startWebhookHost({ apiKey: 'msk-another-account-key-0001' });
		try {
			const answer = await post(signed.replace(host.url, other.url), STATUS_BODY);
			expect(answer.status).toBe(401);
			expect(answer.text).toContain('another credential');
			expect(other.executions).toHaveLength(0);
		} finally {
			await other.close();
		}
	});

	it.each([
		['text that is not JSON', 'outcome: delivered', 'text/plain'],
		['a form body', 'uuid=3f2b8c1e&status=ok', 'application/x-www-form-urlencoded'],
		['an empty body', '', 'application/json'],
		['an empty text body', '', 'text/plain'],
		['XML', '<outcome><uuid>1</uuid></outcome>', 'application/xml'],
	])('answers %s with 400 and starts nothing', async (_name, body, contentType) => {
		const answer = await post(signed, body, contentType);
		expect(answer.status).toBe(400);
		expect(JSON.parse(answer.text).error).toMatch(
			/^Not a callback: the body is (not JSON|empty or not readable) \(content type "[^"]+"\); the callback must be JSON\.$/,
		);
		expect(host.executions).toHaveLength(0);
	});

	it('takes JSON sent as text/plain (the spec does not show the content type)', async () => {
		const answer = await post(signed, STATUS_BODY, 'text/plain');
		expect(answer.status).toBe(200);
		expect(host.executions[0]).toEqual([
			expect.objectContaining({ failed: true, errors: ['A content url is not valid'] }),
		]);
	});

	it('refuses a body over the Max Body Size with 413 and starts nothing; a body just under it passes', async () => {
		const limit = 1024 * 1024;
		const padded = (size: number) => {
			const start = '{"uuid":"x","padding":"';
			return `${start}${'a'.repeat(size - start.length - 2)}"}`;
		};
		const over = await post(signed, padded(limit + 1));
		expect(over.status).toBe(413);
		expect(JSON.parse(over.text).error).toBe(
			`The body has ${limit + 1} bytes; this trigger accepts at most 1 MB (option Max Body Size).`,
		);
		expect(host.executions).toHaveLength(0);

		const under = await post(signed, padded(limit));
		expect(under.status).toBe(200);
		expect(host.executions).toHaveLength(1);
	});

	it('refuses an oversized body without the signature with 401: no size or body check for strangers', async () => {
		const answer = await post(signed.split('?')[0], 'x'.repeat(2 * 1024 * 1024), 'text/plain');
		expect(answer.status).toBe(401);
		expect(host.executions).toHaveLength(0);
	});

	it.each([
		['an object of another shape', { event: 'done', count: 3 }],
		[
			'a status array with an entry of another shape',
			{ uuid: 'u-1', result: [{ errors: ['x'] }, { note: 'new member' }] },
		],
		['an empty status array', { uuid: 'u-2', result: [] }],
		['a JSON string', 'delivered'],
		['a number', 42],
		['null', null],
	])(
		'gives %s as one item with the body as it came (and the uuid when there is one)',
		async (_name, body) => {
			const answer = await post(signed, JSON.stringify(body));
			expect(answer.status).toBe(200);
			const uuid =
				typeof body === 'object' && body !== null && 'uuid' in body ? { uuid: body.uuid } : {};
			expect(host.executions).toEqual([
				[{ ...uuid, ref: expect.any(String), chunk: 1, chunks: 1, body }],
			]);
		},
	);

	it('splits a bare status array (as statusBulkSms answers it) like the {uuid, result} shape, without a uuid', async () => {
		const answer = await post(
			signed,
			JSON.stringify([
				{
					message_id: 7,
					name: 'A',
					alphaname_id: 1001,
					success: [{ delivery_id: 1, phone: '375291000001', status: 'NEW' }],
				},
				{ errors: ['B content url is not valid'] },
			]),
		);
		expect(answer.status).toBe(200);
		expect(host.executions[0]).toEqual([
			{
				ref: expect.any(String),
				chunk: 1,
				chunks: 1,
				message_id: 7,
				name: 'A',
				alphaname_id: 1001,
				success: [{ delivery_id: 1, phone: '375291000001', status: 'NEW' }],
			},
			expect.objectContaining({ failed: true, errors: ['B content url is not valid'] }),
		]);
	});
});
