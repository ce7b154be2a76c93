import type { INodeParameters } from 'n8n-workflow';

import { closedPort } from '../harness/closedPort';
import { testCredential } from '../harness/credentialTest';
import { TEST_API_KEY } from '../harness/keys';
import { params } from '../harness/params';
import { TriggerSession } from '../harness/poll';
import { useSandbox } from '../harness/sandbox';

/**
 * The first errors a new user meets, on the three first steps: the credential's Test, the first
 * send (SMS > Send) and the reply trigger's first activation. Each message says what to do next.
 * The trigger's fix must be in the message itself: n8n shows only that for a failed activation.
 */

const fixture = useSandbox();
const WRONG_KEY = 'wrong-key-Fe7-1c0d';

interface Mistake {
	mistake: string;
	credential: () => Promise<{ baseUrl: string; apiKey?: string }>;
	fix: RegExp;
}

const emulator = async () => ({ baseUrl: fixture.sandbox.url });

/** Mistakes in the credential: every step that calls the service meets them. */
const CREDENTIAL_MISTAKES: Mistake[] = [
	{
		mistake: 'a wrong API key',
		credential: async () => ({ baseUrl: fixture.sandbox.url, apiKey: WRONG_KEY }),
		fix: /Check the API Key/,
	},
	{
		mistake: 'a Base URL with a path that is not the service (404)',
		credential: async () => ({ baseUrl: `${fixture.sandbox.url}/sms` }),
		fix: /Check the Base URL/,
	},
	{
		mistake: 'a Base URL whose host does not exist',
		credential: async () => ({ baseUrl: 'https://no-such-host.invalid' }),
		fix: /no host of that name was found.*Check the Base URL in the credential for a typing mistake/,
	},
	{
		mistake: 'a Base URL on a closed port',
		credential: async () => ({ baseUrl: `http://127.0.0.1:${await closedPort()}` }),
		fix: /the connection was refused.*Check the Base URL in the credential \(host and port\) and that the service is running/,
	},
	{
		mistake: 'an http:// Base URL on another machine',
		credential: async () => ({ baseUrl: 'http://api.example.com' }),
		fix: /Use https:\/\/, or turn on "Allow Unencrypted HTTP" in the credential/,
	},
];

const TRIGGER_PARAMETERS: INodeParameters = {
	pollTimes: { item: [{ mode: 'everyMinute' }] },
	watch: 'recentMailings',
};

async function firstSend(
	credential: { baseUrl: string; apiKey?: string },
	overrides: INodeParameters = {},
) {
	const run = await fixture.run({
		...credential,
		parameters: params(fixture.account, 'sms', 'send', overrides),
		items: [{ phone: '' }],
	});
	expect(run.error).toBeDefined();
	return `${run.error?.message} ${run.error?.description ?? ''}`;
}

describe('the first errors a new user meets say what to do next', () => {
	describe.each(CREDENTIAL_MISTAKES)('$mistake', ({ credential, fix }) => {
		it("the credential's Test", async () => {
			const result = await testCredential({ apiKey: TEST_API_KEY, ...(await credential()) });
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(fix);
			expect(result.message).not.toContain(WRONG_KEY);
		});

		it('the first send (SMS > Send)', async () => {
			const said = await firstSend(await credential());
			expect(said).toMatch(fix);
			expect(said).not.toContain(WRONG_KEY);
			expect(said).not.toContain(TEST_API_KEY);
		});

		it("the reply trigger's first activation, in the message alone", async () => {
			const outcome = await new TriggerSession({
				...(await credential()),
				parameters: TRIGGER_PARAMETERS,
			}).poll('trigger', 'activate');
			expect(outcome.error?.message).toMatch(fix);
			expect(outcome.error?.message).not.toContain(WRONG_KEY);
		});
	});

	// Mistakes in the send itself (the credential and the trigger do not have these fields).
	it('the first send to a sender name the account does not have names the field and where it comes from', async () => {
		const said = await firstSend(await emulator(), { senderNameId: '999999' });
		expect(said).toMatch(/999999 is not a sender name/);
		expect(said).toMatch(
			/Check the Sender Name ID \(or the credential's Default Sender Name ID\): use a sender name of your account/,
		);
	});

	it('the first send with an empty phone (its expression gave nothing) names the field, the item and the rule', async () => {
		const said = await firstSend(await emulator(), { phone: '={{ $json.phone }}' });
		expect(said).toMatch(
			/^The Phone field is empty in item 0: a phone number must have 7 to 15 digits including the country code, e\.g\. \+375 29 123-45-67/,
		);
		expect(said).toMatch(/Fix the "Phone" field \(or the expression that fills it\) for item 0/);
		expect(fixture.sandbox.requests()).toEqual([]);
	});
});
