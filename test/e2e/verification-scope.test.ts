// Where a verification token is checked, in a real n8n (the package installed from its tarball):
// three copies of examples/signup-verification-code.json on one credential, as builders have them
// (a duplicated workflow, a staging copy, a second form). Without a Verification Scope each copy
// checks only its own tokens; with one scope named on Send and Check, the three share one attempt
// count, one use and one resend cooldown, and a code sent by one is checked by another.
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { withCredential } from '../../scripts/demo/examples';
import { startSandbox, type Sandbox } from '../sandbox';
import type { N8nClient } from './lib/n8n-client';
import type { WorkflowData } from './lib/n8n-types';
import { sharedN8n } from './lib/shared-n8n';
import {
	atOnce,
	codesSentTo as codesOf,
	post,
	signUpVariant,
	tally,
	wrongCode,
} from './lib/verification-attack';
import { waitUntilListening } from './lib/webhooks';

const TOKEN = 'e2e-verification-scope-token';
const SCOPE = 'signup e2e';

/**
 * The example under `<prefix>/start` and `<prefix>/verify`; its Send takes Code Valid For from the
 * request (`validMinutes`, 60 unless given), and with `scope` Send and Check name that Verification Scope.
 */
function copyOfExample(prefix: string, scope?: string): WorkflowData {
	const workflow = signUpVariant(prefix, 6);
	return {
		...workflow,
		nodes: workflow.nodes.map((node) => {
			const parameters = node.parameters as IDataObject;
			if (parameters.resource !== 'verificationCode') return node;
			const options: INodeParameters = {
				...(parameters.options as INodeParameters),
				...(parameters.operation === 'send'
					? { validMinutes: '={{ $json.body.validMinutes ?? 60 }}' }
					: {}),
				...(scope ? { verificationScope: scope } : {}),
			};
			return { ...node, parameters: { ...node.parameters, options } };
		}),
	};
}

interface Copy {
	id: string;
	start: string;
	verify: string;
}

