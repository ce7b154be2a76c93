import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../../harness/sandbox';
import {
	checkCode,
	checkCodes,
	clockAhead,
	sendCode,
	storedVerification,
	wrongCodeFor,
} from './setup';

const fixture = useSandbox();

afterEach(() => jest.restoreAllMocks());

/** The token with its payload (phone, expiry, nonce) changed and its signatures kept. */
function tampered(token: string, change: (payload: IDataObject) => void): string {
	const [payload, ...tags] = token.split('.');
	const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as IDataObject;
	change(data);
	return [Buffer.from(JSON.stringify(data)).toString('base64url'), ...tags].join('.');
}

describe('Verification Code > Check', () => {
	it('passes the right code once, with the phone; the code then counts as used', async () => {
		const staticData: IDataObject = {};
		const { token, code, json } = await sendCode(fixture, {}, { staticData });
		expect(await checkCode(fixture, token, code, { staticData })).toEqual({
			valid: true,
			status: 'valid',
			message: 'The code is right',
			phone: '375291000001',
			expiresAt: json.expiresAt,
		});
		expect(await checkCode(fixture, token, code, { staticData })).toMatchObject({
			valid: false,
			status: 'alreadyUsed',
			phone: '375291000001',
		});
	});

	it('takes the code as a person types it: spaces and dashes ignored', async () => {
		const { token, code } = await sendCode(fixture, { codeSource: 'given', code: '482913' });
		expect(code).toBe('482913');
		expect(await checkCode(fixture, token, ' 482-913 ')).toMatchObject({ status: 'valid' });
		const again = await sendCode(fixture, {
			phone: '375291000002',
			codeSource: 'given',
			code: '482913',
		});
		expect(await checkCode(fixture, again.token, '482 – 913')).toMatchObject({ status: 'valid' });
	});

	it('refuses a wrong code and says how many tries are left', async () => {
		const { token, code } = await sendCode(fixture);
		expect(await checkCode(fixture, token, wrongCodeFor(code))).toEqual({
			valid: false,
			status: 'wrongCode',
			message: 'The code is wrong',
			phone: '375291000001',
			expiresAt: expect.any(String),
			attemptsLeft: 4,
		});
		expect(await checkCode(fixture, token, '')).toMatchObject({ status: 'wrongCode' });
	});

	it('refuses a code after its expiry, which is signed into the token', async () => {
		const { token, code } = await sendCode(fixture, { options: { validMinutes: 10 } });
		expect(await checkCode(fixture, token, code, { staticData: {} })).toMatchObject({
			status: 'valid',
		});
		clockAhead(10 * 60_000 + 1000);
		expect(await checkCode(fixture, token, code, { staticData: {} })).toMatchObject({
			valid: false,
			status: 'expired',
			phone: '375291000001',
		});
		const later = tampered(token, (payload) => (payload.e = Number(payload.e) + 3600));
		expect(await checkCode(fixture, later, code)).toMatchObject({
			status: 'invalidSignature',
			phone: null,
		});
	});

	it('refuses a token sent to another phone than the one given in Phone', async () => {
		const { token, code } = await sendCode(fixture);
		expect(
			await checkCode(fixture, token, code, { options: { phone: '+375 29 999-99-99' } }),
		).toMatchObject({
			valid: false,
			status: 'otherPhone',
			phone: '375291000001',
		});
		expect(
			await checkCode(fixture, token, code, { options: { phone: '+375 29 100-00-01' } }),
		).toMatchObject({ status: 'valid' });
	});

	it('refuses a tampered token, even with the right code', async () => {
		const { token, code } = await sendCode(fixture);
		const otherPhone = tampered(token, (payload) => (payload.p = '375299999999'));
		expect(await checkCode(fixture, otherPhone, code)).toEqual({
			valid: false,
			status: 'invalidSignature',
			message: 'The token was not issued by a Send with this credential, or was changed',
			phone: null,
		});
		const [payload, tokenTag, codeTag] = token.split('.');
		const flipped = `${payload}.${tokenTag}.${codeTag.startsWith('A') ? 'B' : 'A'}${codeTag.slice(1)}`;
		expect(await checkCode(fixture, flipped, code)).toMatchObject({ status: 'wrongCode' });
	});

	it("refuses a token made with another credential's secret or key", async () => {
		const { token, code } = await sendCode(
			fixture,
			{},
			{ credentialFields: { verificationSecret: 'first secret of 32 characters!!' } },
		);
		expect(
			await checkCode(fixture, token, code, {
				credentialFields: { verificationSecret: 'other secret of 32 characters!!' },
			}),
		).toMatchObject({
			status: 'invalidSignature',
		});
		expect(await checkCode(fixture, token, code)).toMatchObject({ status: 'invalidSignature' });
		expect(
			await checkCode(fixture, token, code, {
				credentialFields: { verificationSecret: 'first secret of 32 characters!!' },
			}),
		).toMatchObject({
			status: 'valid',
		});

		const fromKey = await sendCode(fixture, {}, { staticData: {} });
		expect(
			await checkCode(fixture, fromKey.token, fromKey.code, {
				apiKey: 'msk-another-account-key-0000',
			}),
		).toMatchObject({
			status: 'invalidSignature',
		});
	});

	it.each([['not-a-token'], ['={{ "" }}'], ['a.b'], ['a.b.c.d'], ['a b.c.d']])(
		'calls %j malformed',
		async (token) => {
			expect(await checkCode(fixture, token, '123456')).toEqual({
				valid: false,
				status: 'malformed',
				message: 'This is not a verification token',
				phone: null,
			});
		},
	);

	it('refuses a Max Wrong Attempts out of range as a field error', async () => {
		const { token, code } = await sendCode(fixture);
		const result = await fixture.run({
			typeVersion: 3,
			parameters: {
				resource: 'verificationCode',
				operation: 'check',
				token,
				enteredCode: code,
				options: { maxWrongAttempts: 0 },
			},
		});
		expect(result.error?.message).toBe(
			'Invalid Max Wrong Attempts "0" in item 0: a whole number from 1 to 20',
		);
	});
});

