import type { N8nClient } from './n8n-client';
import type { ExecutionDetails } from './n8n-types';

/** Waits until `condition` holds; fails naming `what` after `timeoutMs`. */
export async function waitUntil(
	condition: () => boolean,
	timeoutMs: number,
	what: string,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** Waits until a poll of the trigger has done what `condition` looks for (n8n polls at most once a minute). */
export async function waitForPoll(condition: () => boolean): Promise<void> {
	await waitUntil(condition, 150000, 'poll');
}

/** The workflow's first `count` executions, each once it has finished, oldest first. */
export async function finishedExecutions(
	client: N8nClient,
	workflowId: string,
	count: number,
): Promise<ExecutionDetails[]> {
	const started = await client.waitForExecutions(workflowId, count, 150000);
	const details: ExecutionDetails[] = [];
	for (const summary of started) details.push(await client.waitForExecution(summary.id, 120000));
	return details.sort((a, b) => Number(a.id) - Number(b.id));
}
