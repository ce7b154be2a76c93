// The first scenes of the take: signing in, the credential test and SMS > Send in the editor.
import { manualTriggerNode, workflowOf } from '../../test/e2e/lib/workflow-builder';
import { DEMO_CREDENTIAL, DEMO_OWNER } from './demo-setup';
import { canvasNode, linger, openWorkflow, scene, type Take } from './take';

const SMS_WORKFLOW = 'SMS > Send (recording)';
const SMS_NODE = 'Send an SMS';
const SMS = {
	phone: '+375 29 123-45-67',
	digits: '375291234567',
	message: 'Your order 1042 has shipped and arrives tomorrow.',
};

export async function signIn(take: Take): Promise<void> {
	const { page, overlay } = take;
	await overlay.goto(`${take.n8nUrl}/signin`);
	await overlay.caption(
		'n8n-nodes-messaging-service',
		'A real n8n 2.41.1 with this package installed, against the local emulator of the messaging service (npm run demo)',
	);
	await page.fill('input[name="emailOrLdapLoginId"], input[type="email"]', DEMO_OWNER.email);
	await page.fill('input[name="password"], input[type="password"]', DEMO_OWNER.password);
	await page.keyboard.press('Enter');
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

export async function credentialTest(take: Take): Promise<void> {
	const { page, overlay } = take;
	await scene(take, 'credential test', async () => {
		await overlay.caption(
			'1 / 5 · Credential',
			`"${DEMO_CREDENTIAL}": API key and Base URL of the service; Test sends one request to check both`,
		);
		await overlay.goto(`${take.n8nUrl}/home/credentials`);
		await page.getByText(DEMO_CREDENTIAL, { exact: true }).first().click();
		await page.locator('[data-test-id="credential-edit-dialog"]').first().waitFor();
		await linger(take, 1.5);
		// Saving an existing credential tests it again; the editor shows the outcome in the dialog.
		await page.locator('[data-test-id="credential-save-button"]').first().click();
		await page
			.locator('[data-test-id="credentials-config-container-test-success"]')
			.first()
			.waitFor();
		await overlay.caption(
			'1 / 5 · Credential',
			'Connection tested successfully: the key and the URL work',
		);
		await linger(take, 3);
		await page.keyboard.press('Escape');
		await page
			.locator('[data-test-id="credential-edit-dialog"]')
			.first()
			.waitFor({ state: 'hidden' });
	});
}

/** The demo's workflow with one SMS > Send (created on the first recording, reused after). */
async function smsWorkflowId(take: Take): Promise<string> {
	const { client, credential } = take.demo;
	const existing = (await client.listWorkflows()).find(
		(workflow) => workflow.name === SMS_WORKFLOW,
	);
	if (existing) return existing.id;
	const created = await client.createWorkflow(
		workflowOf(SMS_WORKFLOW, [
			manualTriggerNode(),
			{
				name: SMS_NODE,
				type: 'n8n-nodes-messaging-service.messagingService',
				typeVersion: 3,
				position: [260, 0],
				// Sender Name ID left empty: the credential's default sender name is used.
				parameters: {
					resource: 'sms',
					operation: 'send',
					phone: SMS.phone,
					messageFrom: 'text',
					message: SMS.message,
					options: {},
				},
				credentials: { messagingServiceApi: credential },
			},
		]),
	);
	return created.id;
}

export async function smsSend(take: Take): Promise<void> {
	const { page, overlay, emulator } = take;
	const workflowId = await smsWorkflowId(take);
	await scene(take, 'SMS > Send', async () => {
		await overlay.caption(
			'2 / 5 · SMS > Send',
			'The Messaging Service node, Resource SMS, Operation Send: one SMS to one number',
		);
		await openWorkflow(take, workflowId, SMS_NODE);
		await page.keyboard.press('Escape');
		await canvasNode(take, SMS_NODE).dblclick();
		await page.locator('[data-test-id="ndv"]').first().waitFor();
		await linger(take, 2);
		const before = await emulator.lastSeq();
		await page.locator('[data-test-id="node-execute-button"]').first().click();
		await page
			.locator('[data-test-id="output-panel"] [data-test-id="node-run-status-success"]')
			.first()
			.waitFor();
		await overlay.caption(
			'2 / 5 · SMS > Send',
			"Execute step: the output is the service's answer (SMS ID, status, parts)",
		);
		await linger(take, 4);
		await page.keyboard.press('Escape');
		await page.locator('[data-test-id="ndv"]').first().waitFor({ state: 'hidden' });
		const [received] = await emulator.textsSentTo(SMS.digits, 'sendQuickSMS', before);
		if (received === undefined)
			throw new Error('the emulator received no SMS from the SMS > Send step');
		await overlay.phone(`SMS to ${SMS.phone}`, [{ from: 'business', text: received }]);
		await overlay.caption(
			'2 / 5 · SMS > Send',
			'What the phone receives (the emulator logs each request n8n sends)',
		);
		await linger(take, 3);
		await overlay.hidePhone();
	});
}
