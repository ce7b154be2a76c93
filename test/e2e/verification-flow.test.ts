// examples/signup-verification-code.json in a real n8n (the package installed from its tarball),
// activated: the start webhook sends a code and answers with a token, the verify webhook checks
// the code in another execution. Then n8n's saved executions (REST, with their data) are searched
// for the codes.
import type { IDataObject } from 'n8n-workflow';
import { withCredential } from '../../scripts/demo/examples';
import { startSandbox, type Sandbox } from '../sandbox';
import type { N8nClient } from './lib/n8n-client';
import { sharedN8n } from './lib/shared-n8n';
import {
	ATTACK_GUESSES,
	atOnce,
	codesSentTo as codesOf,
	guesses,
	post,
	RIGHT_CODE_AT,
	signUpExample,
	signUpVariant,
	tally,
	wrongCode,
} from './lib/verification-attack';
import { waitUntilListening } from './lib/webhooks';

const TOKEN = 'e2e-verification-flow-token';
/** The verify webhook's node: its output is the request as posted, the typed code included. */
const VERIFY_WEBHOOK = 'Verify: token and code';

/** The code as a standalone number in a text (not a part of a longer one, such as a timestamp). */
const holds = (text: string, code: string) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(text);

describe('sign-up with a verification code: two webhooks in a real n8n', () => {
	let sandbox: Sandbox;
	let client: N8nClient;
	let workflowId: string;
	let startUrl: string;
	let verifyUrl: string;
	let credential: { id: string; name: string };
	let n8nUrl: string;

	const codesSentTo = (phone: string) => codesOf(sandbox, phone);

	/** Every saved execution of the workflow as n8n serves it (with its data). */
	async function savedExecutions(): Promise<Array<{ id: string; text: string }>> {
		const summaries = await client.listExecutions(workflowId);
		return await Promise.all(
			summaries.map(async ({ id }) => {
				await client.waitForExecution(id);
				return { id, text: await client.executionAsText(id) };
			}),
		);
	}

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], clock: 'real', quiet: true });
		const shared = await sharedN8n();
		client = shared.client;
		// not the example's credential name: examples.test.ts has that one
		credential = await client.createCredential({
			name: 'Verification flow: Messaging Service (emulator)',
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
		const created = await client.createWorkflow(withCredential(signUpExample(), credential));
		workflowId = created.id;
		await client.activateWorkflow(workflowId);
		n8nUrl = shared.n8n.baseUrl;
		startUrl = `${n8nUrl}/webhook/verification-code/start`;
		verifyUrl = `${shared.n8n.baseUrl}/webhook/verification-code/verify`;
		await waitUntilListening(startUrl);
		await waitUntilListening(verifyUrl);
	});

	afterAll(async () => {
		if (workflowId) await client.deactivateWorkflow(workflowId);
		await sandbox?.close();
	});

	it('answers the phone with a token, not the code; the code typed with a space verifies the phone once', async () => {
		const started = await post(startUrl, { phone: '+375 29 123-45-67' });
		expect(started).toEqual({
			token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
			expiresAt: expect.any(String),
		});
		const [code] = codesSentTo('375291234567');
		expect(code).toMatch(/^\d{6}$/);

		for (const { id, text } of await savedExecutions())
			expect({ id, holdsCode: holds(text, code) }).toEqual({ id, holdsCode: false });

		const typed = `${code.slice(0, 3)} ${code.slice(3)}`;
		expect(await post(verifyUrl, { token: started.token, code: typed })).toEqual({
			verified: true,
			phone: '375291234567',
		});
		expect(await post(verifyUrl, { token: started.token, code })).toEqual({
			verified: false,
			status: 'alreadyUsed',
			message: 'This code was already used: send a new one',
			attemptsLeft: 0,
		});
	});

	it('refuses a second code to the same phone within the cooldown, and sends nothing', async () => {
		await post(startUrl, { phone: '375291234568' });
		const again = await post(startUrl, { phone: '375291234568' });
		expect(again).toEqual({ sent: false, reason: expect.stringContaining('(Resend Cooldown)') });
		expect(codesSentTo('375291234568')).toHaveLength(1);
	});

	it('takes five wrong codes across five executions, then refuses even the right one', async () => {
		const { token } = await post(startUrl, { phone: '375291234569' });
		const [code] = codesSentTo('375291234569');
		const wrong = wrongCode(code);
		const answers: IDataObject[] = [];
		for (let attempt = 0; attempt < 5; attempt++)
			answers.push(await post(verifyUrl, { token, code: wrong }));
		expect(answers.map((answer) => [answer.status, answer.attemptsLeft])).toEqual([
			['wrongCode', 4],
			['wrongCode', 3],
			['wrongCode', 2],
			['wrongCode', 1],
			['wrongCode', 0],
		]);

		for (const { id, text } of await savedExecutions())
			expect({ id, holdsCode: holds(text, code) }).toEqual({ id, holdsCode: false });

		expect(await post(verifyUrl, { token, code })).toMatchObject({
			verified: false,
			status: 'tooManyAttempts',
		});
	});

	it('keeps the codes out of the saved executions: nowhere in the starts, in a check only as the person posted it', async () => {
		const codes = ['375291234567', '375291234568', '375291234569'].flatMap(codesSentTo);
		expect(codes).toHaveLength(3);
		const executions = await savedExecutions();
		// the probes of the two webhooks, 4 starts and 8 checks
		expect(executions.length).toBeGreaterThanOrEqual(14);
		// the search finds a code where one is: in the requests the person posted
		expect(
			executions.filter(({ text }) => codes.some((code) => holds(text, code))).length,
		).toBeGreaterThan(0);
		for (const { id, text } of executions) {
			const { runData } = (await client.getExecution(id)).data.resultData;
			const { [VERIFY_WEBHOOK]: posted, ...rest } = runData;
			const outside = posted ? JSON.stringify(rest) : text;
			expect({ id, shown: codes.filter((code) => holds(outside, code)) }).toEqual({
				id,
				shown: [],
			});
		}
	});

	describe('under attack: requests at once, each its own execution', () => {
		const startAll = async (phone: string, count: number) =>
			await atOnce(
				Array.from({ length: count }, () => ({ phone })),
				count,
				async (body) => await post(startUrl, body),
			);

		it('100 wrong codes at once on one token: exactly 5 counted as wrong, 95 refused; the right code afterwards is refused', async () => {
			const { token } = await post(startUrl, { phone: '375291234570' });
			const [code] = codesSentTo('375291234570');
			const answers = await atOnce(
				Array<string>(100).fill(wrongCode(code)),
				100,
				async (guess) => await post(verifyUrl, { token, code: guess }),
			);
			expect(tally(answers)).toEqual({ wrongCode: 5, tooManyAttempts: 95 });
			expect(await post(verifyUrl, { token, code })).toMatchObject({
				verified: false,
				status: 'tooManyAttempts',
			});
		});

		it('20 right codes at once on one fresh token: exactly one is valid', async () => {
			const { token } = await post(startUrl, { phone: '375291234571' });
			const [code] = codesSentTo('375291234571');
			const answers = await atOnce(
				Array<string>(20).fill(code),
				20,
				async (typed) => await post(verifyUrl, { token, code: typed }),
			);
			expect(tally(answers)).toEqual({ valid: 1, alreadyUsed: 19 });
		});

		it('20 starts at once for one phone: the emulator receives exactly one code, the others are refused', async () => {
			const answers = await startAll('375291234572', 20);
			expect(codesSentTo('375291234572')).toHaveLength(1);
			expect(answers.filter((answer) => typeof answer.token === 'string')).toHaveLength(1);
			expect(
				answers.filter(
					(answer) => answer.sent === false && /\(Resend Cooldown\)/.test(String(answer.reason)),
				),
			).toHaveLength(19);
		});

		it(`a 4-digit code attacked with ${ATTACK_GUESSES} guesses, 200 in flight, the right one at ${RIGHT_CODE_AT}, is not found: 5 counted, the rest refused`, async () => {
			const variant = await client.createWorkflow(
				withCredential(signUpVariant('verification-attack', 4), credential),
			);
			await client.activateWorkflow(variant.id);
			try {
				const attackStart = `${n8nUrl}/webhook/verification-attack/start`;
				const attackVerify = `${n8nUrl}/webhook/verification-attack/verify`;
				await waitUntilListening(attackStart);
				await waitUntilListening(attackVerify);
				const { token } = await post(attackStart, { phone: '375291234573' });
				const [code] = codesSentTo('375291234573');
				expect(code).toMatch(/^\d{4}$/);
				const attack = guesses(4, code, RIGHT_CODE_AT, ATTACK_GUESSES);
				const answers = await atOnce(
					attack,
					200,
					async (guess) => await post(attackVerify, { token, code: guess }),
				);
				expect(tally(answers)).toEqual({ wrongCode: 5, tooManyAttempts: ATTACK_GUESSES - 5 });
			} finally {
				await client.deactivateWorkflow(variant.id);
			}
		}, 1_800_000);
	});
});
