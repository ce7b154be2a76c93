// A real n8n with the package installed from its tarball (the end-to-end driver of test/e2e/lib),
// logged in, with a credential for the emulator; runs a workflow and measures the node under test.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { executionError } from '../../test/e2e/lib/execution-data';
import { N8nClient } from '../../test/e2e/lib/n8n-client';
import type { ExecutionDetails, WorkflowData } from '../../test/e2e/lib/n8n-types';
import { startN8nWithPackage, type PackageLoadedN8n } from '../../test/e2e/lib/n8n-with-package';
import { peakGrowth, RssSampler } from './memory';

export const PACKAGE = 'n8n-nodes-messaging-service';

export interface NodeRun {
	status: string;
	error?: string;
	/** the node under test, from n8n's run data */
	nodeSeconds: number;
	/** from the start request to the end of the execution, as the bench saw it */
	executionSeconds: number;
	/** RSS growth of the n8n process while the node under test ran */
	rssGrowthBytes?: number;
	/** RSS growth over the whole execution (input items, node, saving the execution) */
	executionRssGrowthBytes?: number;
	outputItems: number;
}

export class BenchN8n {
	private constructor(
		readonly n8n: PackageLoadedN8n,
		readonly client: N8nClient,
		readonly credential: { id: string; name: string },
	) {}

	static async start(options: {
		tarball: string;
		emulatorUrl: string;
		token: string;
		logFile: string;
		/** extra environment for n8n (e.g. N8N_EXPRESSION_ENGINE) */
		env?: Record<string, string>;
		/** folders of nodes loaded as CUSTOM.<name> */
		customExtensions?: string[];
	}): Promise<BenchN8n> {
		fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
		fs.writeFileSync(options.logFile, '');
		const n8n = await startN8nWithPackage({
			tarball: options.tarball,
			logFile: options.logFile,
			env: options.env,
			customExtensions: options.customExtensions,
		});
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
				data: { apiKey: options.token, baseUrl: options.emulatorUrl, allowUnencryptedHttp: false },
			});
			return new BenchN8n(n8n, client, credential);
		} catch (error) {
			await n8n.stop();
			throw error;
		}
	}

	get pid(): number {
		return this.n8n.pid;
	}

	async createWorkflow(workflow: WorkflowData): Promise<string> {
		return (await this.client.createWorkflow(workflow)).id;
	}

	/**
	 * Runs the saved workflow manually and measures the node named `nodeName`. `onTick` is called
	 * every couple of seconds while it runs (progress).
	 */
	async run(
		workflowId: string,
		nodeName: string,
		timeoutMs: number,
		onTick?: () => Promise<void>,
	): Promise<NodeRun> {
		const sampler = new RssSampler(this.pid);
		const started = Date.now();
		let execution: ExecutionDetails;
		let lastTick = started;
		try {
			const executionId = await this.client.startManualRun(workflowId);
			for (;;) {
				await new Promise((resolve) => setTimeout(resolve, 250));
				const summary = await this.executionSummary(executionId);
				if (summary.stoppedAt && !['running', 'new', 'waiting'].includes(summary.status)) break;
				if (Date.now() - started > timeoutMs)
					throw new Error(`execution ${executionId} still ${summary.status} after ${timeoutMs} ms`);
				if (onTick && Date.now() - lastTick >= 2000) {
					lastTick = Date.now();
					await onTick();
				}
			}
			const finished = Date.now();
			execution = await this.client.getExecution(executionId);
			const samples = sampler.stop();
			const task = execution.data.resultData.runData[nodeName]?.[0];
			const nodeStart = task?.startTime ?? started;
			const nodeMs = task?.executionTime ?? finished - started;
			return {
				status: execution.status,
				error: executionError(execution, nodeName),
				nodeSeconds: nodeMs / 1000,
				executionSeconds: (finished - started) / 1000,
				rssGrowthBytes: peakGrowth(samples, nodeStart, nodeStart + nodeMs),
				executionRssGrowthBytes: peakGrowth(samples, started, finished),
				outputItems: task?.data?.main?.[0]?.length ?? 0,
			};
		} finally {
			sampler.stop();
		}
	}

	/** The execution's status; a connection n8n drops now and then under load is tried again. */
	private async executionSummary(
		executionId: string,
		attempts = 5,
	): Promise<{ status: string; stoppedAt?: string | null }> {
		for (let attempt = 1; ; attempt++) {
			try {
				return await this.client.request<{ status: string; stoppedAt?: string | null }>(
					'get',
					`/rest/executions/${executionId}`,
				);
			} catch (error) {
				const code =
					(error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
				if (attempt >= attempts || !['ECONNRESET', 'ECONNREFUSED', 'EPIPE'].includes(code ?? ''))
					throw error;
				await new Promise((resolve) => setTimeout(resolve, 500));
			}
		}
	}

	async stop(): Promise<void> {
		await this.n8n.stop();
	}
}
