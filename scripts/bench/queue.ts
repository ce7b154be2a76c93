// S5: n8n in queue mode (Redis, PostgreSQL, main + 2 workers; test/e2e/lib/queue-mode), three
// executions of per-item sends started at once, under one rate limit of the emulator shared by all.
import * as path from 'node:path';
import { executionError } from '../../test/e2e/lib/execution-data';
import { N8nClient } from '../../test/e2e/lib/n8n-client';
import type { ExecutionDetails } from '../../test/e2e/lib/n8n-types';
import { startQueueModeN8n } from '../../test/e2e/lib/queue-mode/queue-n8n';
import { contenderWorkflow, NODE_UNDER_TEST } from './contenders';
import type { BenchEmulator } from './emulator';
import type { ContenderResult } from './report';
import { S5_EXECUTIONS, S5_ITEMS, type ScenarioPlan } from './scenarios';

export interface QueueModeRun {
	plan: ScenarioPlan;
	emulator: BenchEmulator;
	tarball: string;
	token: string;
	workFolder: string;
	step: (message: string) => void;
}

async function runAtOnce(
	client: N8nClient,
	workflowIds: string[],
	timeoutMs: number,
): Promise<ExecutionDetails[]> {
	const executionIds = await Promise.all(workflowIds.map((id) => client.startManualRun(id)));
	const executions: ExecutionDetails[] = [];
	for (const id of executionIds) executions.push(await client.waitForExecution(id, timeoutMs));
	return executions;
}

export async function runQueueModeScenario({
	plan,
	emulator,
	tarball,
	token,
	workFolder,
	step,
}: QueueModeRun): Promise<ContenderResult> {
	const logDir = path.join(workFolder, 'queue-mode');
	step(`S5: starting Redis, PostgreSQL, n8n main and 2 workers in queue mode (logs in ${logDir})`);
	const n8n = await startQueueModeN8n({ tarball, workers: 2, logDir });
	try {
		const client = new N8nClient(n8n.baseUrl);
		await client.setupOwnerAndLogin({
			email: 'bench@example.com',
			password: 'Bench-run-password-1',
			firstName: 'Bench',
			lastName: 'Runner',
		});
		const credential = await client.createCredential({
			name: 'Messaging Service (emulator)',
			type: 'messagingServiceApi',
			data: { apiKey: token, baseUrl: emulator.baseUrl, allowUnencryptedHttp: false },
		});
		const workflow = (run: number, items: number) =>
			contenderWorkflow('nodePerItem', {
				name: `Bench S5 run ${run + 1}`,
				items,
				text: `Bench S5 run ${run + 1}`,
				emulatorUrl: emulator.baseUrl,
				token,
				alphanameId: emulator.alphanameId,
				credential,
			});

		step('S5: warming up both workers (4 executions of 10 items; not measured)');
		await emulator.prepare({});
		const warmups = await Promise.all(
			Array.from({ length: 4 }, (_, run) => client.createWorkflow(workflow(run, 10))),
		);
		await runAtOnce(
			client,
			warmups.map((created) => created.id),
			180000,
		);

		await emulator.prepare(plan.faults);
		const workflows = await Promise.all(
			Array.from({ length: S5_EXECUTIONS }, (_, run) =>
				client.createWorkflow(workflow(run, S5_ITEMS)),
			),
		);
		step(`S5: ${S5_EXECUTIONS} executions of ${S5_ITEMS} sends started at once`);
		const executions = await runAtOnce(
			client,
			workflows.map((created) => created.id),
			600000,
		);

		const started = Math.min(...executions.map((execution) => Date.parse(execution.startedAt)));
		const stopped = Math.max(
			...executions.map((execution) => Date.parse(execution.stoppedAt ?? execution.startedAt)),
		);
		const delivery = await emulator.delivery(plan.items);
		const workers = executions.map((execution) => n8n.workerOf(execution.id));
		const failed = executions.filter((execution) => execution.status !== 'success');
		const perExecution = executions.map((execution, index) => {
			const task = execution.data.resultData.runData[NODE_UNDER_TEST]?.[0];
			const worker = workers[index] === undefined ? 'main?' : `worker ${workers[index] + 1}`;
			return `${worker} ${((task?.executionTime ?? 0) / 1000).toFixed(1)} s`;
		});
		step(`S5: done in ${((stopped - started) / 1000).toFixed(2)} s (${perExecution.join(', ')})`);
		return {
			id: 'nodePerItem',
			items: plan.items,
			seconds: (stopped - started) / 1000,
			delivery,
			status: failed.length === 0 ? 'success' : failed[0].status,
			error: failed.length ? executionError(failed[0], NODE_UNDER_TEST) : undefined,
			note: `from the first start to the last end of the ${S5_EXECUTIONS} executions (n8n's startedAt/stoppedAt); ran on: ${perExecution.join(', ')}`,
		};
	} finally {
		await n8n.stop();
	}
}
