// examples/signup-verification-code.json in a real n8n (the package installed from its tarball),
// activated: the start webhook sends a code and answers with a token, the verify webhook checks
// the code in another execution. Then n8n's saved executions (REST, with their data) are searched
// for the codes.
import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';
import { readExampleWorkflows, withCredential } from '../../scripts/demo/examples';
import { startSandbox, type Sandbox } from '../sandbox';
import { host } from './lib/host';
import type { N8nClient } from './lib/n8n-client';
import type { WorkflowData } from './lib/n8n-types';
import { sharedN8n } from './lib/shared-n8n';
import { waitUntilListening } from './lib/webhooks';

const TOKEN = 'e2e-verification-flow-token';
const EXAMPLE = 'examples/signup-verification-code.json';
/** The verify webhook's node: its output is the request as posted, the typed code included. */
const VERIFY_WEBHOOK = 'Verify: token and code';

function example(): WorkflowData {
	const found = readExampleWorkflows(host.repoRoot).find((entry) => entry.file === EXAMPLE);
	if (!found) throw new Error(`${EXAMPLE} is missing`);
	return found.workflow;
}

/** The code as a standalone number in a text (not a part of a longer one, such as a timestamp). */
const holds = (text: string, code: string) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(text);

describe('sign-up with a verification code: two webhooks in a real n8n', () => {
	let sandbox: Sandbox;
	let client: N8nClient;
	let workflowId: string;
	let startUrl: string;
	let verifyUrl: string;

	const post = async (url: string, body: IDataObject): Promise<IDataObject> => {
		const answer = await axios.post<IDataObject>(url, body, { validateStatus: () => true });
		expect(answer.status).toBe(200);
		return answer.data;
	};

	/** The codes the emulator delivered to a phone, oldest first. */
	const codesSentTo = (phone: string) =>
		sandbox
			.requests()
			.filter((request) => request.apiMethod === 'sendOtpAppOne' && request.query.phone === phone)
			.map((request) => String(request.query.message));

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
		const credential = await client.createCredential({
			name: 'Verification flow: Messaging Service (emulator)',
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
		const created = await client.createWorkflow(withCredential(example(), credential));
		workflowId = created.id;
		await client.activateWorkflow(workflowId);
		startUrl = `${shared.n8n.baseUrl}/webhook/verification-code/start`;
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
		expect(started).toEqual({ token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), expiresAt: expect.any(String) });
		const [code] = codesSentTo('375291234567');
		expect(code).toMatch(/^\d{6}$/);

		for (const { id, text } of await savedExecutions()) expect({ id, holdsCode: holds(text, code) }).toEqual({ id, holdsCode: false });

		const typed = `${code.slice(0, 3)} ${code.slice(3)}`;
		expect(await post(verifyUrl, { token: started.token, code: typed })).toEqual({ verified: true, phone: '375291234567' });
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
		const wrong = code.replace(/^\d/, (digit) => String((Number(digit) + 1) % 10));
		const answers: IDataObject[] = [];
		for (let attempt = 0; attempt < 5; attempt++) answers.push(await post(verifyUrl, { token, code: wrong }));
		expect(answers.map((answer) => [answer.status, answer.attemptsLeft])).toEqual([
			['wrongCode', 4],
			['wrongCode', 3],
			['wrongCode', 2],
			['wrongCode', 1],
			['wrongCode', 0],
		]);

		for (const { id, text } of await savedExecutions()) expect({ id, holdsCode: holds(text, code) }).toEqual({ id, holdsCode: false });

		expect(await post(verifyUrl, { token, code })).toMatchObject({ verified: false, status: 'tooManyAttempts' });
	});

	it('keeps the codes out of the saved executions: nowhere in the starts, in a check only as the person posted it', async () => {
		const codes = ['375291234567', '375291234568', '375291234569'].flatMap(codesSentTo);
		expect(codes).toHaveLength(3);
		const executions = await savedExecutions();
		// the probes of the two webhooks, 4 starts and 8 checks
		expect(executions.length).toBeGreaterThanOrEqual(14);
		// the search finds a code where one is: in the requests the person posted
		expect(executions.filter(({ text }) => codes.some((code) => holds(text, code))).length).toBeGreaterThan(0);
		for (const { id, text } of executions) {
			const { runData } = (await client.getExecution(id)).data.resultData;
			const { [VERIFY_WEBHOOK]: posted, ...rest } = runData;
			const outside = posted ? JSON.stringify(rest) : text;
			expect({ id, shown: codes.filter((code) => holds(outside, code)) }).toEqual({ id, shown: [] });
		}
	});
});
