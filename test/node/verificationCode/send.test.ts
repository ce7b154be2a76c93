import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { badInputTable } from '../../harness/badInputTable';
import { itRefusesBadItems } from '../../harness/badInput';
import { useSandbox } from '../../harness/sandbox';
import { clockAhead, sendCode, sendParams, storedVerification, TOKEN_VERSION } from './setup';

const fixture = useSandbox();
const sendCodeParams = (overrides: INodeParameters) => sendParams(fixture, overrides);

afterEach(() => jest.restoreAllMocks());

describe('Verification Code > Send', () => {
	it.each([
		['appOne', '/api/v1/sendOtpAppOne', 'otp-app-one'],
		['appTwo', '/api/v1/sendOtpAppTwo', 'otp-app-two'],
	])(
		'sends a given code through %s and returns a token, not the code',
		async (channel, path, counted) => {
			const before = Date.now();
			const { items, request } = await fixture.runOk({
				typeVersion: TOKEN_VERSION,
				parameters: sendCodeParams({
					channel,
					phone: '+375 29 123-45-67',
					codeSource: 'given',
					code: '0048213',
				}),
			});
			expect(request).toMatchObject({ httpMethod: 'POST', path, bodyType: 'none', status: 200 });
			expect(request.query).toEqual({
				token: expect.any(String),
				message: '0048213',
				phone: '375291234567',
			});
			expect(items[0].json).toEqual({
				sms_id: expect.any(Number),
				status: 'NEW',
				parts: 1,
				phone: '375291234567',
				token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
				expiresAt: expect.any(String),
			});
			const expiresAt = Date.parse(String(items[0].json.expiresAt));
			expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 10 * 60_000);
			expect(expiresAt).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
			expect(fixture.sandbox.counters().sent).toEqual([
				expect.objectContaining({ channel: counted, phone: '375291234567', text: '0048213' }),
			]);
		},
	);

	it('generates a random code of the chosen length for each item, and a token for each', async () => {
		const { items, error } = await fixture.run({
			typeVersion: TOKEN_VERSION,
			parameters: sendCodeParams({
				channel: 'appOne',
				phone: '={{ $json.phone }}',
				codeSource: 'generate',
				codeLength: 16,
			}),
			items: [{ phone: '375291000001' }, { phone: '375291000002' }, { phone: '375291000003' }],
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const sent = fixture.sandbox.counters().sent.map((group) => group.text);
		expect(sent.every((code) => /^\d{16}$/.test(code))).toBe(true);
		expect(new Set(sent).size).toBe(3);
		expect(new Set(items.map((item) => item.json.token)).size).toBe(3);
		for (const item of items) expect(item.json).not.toHaveProperty('code');
	});

	it('generates 6 digits by default', async () => {
		await sendCode(fixture);
		expect(fixture.sandbox.counters().sent[0].text).toMatch(/^\d{6}$/);
	});

	it('returns the code too when Include Code in Output is on', async () => {
		const { json, code } = await sendCode(fixture, { options: { includeCode: true } });
		expect(json.code).toBe(code);
		expect(json.token).toEqual(expect.any(String));
	});

	it('signs the expiry of Code Valid For (Minutes) into the token', async () => {
		const { json } = await sendCode(fixture, { options: { validMinutes: 3 } });
		const expiresIn = Date.parse(String(json.expiresAt)) - Date.now();
		expect(expiresIn).toBeGreaterThan(2 * 60_000);
		expect(expiresIn).toBeLessThanOrEqual(3 * 60_000);
	});

	it('keeps workflows of node versions 1 and 2 as they were: the code in the output, no cooldown', async () => {
		for (const typeVersion of [1, 2]) {
			fixture.sandbox.reset();
			const { items, error } = await fixture.run({
				typeVersion,
				parameters: sendCodeParams({ phone: '375291000001' }),
				items: [{}, {}],
			});
			expect(error).toBeUndefined();
			const sent = fixture.sandbox.counters().sent;
			expect(sent.reduce((count, group) => count + group.count, 0)).toBe(2);
			expect(items.map((item) => item.json.code).sort()).toEqual(
				sent.flatMap((group) => Array<string>(group.count).fill(group.text)).sort(),
			);
			expect(items[0].json.token).toEqual(expect.any(String));
		}
	});
});

describe('Verification Code > Send: resend cooldown', () => {
	const refusal = (item: number) =>
		new RegExp(
			`^No code sent to Phone "375291000001" in item ${item}: a code went to this phone less than 60 s ago \\(Resend Cooldown\\)$`,
		);

	it('refuses a second code to the same phone in one execution, naming field, value and item, and sends nothing for it', async () => {
		const { error } = await fixture.run({
			typeVersion: TOKEN_VERSION,
			parameters: sendCodeParams({ phone: '={{ $json.phone }}', options: { concurrency: 1 } }),
			items: [{ phone: '375291000001' }, { phone: '+375 29 100-00-01' }],
		});
		expect(error?.message).toMatch(refusal(1));
		expect(fixture.sandbox.counters().messagesSent).toBe(1);
	});

	it('with Continue On Fail gives the refused item an error item and sends the others', async () => {
		const { items, error } = await fixture.run({
			typeVersion: TOKEN_VERSION,
			continueOnFail: true,
			parameters: sendCodeParams({ phone: '={{ $json.phone }}', options: { concurrency: 1 } }),
			items: [{ phone: '375291000001' }, { phone: '375291000001' }, { phone: '375291000002' }],
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.token).toEqual(expect.any(String));
		expect(String(items[1].json.error)).toMatch(refusal(1));
		expect(items[2].json.token).toEqual(expect.any(String));
		expect(fixture.sandbox.counters().sent.map((group) => group.phone)).toEqual([
			'375291000001',
			'375291000002',
		]);
	});

	it('holds across executions of the workflow (its static data), ends after the cooldown, and stores no phone number', async () => {
		const staticData: IDataObject = {};
		await sendCode(fixture, {}, { staticData });
		const again = await fixture.run({
			typeVersion: TOKEN_VERSION,
			parameters: sendCodeParams({}),
			staticData,
		});
		expect(again.error?.message).toMatch(refusal(0));
		expect(again.error?.description).toMatch(
			/^Nothing was sent\. Another code can be sent to this phone in (59|60) s/,
		);
		expect(fixture.sandbox.counters().messagesSent).toBe(1);
		expect(JSON.stringify(staticData)).not.toContain('375291000001');

		clockAhead(61_000);
		await sendCode(fixture, {}, { staticData });
		expect(fixture.sandbox.counters().messagesSent).toBe(2);
	});

	it('takes its length from Resend Cooldown (Seconds); 0 turns it off', async () => {
		const staticData: IDataObject = {};
		await sendCode(fixture, { options: { resendCooldown: 5 } }, { staticData });
		clockAhead(6_000);
		await sendCode(fixture, { options: { resendCooldown: 0 } }, { staticData });
		await sendCode(fixture, { options: { resendCooldown: 0 } }, { staticData });
		expect(fixture.sandbox.counters().messagesSent).toBe(3);
	});

	it('lets a phone through later in the same run once its cooldown has ended', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendOtpAppOne', kind: 'delay', delayMs: 2100, count: 1 }],
		});
		const { error } = await fixture.run({
			typeVersion: TOKEN_VERSION,
			parameters: sendCodeParams({
				phone: '={{ $json.phone }}',
				options: { concurrency: 1, resendCooldown: 1 },
			}),
			items: [{ phone: '375291000001' }, { phone: '375291000002' }, { phone: '375291000001' }],
		});
		expect(error).toBeUndefined();
		expect(fixture.sandbox.counters().sent.map((group) => group.phone)).toEqual([
			'375291000001',
			'375291000002',
			'375291000001',
		]);
	});

	it('makes room in a full cooldown list for a phone once older cooldowns have ended during the run', async () => {
		const endsSoon = Math.floor(Date.now() / 1000) + 1;
		const resends = Object.fromEntries(
			Array.from({ length: 4999 }, (_, index) => [`ending-${index}`, endsSoon]),
		);
		const staticData: IDataObject = {
			global: { messagingServiceVerification: { checks: {}, resends } },
		};
		// the first item takes the 5,000th place and is answered 2.1 s late; by the second, the others have ended
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendOtpAppOne', kind: 'delay', delayMs: 2100, count: 1 }],
		});
		const { error } = await fixture.run({
			typeVersion: TOKEN_VERSION,
			parameters: sendCodeParams({ phone: '={{ $json.phone }}', options: { concurrency: 1 } }),
			items: [{ phone: '375291000001' }, { phone: '375291000002' }],
			staticData,
		});
		expect(error).toBeUndefined();
		expect(fixture.sandbox.counters().messagesSent).toBe(2);
	});

	it('holds for two executions at once that share the static data (one n8n process): one code per phone', async () => {
		const staticData: IDataObject = {};
		// one item at a time, each answer 10 ms late: the two runs take turns writing the static data
		fixture.sandbox.setFaults({ latencyMs: 10 });
		const items = Array.from({ length: 20 }, (_, index) => ({
			phone: String(375291000000 + (index % 10)),
		}));
		const run = async () =>
			await fixture.run({
				typeVersion: TOKEN_VERSION,
				continueOnFail: true,
				parameters: sendCodeParams({ phone: '={{ $json.phone }}', options: { concurrency: 1 } }),
				items,
				staticData,
			});
		const runs = await Promise.all([run(), run()]);
		const outputs = runs.flatMap((result) => result.items.map((item) => item.json));
		expect(outputs.filter((json) => typeof json.token === 'string')).toHaveLength(10);
		expect(outputs.filter((json) => /less than 60 s ago/.test(String(json.error)))).toHaveLength(
			30,
		);
		expect(new Set(fixture.sandbox.counters().sent.map((group) => group.phone)).size).toBe(10);
		expect(fixture.sandbox.counters().messagesSent).toBe(10);
	});

	it('in one run of 5,004 items sends one code to each of 5,000 phones and refuses the repeats and the 5,001st phone', async () => {
		const staticData: IDataObject = {};
		const phones = Array.from({ length: 5001 }, (_, index) => String(375290000000 + index));
		const items = [...phones, phones[0], phones[2500], phones[4999]].map((phone) => ({ phone }));
		const { items: outputs, error } = await fixture.run({
			typeVersion: TOKEN_VERSION,
			continueOnFail: true,
			// the longest cooldown: on a slow machine the run may take longer than the default 60 s
			parameters: sendCodeParams({
				phone: '={{ $json.phone }}',
				options: { resendCooldown: 3600 },
			}),
			items,
			staticData,
		});
		expect(error).toBeUndefined();
		expect(outputs.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		const errors = outputs.map((item) => String(item.json.error ?? ''));
		expect(errors.filter((message) => /less than 3600 s ago/.test(message))).toHaveLength(3);
		expect(
			errors.filter((message) => /too many phones are in their resend cooldown/.test(message)),
		).toHaveLength(1);
		const sent = fixture.sandbox.counters().sent.map((group) => group.phone);
		expect(sent).toHaveLength(5000);
		expect(new Set(sent).size).toBe(5000);
		expect(Object.keys(storedVerification(staticData).resends)).toHaveLength(5000);
	}, 600_000);

	it.each([1, 10])(
		'with Retry On Fail (Concurrency %i) and the fifth send refused, the next try sends each remaining phone once and refuses none',
		async (concurrency) => {
			fixture.sandbox.setFaults({
				rules: [{ apiMethod: 'sendOtpAppOne', kind: '400', after: 4, count: 1 }],
			});
			const items = Array.from({ length: 10 }, (_, index) => ({
				phone: String(375291000000 + index),
			}));
			const { items: outputs, error } = await fixture.run({
				typeVersion: TOKEN_VERSION,
				parameters: sendCodeParams({ phone: '={{ $json.phone }}', options: { concurrency } }),
				items,
				staticData: {},
				retryOnFail: { maxTries: 3, waitBetweenTries: 0 },
			});
			expect(error).toBeUndefined();
			expect(outputs.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
			expect(outputs.every((item) => typeof item.json.token === 'string')).toBe(true);
			expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 10, duplicates: 0 });
		},
	);

	it('does not count a send the service refused', async () => {
		const staticData: IDataObject = {};
		fixture.sandbox.setFaults({ rules: [{ apiMethod: 'sendOtpAppOne', kind: '400', count: 1 }] });
		const failed = await fixture.run({
			typeVersion: TOKEN_VERSION,
			parameters: sendCodeParams({}),
			staticData,
		});
		expect(failed.error).toBeDefined();
		await sendCode(fixture, {}, { staticData });
		expect(fixture.sandbox.counters().messagesSent).toBe(1);
	});
});

describe('Verification Code > Send: bad input', () => {
	itRefusesBadItems(fixture, badInputTable.badItems.verificationCode.send);
});
