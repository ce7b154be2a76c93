import { MessagingServiceApi } from '../../credentials/MessagingServiceApi.credentials';
import { testCredential } from '../harness/credentialTest';
import { TEST_API_KEY } from '../harness/keys';
import { useSandbox } from '../harness/sandbox';

const fixture = useSandbox();

describe('the Messaging Service credential', () => {
	it('keeps the API key in a password field', () => {
		const apiKey = new MessagingServiceApi().properties.find(
			(property) => property.name === 'apiKey',
		);
		expect(apiKey?.typeOptions?.password).toBe(true);
	});

	it('passes its test with the right key, calling a harmless read with the key in the query', async () => {
		const result = await testCredential({ apiKey: TEST_API_KEY, baseUrl: fixture.sandbox.url });
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		const [request] = fixture.sandbox.requests();
		expect(request).toMatchObject({
			path: '/api/v2/getTemplateMessages',
			token: TEST_API_KEY,
			status: 200,
		});
	});

	it('fails its test with a wrong key, without showing the key', async () => {
		const wrongKey = `${TEST_API_KEY}-wrong`;
		const result = await testCredential({ apiKey: wrongKey, baseUrl: fixture.sandbox.url });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/refused the API key/);
		expect(result.message).not.toContain(wrongKey);
	});

	it('fails its test with a plain http:// Base URL on another host, before sending the key', async () => {
		const result = await testCredential({
			apiKey: TEST_API_KEY,
			baseUrl: 'http://sms.example.com',
		});
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/Allow Unencrypted HTTP/);
	});

	it('accepts plain http:// on another host once "Allow Unencrypted HTTP" is on', async () => {
		const credential = new MessagingServiceApi();
		const options = { url: '/api/v2/getTemplateMessages', baseURL: 'http://10.0.0.5:8080/' };
		const authenticated = await credential.authenticate(
			{ apiKey: TEST_API_KEY, baseUrl: 'http://10.0.0.5:8080/', allowUnencryptedHttp: true },
			options,
		);
		expect(authenticated.baseURL).toBe('http://10.0.0.5:8080');
		expect(authenticated.qs).toEqual({ token: TEST_API_KEY });
	});

	it.each([
		['user:pass@', (host: string) => host.replace('http://', 'http://user:secret-pass@')],
		['a query string', (host: string) => `${host}/?region=eu`],
		['a fragment', (host: string) => `${host}/#top`],
	])(
		'fails its test with %s in the Base URL, before any request, without repeating it',
		async (_what, build) => {
			const baseUrl = build(fixture.sandbox.url);
			const result = await testCredential({ apiKey: TEST_API_KEY, baseUrl });
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(
				/must not contain (a user name or password|a query string or a fragment)/,
			);
			expect(result.message).not.toMatch(/secret-pass|region=eu|#top/);
			expect(fixture.sandbox.requests()).toEqual([]);
		},
	);

	it('the node refuses a Base URL with user:pass@ before any request, without showing the password', async () => {
		const baseUrl = fixture.sandbox.url.replace('http://', 'http://user:secret-pass@');
		const result = await fixture.run({
			baseUrl,
			parameters: { resource: 'template', operation: 'getMany' },
		});
		expect(result.error?.message).toMatch(
			/must not contain a user name or password \("user:pass@"\)/,
		);
		expect(
			JSON.stringify([
				result.error?.message,
				(result.error as { description?: string }).description,
			]),
		).not.toContain('secret-pass');
		expect(fixture.sandbox.requests()).toEqual([]);
	});
});
