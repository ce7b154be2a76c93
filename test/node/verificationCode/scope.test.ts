// A token is checked only in its scope: by default the workflow that sent it, or a Verification
// Scope named on Send and Check. Three workflows on one credential, as a builder has them: one that
// sends, one that checks, a copy of either. Each run of a workflow gets its own copy of that
// workflow's static data, as n8n loads it for each execution.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../../harness/sandbox';
import {
	checkCode,
	checkCodes,
	clockAhead,
	restartN8n,
	sendCode,
	sendParams,
	TOKEN_VERSION,
	wrongCodeFor,
} from './setup';

const fixture = useSandbox();

afterEach(() => jest.restoreAllMocks());

let made = 0;
/** Three workflows of their own for each test, each with the static data n8n saved for it. */
function threeWorkflows() {
	made++;
	return (['A', 'B', 'C'] as const).map((name) => ({
		workflowId: `scope-${made}-${name}`,
		staticData: {} as IDataObject,
	}));
}

const copyOf = (staticData: IDataObject): IDataObject =>
	JSON.parse(JSON.stringify(staticData)) as IDataObject;
/** A scope of its own for each test: what a scope counts lives as long as the process. */
let signup = { verificationScope: 'signup' };
let scopes = 0;
beforeEach(() => (signup = { verificationScope: `signup ${++scopes}` }));
const countOf = (statuses: unknown[], status: string) =>
	statuses.filter((each) => each === status).length;

describe('Verification Code: a token is checked only in the workflow that sent it', () => {
	it('answers wrongScope in another workflow, naming both, and counts nothing', async () => {
		const [a, b] = threeWorkflows();
		const { token, code } = await sendCode(fixture, {}, a);
		const elsewhere = await checkCode(fixture, token, wrongCodeFor(code), b);
		expect(elsewhere).toEqual({
			valid: false,
			status: 'wrongScope',
			message: `This token belongs to the workflow with ID "${a.workflowId}" (no Verification Scope), and this Check to the workflow with ID "${b.workflowId}" (no Verification Scope): it is checked only where it was sent. To send in one workflow and check in another, set the same Verification Scope on both Send and Check.`,
			phone: '375291000001',
			expiresAt: expect.any(String),
		});
		expect(JSON.stringify(b.staticData)).not.toContain(
			JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).n,
		);
		expect(await checkCode(fixture, token, wrongCodeFor(code), a)).toMatchObject({
			status: 'wrongCode',
			attemptsLeft: 4,
		});
		expect(await checkCode(fixture, token, code, a)).toMatchObject({ status: 'valid' });
	});

	it.each([
		[
			'locked (5 wrong codes)',
			async (token: string, code: string, where: IDataObject) =>
				await checkCodes(fixture, token, Array<string>(5).fill(wrongCodeFor(code)), where),
			'tooManyAttempts',
		],
		[
			'used',
			async (token: string, code: string, where: IDataObject) =>
				await checkCodes(fixture, token, [code], where),
			'alreadyUsed',
		],
	])('a token %s in one workflow is never valid in the two others', async (_, spend, after) => {
		const [a, b, c] = threeWorkflows();
		const { token, code } = await sendCode(fixture, {}, a);
		await spend(token, code, a);
		expect(await checkCode(fixture, token, code, a)).toMatchObject({ valid: false, status: after });
		for (const other of [b, c])
			expect(await checkCode(fixture, token, code, other)).toMatchObject({
				valid: false,
				status: 'wrongScope',
			});
	});

	it('a token expired in one workflow is never valid in the two others', async () => {
		const [a, b, c] = threeWorkflows();
		const { token, code } = await sendCode(fixture, { options: { validMinutes: 1 } }, a);
		clockAhead(61_000);
		expect(await checkCode(fixture, token, code, a)).toMatchObject({
			valid: false,
			status: 'expired',
		});
		for (const other of [b, c])
			expect(await checkCode(fixture, token, code, other)).toMatchObject({
				valid: false,
				status: 'wrongScope',
			});
	});

	it('refuses a token whose scope was changed: the scope is signed', async () => {
		const [a, b] = threeWorkflows();
		const { token, code } = await sendCode(fixture, {}, a);
		const [payload, ...tags] = token.split('.');
		const data = JSON.parse(Buffer.from(payload, 'base64url').toString()) as IDataObject;
		const moved = [
			Buffer.from(JSON.stringify({ ...data, w: b.workflowId })).toString('base64url'),
			...tags,
		].join('.');
		expect(await checkCode(fixture, moved, code, b)).toMatchObject({ status: 'invalidSignature' });
	});
});