describe('verification tokens in three workflows on one credential, in a real n8n', () => {
	let sandbox: Sandbox;
	let client: N8nClient;
	let credential: { id: string; name: string };
	const active: string[] = [];

	const codesSentTo = (phone: string) => codesOf(sandbox, phone);

	async function activate(prefix: string, scope?: string): Promise<Copy> {
		const { n8n } = await sharedN8n();
		const created = await client.createWorkflow(
			withCredential(copyOfExample(prefix, scope), credential),
		);
		await client.activateWorkflow(created.id);
		active.push(created.id);
		const copy = {
			id: created.id,
			start: `${n8n.baseUrl}/webhook/${prefix}/start`,
			verify: `${n8n.baseUrl}/webhook/${prefix}/verify`,
		};
		await waitUntilListening(copy.start);
		await waitUntilListening(copy.verify);
		return copy;
	}

	/** Sends a code from `copy` and gives its token and the code the emulator delivered. */
	async function sendFrom(
		copy: Copy,
		phone: string,
		validMinutes?: number,
	): Promise<{ token: string; code: string }> {
		const started = await post(copy.start, { phone, ...(validMinutes ? { validMinutes } : {}) });
		expect(started).toEqual({ token: expect.any(String), expiresAt: expect.any(String) });
		const [code] = codesSentTo(phone);
		return { token: String(started.token), code };
	}

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], clock: 'real', quiet: true });
		client = (await sharedN8n()).client;
		credential = await client.createCredential({
			name: 'Verification scope: Messaging Service (emulator)',
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
	});

	afterAll(async () => {
		for (const id of active) await client.deactivateWorkflow(id);
		await sandbox?.close();
	});

	describe('without a Verification Scope: each workflow checks only its own tokens', () => {
		let copies: Copy[];
		beforeAll(async () => {
			copies = [
				await activate('scope-own-a'),
				await activate('scope-own-b'),
				await activate('scope-own-c'),
			];
		});

		it('a token locked in one is never valid in the two others, which count nothing', async () => {
			const [a, b, c] = copies;
			const { token, code } = await sendFrom(a, '375295550001');
			const wrong = await atOnce(
				Array<string>(5).fill(wrongCode(code)),
				1,
				async (guess) => await post(a.verify, { token, code: guess }),
			);
			expect(tally(wrong)).toEqual({ wrongCode: 5 });
			expect(await post(a.verify, { token, code })).toMatchObject({
				verified: false,
				status: 'tooManyAttempts',
			});
			for (const other of [b, c]) {
				expect(await post(other.verify, { token, code })).toEqual({
					verified: false,
					status: 'wrongScope',
					message: `This token belongs to the workflow with ID "${a.id}" (no Verification Scope), and this Check to the workflow with ID "${other.id}" (no Verification Scope): it is checked only where it was sent. To send in one workflow and check in another, set the same Verification Scope on both Send and Check.`,
					attemptsLeft: 0,
				});
			}
		});

		it('a token used in one is never valid in the two others', async () => {
			const [a, b, c] = copies;
			const { token, code } = await sendFrom(b, '375295550002');
			expect(await post(b.verify, { token, code })).toEqual({
				verified: true,
				phone: '375295550002',
			});
			for (const other of [a, c])
				expect(await post(other.verify, { token, code })).toMatchObject({
					verified: false,
					status: 'wrongScope',
				});
			expect(await post(b.verify, { token, code })).toMatchObject({
				verified: false,
				status: 'alreadyUsed',
			});
		});

		it('a token expired in one is never valid in the two others', async () => {
			const [a, b, c] = copies;
			const { token, code } = await sendFrom(c, '375295550003', 1);
			// a wait with a lower bound only: Code Valid For is one minute
			await new Promise((resolve) => setTimeout(resolve, 62_000));
			expect(await post(c.verify, { token, code })).toMatchObject({
				verified: false,
				status: 'expired',
			});
			for (const other of [a, b])
				expect(await post(other.verify, { token, code })).toMatchObject({
					verified: false,
					status: 'wrongScope',
				});
		}, 180_000);

		it('each keeps its own resend cooldown: one code per workflow (the bound the docs state)', async () => {
			const answers = await atOnce(
				copies,
				3,
				async (copy) => await post(copy.start, { phone: '375295550004' }),
			);
			expect(answers.filter((answer) => typeof answer.token === 'string')).toHaveLength(3);
			expect(codesSentTo('375295550004')).toHaveLength(3);
		});
	});

	describe(`with Verification Scope "${SCOPE}" on Send and Check of all three`, () => {
		let copies: Copy[];
		beforeAll(async () => {
			copies = [
				await activate('scope-shared-a', SCOPE),
				await activate('scope-shared-b', SCOPE),
				await activate('scope-shared-c', SCOPE),
			];
		});

		it('sends in one workflow and checks in another (the split sign-up); the third then finds it used', async () => {
			const [a, b, c] = copies;
			const { token, code } = await sendFrom(a, '375295550011');
			expect(await post(b.verify, { token, code: `${code.slice(0, 3)} ${code.slice(3)}` })).toEqual(
				{ verified: true, phone: '375295550011' },
			);
			expect(await post(c.verify, { token, code })).toMatchObject({
				verified: false,
				status: 'alreadyUsed',
			});
			expect(await post(a.verify, { token, code })).toMatchObject({
				verified: false,
				status: 'alreadyUsed',
			});
		});

		it("a workflow without the scope refuses the scope's tokens, naming the scope", async () => {
			const [a] = copies;
			const { token } = await sendFrom(a, '375295550012');
			const own = (await activate('scope-own-d')).verify;
			expect(await post(own, { token, code: '000000' })).toMatchObject({
				verified: false,
				status: 'wrongScope',
				message: expect.stringContaining(`Verification Scope "${SCOPE}"`),
			});
		});

		it('100 wrong codes at once spread over the three: exactly 5 checked, 95 refused; the right code afterwards is refused in each', async () => {
			const [a] = copies;
			const { token, code } = await sendFrom(a, '375295550013');
			const requests = Array.from({ length: 100 }, (_, n) => copies[n % 3].verify);
			const answers = await atOnce(
				requests,
				100,
				async (verify) => await post(verify, { token, code: wrongCode(code) }),
			);
			expect(tally(answers)).toEqual({ wrongCode: 5, tooManyAttempts: 95 });
			for (const copy of copies)
				expect(await post(copy.verify, { token, code })).toMatchObject({
					verified: false,
					status: 'tooManyAttempts',
				});
		});

		it('20 right codes at once spread over the three: exactly one valid', async () => {
			const [, b] = copies;
			const { token, code } = await sendFrom(b, '375295550014');
			const answers = await atOnce(
				Array.from({ length: 20 }, (_, n) => copies[n % 3].verify),
				20,
				async (verify) => await post(verify, { token, code }),
			);
			expect(tally(answers)).toEqual({ valid: 1, alreadyUsed: 19 });
		});

		it('21 starts at once for one phone spread over the three: the emulator receives one code', async () => {
			const answers = await atOnce(
				Array.from({ length: 21 }, (_, n) => copies[n % 3].start),
				21,
				async (start) => await post(start, { phone: '375295550015' }),
			);
			expect(codesSentTo('375295550015')).toHaveLength(1);
			expect(answers.filter((answer) => typeof answer.token === 'string')).toHaveLength(1);
			expect(
				answers.filter(
					(answer) => answer.sent === false && /\(Resend Cooldown\)/.test(String(answer.reason)),
				),
			).toHaveLength(20);
		});
	});
});