describe('Verification Code > Check: attempt limit', () => {
	it('holds across executions: after 5 wrong codes even the right one is refused', async () => {
		const staticData: IDataObject = {};
		const { token, code } = await sendCode(fixture);
		const left: unknown[] = [];
		for (let attempt = 0; attempt < 5; attempt++)
			left.push((await checkCode(fixture, token, wrongCodeFor(code), { staticData })).attemptsLeft);
		expect(left).toEqual([4, 3, 2, 1, 0]);
		expect(await checkCode(fixture, token, code, { staticData })).toMatchObject({
			valid: false,
			status: 'tooManyAttempts',
			attemptsLeft: 0,
		});
	});

	it('takes its number from Max Wrong Attempts', async () => {
		const staticData: IDataObject = {};
		const { token, code } = await sendCode(fixture);
		const options = { maxWrongAttempts: 2 };
		const { outputs } = await checkCodes(
			fixture,
			token,
			[wrongCodeFor(code), wrongCodeFor(code), code],
			{ staticData, options },
		);
		expect(outputs.map((output) => output.status)).toEqual([
			'wrongCode',
			'wrongCode',
			'tooManyAttempts',
		]);
	});

	it('holds under 20 concurrent checks in one execution: 5 counted, 15 refused', async () => {
		const { token, code } = await sendCode(fixture);
		const { outputs, result } = await checkCodes(
			fixture,
			token,
			Array<string>(20).fill(wrongCodeFor(code)),
			{ staticData: {} },
		);
		expect(outputs.filter((output) => output.status === 'wrongCode')).toHaveLength(5);
		expect(outputs.filter((output) => output.status === 'tooManyAttempts')).toHaveLength(15);
		expect(result.items.map((item) => item.pairedItem)).toEqual(
			Array.from({ length: 20 }, (_, item) => ({ item })),
		);
	});

	it('passes a right code once among 20 concurrent checks of it', async () => {
		const { token, code } = await sendCode(fixture);
		const { outputs } = await checkCodes(fixture, token, Array<string>(20).fill(code), {
			staticData: {},
		});
		expect(outputs.filter((output) => output.valid === true)).toHaveLength(1);
		expect(outputs.filter((output) => output.status === 'alreadyUsed')).toHaveLength(19);
	});

	it('holds for two executions at once that share the static data (one n8n process): 5 counted of 20', async () => {
		const staticData: IDataObject = {};
		const { token, code } = await sendCode(fixture);
		const wrong = Array<string>(10).fill(wrongCodeFor(code));
		const runs = await Promise.all([
			checkCodes(fixture, token, wrong, { staticData }),
			checkCodes(fixture, token, wrong, { staticData }),
		]);
		const statuses = runs.flatMap((run) => run.outputs.map((output) => output.status));
		expect(statuses.filter((status) => status === 'wrongCode')).toHaveLength(5);
		expect(statuses.filter((status) => status === 'tooManyAttempts')).toHaveLength(15);
	});

	it('keeps the static data bounded: expired tokens are dropped, and it stores no code and no phone', async () => {
		const staticData: IDataObject = {};
		const first = await sendCode(fixture, { codeLength: 16, options: { validMinutes: 1 } });
		await checkCode(fixture, first.token, wrongCodeFor(first.code), { staticData });
		const stored = JSON.stringify(staticData);
		expect(stored).not.toContain(first.code);
		expect(stored).not.toContain('375291000001');
		expect(stored).toContain(
			JSON.parse(Buffer.from(first.token.split('.')[0], 'base64url').toString()).n,
		);

		clockAhead(2 * 60_000);
		const second = await sendCode(fixture, { phone: '375291000002' });
		await checkCode(fixture, second.token, wrongCodeFor(second.code), { staticData });
		const { checks } = storedVerification(staticData);
		expect(Object.keys(checks)).toEqual([
			JSON.parse(Buffer.from(second.token.split('.')[0], 'base64url').toString()).n,
		]);
	});

	it('refuses a new token when 5000 tokens are being tracked, rather than forget one', async () => {
		const expiry = Math.floor(Date.now() / 1000) + 600;
		const checks = Object.fromEntries(
			Array.from({ length: 5000 }, (_, i) => [
				`tracked-${String(i).padStart(8, '0')}`,
				[1, 0, expiry],
			]),
		);
		const staticData: IDataObject = {
			global: { messagingServiceVerification: { checks, resends: {} } },
		};
		const { token, code } = await sendCode(fixture);
		expect(await checkCode(fixture, token, code, { staticData })).toMatchObject({
			valid: false,
			status: 'tooManyAttempts',
		});
	});
});