describe('Verification Code: one Verification Scope on Send and Check', () => {
	it('sends in one workflow and checks in another (the split sign-up); a Check of another scope or none answers wrongScope', async () => {
		const [a, b, c] = threeWorkflows();
		const { token, code } = await sendCode(fixture, { options: signup }, a);
		expect(
			await checkCode(fixture, token, code, { ...c, options: { verificationScope: 'reset' } }),
		).toMatchObject({
			valid: false,
			status: 'wrongScope',
			message: expect.stringContaining(
				`This token belongs to Verification Scope "${signup.verificationScope}", and this Check to Verification Scope "reset"`,
			),
		});
		expect(await checkCode(fixture, token, code, a)).toMatchObject({
			status: 'wrongScope',
			message: expect.stringContaining(
				`This token belongs to Verification Scope "${signup.verificationScope}", and this Check to the workflow with ID "${a.workflowId}"`,
			),
		});
		expect(
			await checkCode(fixture, token, code, {
				...b,
				options: { verificationScope: ` ${signup.verificationScope} ` },
			}),
		).toMatchObject({ valid: true, status: 'valid' });
		expect(await checkCode(fixture, token, code, { ...c, options: signup })).toMatchObject({
			valid: false,
			status: 'alreadyUsed',
		});
	});

	it('a token of a workflow without a scope is refused by a Check with one', async () => {
		const [a] = threeWorkflows();
		const { token, code } = await sendCode(fixture, {}, a);
		expect(await checkCode(fixture, token, code, { ...a, options: signup })).toMatchObject({
			status: 'wrongScope',
		});
	});

	it('100 wrong codes at once spread over three workflows of one scope: 5 counted, 95 refused; the right code afterwards is refused', async () => {
		const workflows = threeWorkflows();
		const { token, code } = await sendCode(fixture, { options: signup }, workflows[0]);
		const runs = await Promise.all(
			Array.from({ length: 100 }, async (_, n) => {
				const { workflowId, staticData } = workflows[n % 3];
				return await checkCodes(fixture, token, [wrongCodeFor(code)], {
					workflowId,
					staticData: copyOf(staticData),
					options: signup,
				});
			}),
		);
		const statuses = runs.map((run) => run.outputs[0].status);
		expect({
			wrongCode: countOf(statuses, 'wrongCode'),
			tooManyAttempts: countOf(statuses, 'tooManyAttempts'),
		}).toEqual({ wrongCode: 5, tooManyAttempts: 95 });
		for (const where of workflows)
			expect(await checkCode(fixture, token, code, { ...where, options: signup })).toMatchObject({
				status: 'tooManyAttempts',
			});
	});

	it('20 right codes at once over three workflows of one scope: one valid', async () => {
		const workflows = threeWorkflows();
		const { token, code } = await sendCode(fixture, { options: signup }, workflows[0]);
		const runs = await Promise.all(
			Array.from(
				{ length: 20 },
				async (_, n) =>
					await checkCodes(fixture, token, [code], { ...workflows[n % 3], options: signup }),
			),
		);
		const statuses = runs.map((run) => run.outputs[0].status);
		expect({
			valid: countOf(statuses, 'valid'),
			alreadyUsed: countOf(statuses, 'alreadyUsed'),
		}).toEqual({ valid: 1, alreadyUsed: 19 });
	});

	it("merges the scope's counts into each workflow's static data, so a restart counts on from any of them", async () => {
		const [a, b, c] = threeWorkflows();
		const { token, code } = await sendCode(fixture, { options: signup }, a);
		await checkCodes(fixture, token, Array<string>(3).fill(wrongCodeFor(code)), {
			...a,
			options: signup,
		});
		// b's execution saves the scope's state whole: a's three wrong codes and its own
		await checkCodes(fixture, token, [wrongCodeFor(code)], { ...b, options: signup });
		restartN8n();
		const { outputs } = await checkCodes(fixture, token, [wrongCodeFor(code), code], {
			workflowId: c.workflowId,
			staticData: copyOf(b.staticData),
			options: signup,
		});
		expect(outputs.map((output) => [output.status, output.attemptsLeft])).toEqual([
			['wrongCode', 0],
			['tooManyAttempts', 0],
		]);
	});

	it('keeps one resend cooldown per phone for the workflows of a scope; workflows without one each keep their own', async () => {
		const workflows = threeWorkflows();
		fixture.sandbox.setFaults({ latencyMs: 20 });
		const sendsAtOnce = async (phone: string, options: INodeParameters) =>
			await Promise.all(
				workflows.map(
					async ({ workflowId, staticData }) =>
						await fixture.run({
							typeVersion: TOKEN_VERSION,
							continueOnFail: true,
							parameters: sendParams(fixture, { phone, options }),
							workflowId,
							staticData: copyOf(staticData),
						}),
				),
			);
		const shared = await sendsAtOnce('375291000301', signup);
		expect(shared.filter((run) => typeof run.items[0].json.token === 'string')).toHaveLength(1);
		expect(
			shared.filter((run) => /\(Resend Cooldown\)/.test(String(run.items[0].json.error))),
		).toHaveLength(2);
		const own = await sendsAtOnce('375291000302', {});
		expect(own.filter((run) => typeof run.items[0].json.token === 'string')).toHaveLength(3);
		const sent = fixture.sandbox.counters().sent.map((group) => group.phone);
		expect(sent.sort()).toEqual(['375291000301', '375291000302', '375291000302', '375291000302']);
	});

	it('is one scope for two credentials with one Verification Secret (they share tokens), another for another secret', async () => {
		const [a, b, c] = threeWorkflows();
		const credentialFields = { verificationSecret: 'shared secret of 32 characters!!' };
		const { token, code } = await sendCode(
			fixture,
			{ options: signup },
			{ ...a, credentialFields },
		);
		await checkCodes(fixture, token, Array<string>(5).fill(wrongCodeFor(code)), {
			...a,
			options: signup,
			credentialFields,
		});
		const otherKey = {
			...b,
			options: signup,
			credentialFields,
			apiKey: 'msk-another-account-key-0000',
		};
		expect(await checkCode(fixture, token, code, otherKey)).toMatchObject({
			status: 'tooManyAttempts',
		});
		const otherSecret = {
			...c,
			options: signup,
			credentialFields: { verificationSecret: 'other secret of 32 characters!!' },
		};
		expect(await checkCode(fixture, token, code, otherSecret)).toMatchObject({
			status: 'invalidSignature',
		});
	});
});

