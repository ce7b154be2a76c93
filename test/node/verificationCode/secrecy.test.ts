/**
 * The code is found nowhere but in the message to the phone: not in the output items, the errors
 * or the run data of Send and Check, nor in anything logged, searched for as the key-leak tests
 * search for the API key. A 16-digit code, so that no other number contains it by chance.
 */
import type { IDataObject } from 'n8n-workflow';

import { startScriptedServer } from '../../hostile/scriptedServer';
import { TEST_API_KEY } from '../../harness/keys';
import { runNode, type RunNodeResult } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';
import { LeakWatch, serialize } from '../../reliability/lib/leaks';
import { checkCodes, sendCode, sendParams, TOKEN_VERSION, wrongCodeFor } from './setup';

const fixture = useSandbox();
const watch = new LeakWatch();
beforeAll(() => watch.install());
afterAll(() => watch.restore());

/** Everything a run shows: the error in all its parts and the run data (items, errors as n8n keeps them). */
function shown(result: RunNodeResult): string {
	const { error } = result;
	return serialize([
		error?.message,
		error?.description,
		error?.stack,
		error,
		result.run.data.resultData,
	]);
}

describe('Verification Code: the code stays secret', () => {
	it('is in no output, error, run data or log line of Send and Check', async () => {
		const mark = watch.mark();
		const staticData: IDataObject = {};
		const {
			token,
			code,
			result: sent,
		} = await sendCode(fixture, { codeLength: 16 }, { staticData });
		expect(code).toMatch(/^\d{16}$/);

		const refused = await fixture.run({
			typeVersion: TOKEN_VERSION,
			parameters: sendParams(fixture, { codeLength: 16 }),
			staticData,
		});
		expect(refused.error?.message).toContain('Resend Cooldown');

		const checks = await checkCodes(fixture, token, [wrongCodeFor(code), code, code], {
			staticData,
		});
		expect(checks.outputs.map((output) => output.status)).toEqual([
			'wrongCode',
			'valid',
			'alreadyUsed',
		]);

		for (const result of [sent, refused, checks.result]) expect(shown(result)).not.toContain(code);
		expect(JSON.stringify(staticData)).not.toContain(code);
		expect(watch.loggedSince(mark)).not.toContain(code);
		expect(fixture.sandbox.counters().sent.map((group) => group.text)).toEqual([code]);
	});

	it.each([
		['refused by the service (400)', '400'],
		['a server error after sending (500)', '500-after'],
		['an answer that is not JSON', 'html'],
	] as const)('is in no error when the send fails: %s', async (_title, kind) => {
		const mark = watch.mark();
		fixture.sandbox.setFaults({ rules: [{ apiMethod: 'sendOtpAppOne', kind }] });
		for (const continueOnFail of [false, true]) {
			const result = await fixture.run({
				typeVersion: TOKEN_VERSION,
				continueOnFail,
				parameters: sendParams(fixture, { codeSource: 'given', code: '7305918264519037' }),
			});
			expect(continueOnFail ? result.items[0].json.error : result.error).toBeDefined();
			expect(shown(result)).not.toContain('7305918264519037');
		}
		expect(fixture.sandbox.requests().map((request) => request.query.message)).toContain(
			'7305918264519037',
		);
		expect(watch.loggedSince(mark)).not.toContain('7305918264519037');
	});
});

describe('Verification Code: a service that echoes the code', () => {
	it.each([
		[
			'in its answer',
			200,
			(code: string) => ({
				sms_id: 5,
				status: 'NEW',
				parts: 1,
				message: code,
				note: `code ${code} queued`,
			}),
		],
		['in its refusal', 400, (code: string) => ({ error: `message ${code} refused` })],
	])('does not pass it on %s', async (_title, status, body) => {
		const server = await startScriptedServer();
		server.script((request, response) => {
			response
				.writeHead(status, { 'content-type': 'application/json' })
				.end(JSON.stringify(body(request.query.get('message') ?? '')));
		});
		try {
			const mark = watch.mark();
			const result = await runNode({
				baseUrl: server.url,
				typeVersion: TOKEN_VERSION,
				continueOnFail: true,
				parameters: sendParams(fixture, { codeSource: 'given', code: '7305918264519037' }),
			});
			expect(server.requests[0].query.get('message')).toBe('7305918264519037');
			expect(result.items[0].json).toHaveProperty(status === 200 ? 'token' : 'error');
			expect(shown(result)).not.toContain('7305918264519037');
			expect(watch.loggedSince(mark)).not.toContain('7305918264519037');
		} finally {
			await server.close();
		}
	});
});

describe('Verification Code: a Verification Scope keeps the keys secret', () => {
	it('names the credential in the static data and the tokens by a one-way id: neither the API key nor the secret is there, nor in any output or log', async () => {
		const mark = watch.mark();
		const secret = 'scope secrecy: secret of 32 characters';
		const staticData: IDataObject = {};
		const options = { verificationScope: 'secrecy' };
		for (const credentialFields of [{}, { verificationSecret: secret }]) {
			const {
				token,
				code,
				result: sent,
			} = await sendCode(fixture, { options }, { staticData, credentialFields });
			const wrong = await checkCodes(fixture, token, [wrongCodeFor(code)], {
				staticData,
				credentialFields,
				options,
			});
			const elsewhere = await checkCodes(fixture, token, [code], {
				staticData: {},
				workflowId: 'secrecy elsewhere',
				credentialFields,
			});
			expect(elsewhere.outputs[0]).toMatchObject({ status: 'wrongScope' });
			for (const result of [sent, wrong.result, elsewhere.result]) {
				expect(shown(result)).not.toContain(TEST_API_KEY);
				expect(shown(result)).not.toContain(secret);
			}
			expect(Buffer.from(token.split('.')[0], 'base64url').toString()).not.toContain(TEST_API_KEY);
		}
		const stored = JSON.stringify(staticData);
		expect(
			Object.keys(staticData.global as IDataObject).filter((key) => key.includes('scope')),
		).toHaveLength(2);
		expect(stored).not.toContain(TEST_API_KEY);
		expect(stored).not.toContain(secret);
		expect(watch.loggedSince(mark)).not.toContain(TEST_API_KEY);
	});
});
