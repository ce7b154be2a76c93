/**
 * The README's Troubleshooting quotes, word for word, what users meet first: each situation below
 * is provoked against the emulator (the credential's Test, or the node in n8n's engine), and its
 * message must be one of the README's quotes ("> " lines; "..." stands for the part that varies).
 * Every quote must be the message of one of these situations. n8n's SSRF protection is on, as in
 * n8n 3.0 setups, with the emulator's address allowed (set before n8n-core loads).
 */
process.env.N8N_SSRF_PROTECTION_ENABLED = 'true';
process.env.N8N_SSRF_ALLOWED_IP_RANGES = '127.0.0.1/32';

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { testCredential } from '../harness/credentialTest';
import { TEST_API_KEY } from '../harness/keys';
import { params } from '../harness/params';
import { useSandbox } from '../harness/sandbox';
import { startRecordingServer } from '../hostile/redirects';

const fixture = useSandbox();

/** The README's quoted messages: consecutive "> " lines of the Troubleshooting section are one quote. */
function quotes(): string[] {
	const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
	const section = readme.split('\n## Troubleshooting\n')[1].split('\n## ')[0];
	const found: string[] = [];
	let current: string[] = [];
	for (const line of [...section.split('\n'), '']) {
		if (line.startsWith('> ')) current.push(line.slice(2).trim());
		else if (current.length) {
			found.push(current.join(' '));
			current = [];
		}
	}
	return found;
}

function says(quote: string, message: string): boolean {
	const pattern = quote
		.split('...')
		.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
		.join('.*');
	return new RegExp(`^${pattern}$`, 's').test(message);
}

const sendSms = () =>
	params(fixture.account, 'sms', 'send', { phone: '+375 29 123-45-67', message: 'Hello' });

async function nodeError(options: Partial<Parameters<typeof fixture.run>[0]>): Promise<string> {
	const { error } = await fixture.run({ parameters: sendSms(), ...options });
	return error?.message ?? 'no error';
}

async function testMessage(data: Record<string, unknown>): Promise<string> {
	return (await testCredential({ apiKey: TEST_API_KEY, ...data })).message;
}

/** A port on this machine where nothing listens. */
async function closedPort(): Promise<number> {
	const server = await startRecordingServer(() => ({ status: 200 }));
	await server.close();
	return server.port;
}

const situations: Array<[string, () => Promise<string>]> = [
	[
		'Test with a wrong key',
		async () => await testMessage({ apiKey: 'not-the-key', baseUrl: fixture.sandbox.url }),
	],
	['a send with a wrong key', async () => await nodeError({ apiKey: 'not-the-key' })],
	[
		'Test with /api/v1 in the Base URL',
		async () => await testMessage({ baseUrl: `${fixture.sandbox.url}/api/v1` }),
	],
	[
		'a send with /api/v1 in the Base URL',
		async () => await nodeError({ baseUrl: `${fixture.sandbox.url}/api/v1` }),
	],
	[
		'Test with a port where nothing listens',
		async () => await testMessage({ baseUrl: `http://127.0.0.1:${await closedPort()}` }),
	],
	[
		'a send to a port where nothing listens',
		async () => await nodeError({ baseUrl: `http://127.0.0.1:${await closedPort()}` }),
	],
	[
		'Test with a Base URL that redirects',
		async () => {
			const server = await startRecordingServer(() => ({
				status: 301,
				headers: { location: 'https://api.example.com/api/v2/getTemplateMessages' },
			}));
			try {
				return await testMessage({ baseUrl: `http://127.0.0.1:${server.port}` });
			} finally {
				await server.close();
			}
		},
	],
	[
		'Test with an http:// Base URL on another host',
		async () => await testMessage({ baseUrl: 'http://api.example.com' }),
	],
	[
		'a send that stays refused with 429',
		async () => {
			fixture.sandbox.setFaults({
				rules: [{ apiMethod: 'sendQuickSMS', kind: '429', retryAfter: '0' }],
			});
			return await nodeError({});
		},
	],
	[
		'a send told to wait a day (429)',
		async () => {
			fixture.sandbox.setFaults({
				rules: [{ apiMethod: 'sendQuickSMS', kind: '429', retryAfter: '86400' }],
			});
			return await nodeError({});
		},
	],
	[
		'Test refused with 429',
		async () => {
			fixture.sandbox.setFaults({ rules: [{ apiMethod: 'getTemplateMessages', kind: '429' }] });
			return await testMessage({ baseUrl: fixture.sandbox.url });
		},
	],
	[
		"a send to an address n8n's SSRF protection blocks",
		async () => await nodeError({ baseUrl: fixture.sandbox.url.replace('127.0.0.1', '127.0.0.2') }),
	],
	[
		'a scheduled message with a misspelt Service Time Zone',
		async () =>
			await nodeError({
				parameters: params(fixture.account, 'sms', 'createMessage', {
					message: 'Hello',
					sendAt: '2026-12-01T18:00:00',
				}),
				credentialFields: { serviceTimeZone: 'Europe/Mnisk' },
			}),
	],
];

const provoked: string[] = [];

describe('README Troubleshooting', () => {
	it('quotes messages (the check below has something to check)', () => {
		expect(quotes().length).toBeGreaterThanOrEqual(situations.length);
		expect(
			says(
				'The service refused the API key (401)...',
				'The service refused the API key (401): unauthorized',
			),
		).toBe(true);
		expect(
			says('The service refused the API key (401)...', 'The service refused the API key'),
		).toBe(false);
	});

	it.each(situations)(
		'quotes what the user is told after %s',
		async (_situation, provoke) => {
			const message = await provoke();
			provoked.push(message);
			expect(quotes().filter((quote) => says(quote, message))).toEqual([expect.any(String)]);
		},
		60_000,
	);

	it('quotes nothing the node or the Test does not say', () => {
		expect(provoked).toHaveLength(situations.length);
		expect(quotes().filter((quote) => !provoked.some((message) => says(quote, message)))).toEqual(
			[],
		);
	});
});
