// n8n's SSRF protection, on as n8n 3.0's users turn it on, with the emulator's loopback address
// allowed as docs/compatibility.md says: n8n-core's own request layer reads these settings when it
// first makes a request, so they are set before anything of n8n loads.
process.env.N8N_SSRF_PROTECTION_ENABLED = 'true';
process.env.N8N_SSRF_ALLOWED_IP_RANGES = '127.0.0.1/32';
process.env.N8N_SSRF_BLOCKED_HOSTNAMES = 'localhost';

import { testCredential } from '../harness/credentialTest';
import { TEST_API_KEY } from '../harness/keys';
import { params } from '../harness/params';
import { useSandbox } from '../harness/sandbox';
import { describeSsrfBlock } from '../../nodes/MessagingService/transport/ssrf';

describe("n8n's SSRF protection: the allowed Base URL works, a blocked one fails naming the setting", () => {
	const fixture = useSandbox();
	/** the emulator's port on another loopback address, which the allow-list leaves blocked */
	const blockedUrl = () => fixture.sandbox.url.replace('127.0.0.1', '127.0.0.2');

	it('with N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32 the emulator on 127.0.0.1 is reached', async () => {
		const { requests } = await fixture.runOk({
			parameters: params(fixture.account, 'sms', 'send'),
		});
		expect(requests.map((request) => request.apiMethod)).toEqual(['sendQuickSMS']);
		expect(
			(await testCredential({ apiKey: TEST_API_KEY, baseUrl: fixture.sandbox.url })).status,
		).toBe('OK');
	});

	it('a send to a blocked address names the variable and the value to set, once, without the key', async () => {
		const result = await fixture.run({
			baseUrl: blockedUrl(),
			parameters: params(fixture.account, 'sms', 'send'),
		});
		expect(result.error?.message).toBe(
			"n8n's SSRF protection blocked the request to 127.0.0.2: a private, loopback or other restricted address. Whoever runs n8n can allow the Base URL with N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.2/32 (on main and every worker), then restart n8n. (sendQuickSMS was not sent)",
		);
		expect(result.error?.description).toMatch(
			/^The request did not leave n8n: nothing was sent or changed\./,
		);
		expect(JSON.stringify(result.error)).not.toContain(TEST_API_KEY);
		expect(fixture.sandbox.requests()).toEqual([]);
	});

	it('a read is not retried: the block stays until the settings change', async () => {
		const result = await fixture.run({
			baseUrl: blockedUrl(),
			parameters: params(fixture.account, 'template', 'getMany'),
		});
		expect(result.error?.message).toContain('N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.2/32');
		expect(result.error?.description).not.toMatch(/retried/);
	});

	it("the credential's Test says the same", async () => {
		const result = await testCredential({ apiKey: TEST_API_KEY, baseUrl: blockedUrl() });
		expect(result).toEqual({
			status: 'Error',
			message: `The service could not be reached at ${blockedUrl()}: n8n's SSRF protection blocked the request to 127.0.0.2: a private, loopback or other restricted address. Whoever runs n8n can allow the Base URL with N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.2/32 (on main and every worker), then restart n8n.`,
		});
	});

	it('a host name on N8N_SSRF_BLOCKED_HOSTNAMES: the error says where it is listed and what allows it', async () => {
		const result = await fixture.run({
			baseUrl: fixture.sandbox.url.replace('127.0.0.1', 'localhost'),
			parameters: params(fixture.account, 'sms', 'send'),
		});
		expect(result.error?.message).toBe(
			"n8n's SSRF protection blocked the request to localhost: the host is on N8N_SSRF_BLOCKED_HOSTNAMES. Whoever runs n8n can remove it there or set N8N_SSRF_ALLOWED_HOSTNAMES=localhost (on main and every worker), then restart n8n. (sendQuickSMS was not sent)",
		);
		expect(fixture.sandbox.requests()).toEqual([]);
	});

	it('a Base URL by host name on a private network: its name or its address may be allowed', () => {
		expect(describeSsrfBlock({ by: 'ip', ip: '10.0.0.5' }, 'https://sms.internal:8443')).toBe(
			"n8n's SSRF protection blocked the request to sms.internal (10.0.0.5): a private, loopback or other restricted address. Whoever runs n8n can allow the Base URL with N8N_SSRF_ALLOWED_HOSTNAMES=sms.internal (or N8N_SSRF_ALLOWED_IP_RANGES=10.0.0.5/32, the address it resolves to) (on main and every worker), then restart n8n.",
		);
		expect(describeSsrfBlock({ by: 'ip', ip: 'fd00::5' }, 'http://[fd00::5]:8080')).toContain(
			'N8N_SSRF_ALLOWED_IP_RANGES=fd00::5/128',
		);
	});
});
