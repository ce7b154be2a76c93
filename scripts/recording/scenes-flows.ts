// The last scenes: a verification code sent and checked (examples/signup-verification-code.json)
// and the AI Agent using SMS > Send as its tool (examples/ai-agent-sms-tool.json).
import axios from 'axios';
import { AGENT_SMS } from './demo-setup';
import { waitFor } from './emulator';
import { canvasNode, linger, openWorkflow, scene, type Take } from './take';

const SIGN_UP = { phone: '+375 29 123-45-67', digits: '375291234567' };
const CODE_STEP = '4 / 5 · Verification code';
const AGENT_STEP = '5 / 5 · AI Agent with an SMS tool';

async function postJson(
	url: string,
	body: Record<string, string>,
): Promise<Record<string, unknown>> {
	const answer = await axios.post(url, body, { timeout: 60000, validateStatus: () => true });
	if (answer.status !== 200)
		throw new Error(`POST ${url} answered ${answer.status}: ${JSON.stringify(answer.data)}`);
	return answer.data as Record<string, unknown>;
}

/** A code of the same length that is not `code`. */
const wrongCode = (code: string) =>
	code.replace(/^\d/, (digit) => String((Number(digit) + 1) % 10));

export async function verificationCode(take: Take): Promise<void> {
	const { overlay, emulator, demo, page } = take;
	const workflowId = demo.examples.signUp;
	await demo.client.activateWorkflow(workflowId);
	await scene(take, 'verification code: sent and checked', async () => {
		await overlay.caption(
			CODE_STEP,
			'Sign-up as two webhooks: Verification Code > Send answers with a token (not the code); Check takes the token and the typed code',
		);
		await openWorkflow(take, workflowId, 'Send verification code');
		await linger(take, 3);
		const before = await emulator.lastSeq();
		await overlay.caption(
			CODE_STEP,
			`The sign-up form posts the phone: POST /webhook/verification-code/start {"phone": "${SIGN_UP.phone}"}`,
		);
		const started = await postJson(`${take.n8nUrl}/webhook/verification-code/start`, {
			phone: SIGN_UP.phone,
		});
		const token = String(started.token ?? '');
		if (!token) throw new Error(`the start webhook sent no token: ${JSON.stringify(started)}`);
		const code = await waitFor(
			'the code to reach the emulator',
			async () => (await emulator.textsSentTo(SIGN_UP.digits, 'sendOtpAppOne', before))[0],
		);
		await overlay.phone(`Phone ${SIGN_UP.phone}`, [
			{ from: 'business', text: `Messenger app one: ${code}` },
		]);
		await overlay.caption(
			CODE_STEP,
			`n8n answers the form with a token ${token.slice(0, 12)}… that expires at ${String(started.expiresAt)}; the phone gets the code`,
		);
		await linger(take, 4);

		const wrong = await postJson(`${take.n8nUrl}/webhook/verification-code/verify`, {
			token,
			code: wrongCode(code),
		});
		await overlay.caption(
			CODE_STEP,
			`A typo, POST /webhook/verification-code/verify → ${JSON.stringify(wrong)}`,
		);
		await linger(take, 4);
		const right = await postJson(`${take.n8nUrl}/webhook/verification-code/verify`, {
			token,
			code,
		});
		if (right.verified !== true)
			throw new Error(`the right code did not verify: ${JSON.stringify(right)}`);
		await overlay.caption(
			CODE_STEP,
			`The right code, in a third execution → ${JSON.stringify(right)}`,
		);
		await linger(take, 3);
		await overlay.caption(
			CODE_STEP,
			'Three executions: the code sent (Send outputs a token, never the code), the typo refused, the phone verified',
		);
		await overlay.goto(`${take.n8nUrl}/workflow/${workflowId}/executions`);
		await page.locator('[data-test-id="canvas-node-status-success"]').first().waitFor();
		await linger(take, 4);
	});
	await demo.client.deactivateWorkflow(workflowId);
	await overlay.hidePhone();
}

export async function agentWithSmsTool(take: Take): Promise<void> {
	const { overlay, emulator, demo, page } = take;
	const workflowId = demo.examples.agent;
	await scene(take, 'AI Agent using SMS > Send as a tool', async () => {
		await overlay.caption(
			AGENT_STEP,
			'"Please text the customer at +375 29 123-45-67 that order 1042 has shipped": the agent fills the tool\'s Phone and Message with $fromAI()',
		);
		await openWorkflow(take, workflowId, 'Send SMS');
		await linger(take, 3);
		const before = await emulator.lastSeq();
		await page.locator('[data-test-id="execute-workflow-button"]').first().click();
		await canvasNode(take, 'Send SMS')
			.locator('[data-test-id="canvas-node-status-success"]')
			.waitFor();
		await canvasNode(take, 'AI Agent')
			.locator('[data-test-id="canvas-node-status-success"]')
			.waitFor();
		const [sms] = await emulator.textsSentTo(
			AGENT_SMS.phone.replace(/\D/g, ''),
			'sendQuickSMS',
			before,
		);
		if (sms === undefined) throw new Error('the agent sent no SMS through its tool');
		await overlay.caption(
			AGENT_STEP,
			'Execute workflow: the model called the Send SMS tool once, then said what it sent',
		);
		await linger(take, 2);
		await canvasNode(take, 'Send SMS').dblclick();
		await page.locator('[data-test-id="ndv"]').first().waitFor();
		await overlay.caption(
			AGENT_STEP,
			"The tool's run: the phone and the text the agent chose, and the service's answer",
		);
		await linger(take, 5);
		await page.keyboard.press('Escape');
		await page.locator('[data-test-id="ndv"]').first().waitFor({ state: 'hidden' });
		await overlay.phone(`SMS to ${AGENT_SMS.phone}`, [{ from: 'business', text: sms }]);
		await overlay.caption(AGENT_STEP, 'What the customer receives');
		await linger(take, 3);
		await overlay.hidePhone();
	});
}