describe('Verification Code: a bad Verification Scope', () => {
	// fixed text (no expressions: a scope from the request would let the caller pick it), so not in the per-item bad-input table
	it('refuses it on Send as a field error naming field, value and item, and sends nothing', async () => {
		const result = await fixture.run({
			typeVersion: TOKEN_VERSION,
			continueOnFail: true,
			parameters: sendParams(fixture, {
				phone: '={{ $json.phone }}',
				options: { verificationScope: 'sign up!' },
			}),
			items: [{ phone: '375291000401' }, { phone: '375291000402' }],
		});
		expect(result.items.map((item) => item.json.error)).toEqual(
			[0, 1].map(
				(item) =>
					`Invalid Verification Scope "sign up!" in item ${item}: a scope is a name of 1 to 64 letters, digits, spaces, dots, dashes, underscores or colons, starting with a letter or a digit`,
			),
		);
		expect(fixture.sandbox.counters().messagesSent).toBe(0);
	});

	it('takes it as fixed text, never as an expression', async () => {
		const result = await fixture.run({
			typeVersion: TOKEN_VERSION,
			parameters: sendParams(fixture, { options: { verificationScope: '={{ "signup" }}' } }),
		});
		expect(result.error?.message).toMatch(
			/^Invalid Verification Scope "\{\{ "signup" \}\}" in item 0/,
		);
	});

	it.each([['sign up!'], ['-signup'], ['x'.repeat(65)]])(
		'refuses %j on Check as a field error naming it',
		async (scope) => {
			const result = await fixture.run({
				typeVersion: TOKEN_VERSION,
				parameters: {
					resource: 'verificationCode',
					operation: 'check',
					token: 'not-a-token',
					enteredCode: '123456',
					options: { verificationScope: scope },
				},
			});
			expect(result.error?.message).toMatch(
				/^Invalid Verification Scope ".+" in item 0: a scope is a name of 1 to 64 letters/,
			);
		},
	);
});
