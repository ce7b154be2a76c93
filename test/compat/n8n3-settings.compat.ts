// What n8n 3.0 changes under the package, tried on n8n 2.x: the Migration Report (Settings ->
// Migration Report, n8n's rules for 3.0) on an instance holding every example, on each 2.x row;
// and on the row "with 3.0's settings" (compat-n8n.ts: queue mode, one worker) binary data on the
// filesystem, the 60 s task runner timeout and SSRF protection. Each title starts with its column.
import type { IDataObject } from 'n8n-workflow';
import { readExampleWorkflows } from '../../scripts/demo/examples';
import { startSandbox, type Sandbox } from '../sandbox';
import { executionError, nodeOutput } from '../e2e/lib/execution-data';
import { host, n8nMajorVersion } from '../e2e/lib/host';
import { N8nClient } from '../e2e/lib/n8n-client';
import { binaryImageWorkflow, PNG_SHA256, smsSendWorkflow } from '../e2e/lib/n8n3-settings';
import { manualTriggerNode, workflowOf } from '../e2e/lib/workflow-builder';
import { SETTINGS_LABEL, startCompatN8n, WITH_3_0_SETTINGS } from './compat-n8n';

const TOKEN = 'compat-3-token-8d2a-Kp4';
/** The instance-level rules that 3.0's settings answer: none may be reported on that row. */
const ANSWERED_BY_3_0_SETTINGS = [
	'in-memory-binary-data-v3',
	'offload-manual-executions-v3',
	'task-runner-task-timeout-v3',
	'unverified-packages-v3',
];

interface MigrationReport {
	report: {
		targetVersion: string;
		workflowResults: Array<{ ruleId: string; ruleTitle: string; nbAffectedWorkflows: number }>;
		instanceResults: Array<{ ruleId: string; ruleSeverity: string; ruleTitle: string }>;
	};
	totalWorkflows: number;
}

const onRow3 = WITH_3_0_SETTINGS ? it : it.skip;

