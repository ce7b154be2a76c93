// Tokens that release 0.1.0 issued (test/node/upgrade/fixtures/verificationTokens.json, made by its
// issueToken) name no scope. They keep working for their expiry; the first scope that checks one
// holds it, and a Check of any other scope answers wrongScope.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { useSandbox } from '../../harness/sandbox';
import { checkCode, checkCodes, restartN8n, wrongCodeFor } from './setup';

const fixture = useSandbox();

interface LegacyFixture {
	verificationSecret: string;
	/** Unix seconds; the tokens expire 10 minutes later */
	issuedAt: number;
	tokens: Array<{ phone: string; code: string; token: string }>;
}

const legacy = JSON.parse(
	readFileSync(join(__dirname, '../upgrade/fixtures/verificationTokens.json'), 'utf8'),
) as LegacyFixture;
const credentialFields = { verificationSecret: legacy.verificationSecret };

/** n8n's clock `seconds` after the fixture's tokens were issued, going on from there. */
function clockAtIssuePlus(seconds: number): void {
	const now = Date.now.bind(Date);
	const start = now();
	jest
		.spyOn(Date, 'now')
		.mockImplementation(() => (legacy.issuedAt + seconds) * 1000 + (now() - start));
}

let made = 0;
const workflow = (name: string) => ({
	workflowId: `legacy-${made}-${name}`,
	staticData: {} as IDataObject,
	credentialFields,
});

// the fixture's tokens serve every test: each starts as a fresh n8n process would
beforeEach(() => {
	restartN8n();
	made++;
	clockAtIssuePlus(120);
});
afterEach(() => jest.restoreAllMocks());

describe('Verification Code > Check: tokens of release 0.1.0', () => {
	it('accepts the right code in the workflow that checks it first, once', async () => {
		const [{ token, code, phone }] = legacy.tokens;
		const a = workflow('A');
		expect(await checkCode(fixture, token, code, a)).toMatchObject({
			valid: true,
			status: 'valid',
			phone,
		});
		expect(await checkCode(fixture, token, code, a)).toMatchObject({
			valid: false,
			status: 'alreadyUsed',
		});
	});

	it('a token locked or used in one workflow is wrongScope in the others, with a message that says why', async () => {
		const [first, second] = legacy.tokens;
		const [a, b, c] = [workflow('A'), workflow('B'), workflow('C')];
		await checkCodes(fixture, first.token, Array<string>(5).fill(wrongCodeFor(first.code)), a);
		await checkCodes(fixture, second.token, [second.code], a);
		for (const other of [b, c]) {
			for (const { token, code } of [first, second]) {
				expect(await checkCode(fixture, token, code, other)).toEqual({
					valid: false,
					status: 'wrongScope',
					message: `This token, sent by an earlier version of the package, was first checked in the workflow with ID "${a.workflowId}" (no Verification Scope) and is checked only there; this Check belongs to the workflow with ID "${other.workflowId}" (no Verification Scope).`,
					phone: expect.any(String),
					expiresAt: new Date((legacy.issuedAt + 600) * 1000).toISOString(),
				});
			}
		}
		expect(await checkCode(fixture, first.token, first.code, a)).toMatchObject({
			status: 'tooManyAttempts',
		});
	});

	it('is held by a Verification Scope just as by a workflow: the split flow goes on after the upgrade', async () => {
		const [, , { token, code }] = legacy.tokens;
		const scope = { verificationScope: `upgrade ${made}` };
		await checkCodes(fixture, token, [wrongCodeFor(code)], { ...workflow('B'), options: scope });
		expect(await checkCode(fixture, token, code, workflow('A'))).toMatchObject({
			status: 'wrongScope',
		});
		expect(
			await checkCode(fixture, token, code, { ...workflow('C'), options: scope }),
		).toMatchObject({ valid: true });
	});

	it('is expired after its expiry, everywhere', async () => {
		jest.restoreAllMocks();
		clockAtIssuePlus(601);
		const [{ token, code }] = legacy.tokens;
		for (const name of ['A', 'B'])
			expect(await checkCode(fixture, token, code, workflow(name))).toMatchObject({
				valid: false,
				status: 'expired',
			});
	});

	it('after a restart, the workflow that holds its counts in its static data still refuses it', async () => {
		const [{ token, code }] = legacy.tokens;
		const a = workflow('A');
		await checkCodes(fixture, token, Array<string>(5).fill(wrongCodeFor(code)), a);
		restartN8n();
		expect(await checkCode(fixture, token, code, a)).toMatchObject({ status: 'tooManyAttempts' });
	});
});