// n8n 1.x has no Migration Report
(n8nMajorVersion >= 2 ? describe : describe.skip)(
	`n8n 3.0's changes, on n8n ${host.versions.n8n}${SETTINGS_LABEL}`,
	() => {
		let sandbox: Sandbox;
		let n8n: Awaited<ReturnType<typeof startCompatN8n>>;
		let client: N8nClient;
		let credential: { id: string; name: string };
		const examples = readExampleWorkflows(host.repoRoot);

		beforeAll(async () => {
			sandbox = await startSandbox({ tokens: [TOKEN], clock: 'real', quiet: true });
			n8n = await startCompatN8n();
			client = new N8nClient(n8n.baseUrl);
			await client.setupOwnerAndLogin({
				email: 'owner@example.com',
				password: 'Compat-owner-3',
				firstName: 'Owner',
				lastName: 'Compat',
			});
			credential = await client.createCredential({
				name: 'Messaging Service (local emulator)',
				type: 'messagingServiceApi',
				data: { apiKey: TOKEN, baseUrl: sandbox.url, allowUnencryptedHttp: false },
			});
			for (const example of examples) await client.createWorkflow(example.workflow);
		});

		afterAll(async () => {
			await n8n?.stop();
			await sandbox?.close();
		});

		beforeEach(() => {
			sandbox.setFaults({});
			sandbox.clearRequests();
		});

		it("Migration Report: n8n's rules for 3.0 flag none of the examples and none of the package's nodes", async () => {
			const answer = await client.request<MigrationReport>(
				'post',
				'/rest/breaking-changes/report/refresh',
				undefined,
				{ version: 'v3' },
			);
			const { report } = answer;
			process.stdout.write(
				`[compat] Migration Report (${report.targetVersion}, ${answer.totalWorkflows} workflows): workflow rules ${JSON.stringify(report.workflowResults.map((rule) => rule.ruleId))}; instance rules ${JSON.stringify(report.instanceResults.map((rule) => `${rule.ruleId} (${rule.ruleSeverity})`))}\n`,
			);
			expect(report.targetVersion).toBe('v3');
			expect(answer.totalWorkflows).toBe(examples.length);
			expect(report.workflowResults).toEqual([]);
			const instanceRules = report.instanceResults.map((rule) => rule.ruleId);
			if (WITH_3_0_SETTINGS)
				expect(instanceRules.filter((id) => ANSWERED_BY_3_0_SETTINGS.includes(id))).toEqual([]);
			// what concerns the package on a 2.x instance as installed: 3.0 loads no unverified package by default
			else expect(instanceRules).toContain('unverified-packages-v3');
		});

		onRow3(
			'Binary data: on the filesystem, Chat Message > Send uploads the image read from it, and Send Batch sends the same items',
			async () => {
				const phones = ['375291234593', '375291234594'];
				const execution = await client.runManually(
					(await client.createWorkflow(binaryImageWorkflow(sandbox, TOKEN, credential, phones))).id,
				);
				expect({ status: execution.status, error: executionError(execution) }).toEqual({
					status: 'success',
					error: undefined,
				});
				const stored = execution.data.resultData.runData['To File'][0].data?.main?.[0]?.map(
					(item) => item.binary?.photo?.id,
				);
				expect(stored).toEqual(phones.map(() => expect.stringMatching(/^filesystem/)));
				const uploads = sandbox
					.requests()
					.filter((request) => request.apiMethod === 'sendQuickChatMessage');
				expect(uploads.map((request) => request.files.map((file) => file.sha256))).toEqual(
					phones.map(() => [PNG_SHA256]),
				);
				expect(
					sandbox.requests().filter((request) => request.apiMethod === 'sendBulkChat'),
				).toHaveLength(1);
			},
		);

		onRow3(
			'Task runner: a Code node running past 60 s is stopped, while an SMS > Send answered after 65 s, behind a Code node, goes through',
			async () => {
				const longCode = workflowOf('Code past the task timeout', [
					manualTriggerNode(),
					{
						name: 'Slow Code',
						type: 'n8n-nodes-base.code',
						typeVersion: 2,
						position: [220, 0],
						parameters: {
							mode: 'runOnceForAllItems',
							language: 'javaScript',
							jsCode:
								'await new Promise((resolve) => setTimeout(resolve, 70000));\nreturn $input.all();',
						},
					},
				]);
				const slowSend = smsSendWorkflow(sandbox, TOKEN, credential);
				const send = slowSend.nodes.find((node) => node.name === 'Send SMS')!;
				send.parameters = { ...send.parameters, options: { timeout: 120 } };
				const code: (typeof slowSend.nodes)[number] = {
					id: 'code-first',
					name: 'Code First',
					type: 'n8n-nodes-base.code',
					typeVersion: 2,
					position: [110, 0],
					parameters: {
						mode: 'runOnceForAllItems',
						language: 'javaScript',
						jsCode: 'return [{ json: { ready: true } }];',
					},
				};
				const sendBehindCode = workflowOf('A slow send behind a Code node', [
					slowSend.nodes[0],
					code,
					send,
				]);
				sandbox.setFaults({ latencyMs: 65_000 });
				const [stopped, sent] = await Promise.all(
					[longCode, sendBehindCode].map(
						async (workflow) =>
							await client.waitForExecution(
								await client.startManualRun((await client.createWorkflow(workflow)).id),
								300_000,
							),
					),
				);
				expect({ status: stopped.status, error: executionError(stopped, 'Slow Code') }).toEqual({
					status: 'error',
					error: expect.stringContaining('Task execution timed out after 60 seconds'),
				});
				expect({ status: sent.status, error: executionError(sent) }).toEqual({
					status: 'success',
					error: undefined,
				});
				expect(nodeOutput(sent, 'Send SMS')).toEqual([
					expect.objectContaining({ sms_id: expect.any(Number) }),
				]);
			},
		);

		onRow3(
			'SSRF: the emulator is reached through N8N_SSRF_ALLOWED_IP_RANGES; a Base URL on another loopback address is blocked, the error and the credential Test naming what to set',
			async () => {
				const blockedUrl = sandbox.url.replace('127.0.0.1', '127.0.0.2');
				const data = { apiKey: TOKEN, baseUrl: blockedUrl, allowUnencryptedHttp: true };
				const blocked = await client.createCredential({
					name: 'Blocked address',
					type: 'messagingServiceApi',
					data,
				});
				const tested = await client.testCredential({
					...blocked,
					type: 'messagingServiceApi',
					data,
				});
				expect(tested.status).toBe('Error');
				expect(tested.message).toContain('N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.2/32');
				const execution = await client.runManually(
					(await client.createWorkflow(smsSendWorkflow(sandbox, TOKEN, blocked))).id,
				);
				expect(executionError(execution, 'Send SMS')).toMatch(
					/^n8n's SSRF protection blocked the request to 127\.0\.0\.2: .* N8N_SSRF_ALLOWED_IP_RANGES=127\.0\.0\.2\/32 /,
				);
				expect(
					JSON.stringify({ tested, error: executionError(execution, 'Send SMS') }),
				).not.toContain(TOKEN);
				expect(sandbox.requests()).toEqual([]);
				const allowed = await client.runManually(
					(await client.createWorkflow(smsSendWorkflow(sandbox, TOKEN, credential))).id,
				);
				expect(
					(nodeOutput(allowed, 'Send SMS') as IDataObject[]).map((output) => typeof output.sms_id),
				).toEqual(['number']);
			},
		);
	},
);
