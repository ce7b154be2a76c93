// Where each reply a customer wrote ended up, from n8n's stored executions of the workflow: in
// exactly one finished execution, in several (each later one flagged `redelivered: true` or
// not), only in executions that did not finish (crashed, new, running), or in none. And the
// replies read on the service (a readResponseStatus the emulator answered) that no execution carries.
import type { IDataObject } from 'n8n-workflow';
import type { LoggedRequest } from '../../sandbox';
import type { N8nClient } from './n8n-client';
import type { ExecutionDetails, ExecutionSummary } from './n8n-types';

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** Every execution of the workflow, following n8n's list cursor (100 a page). */
export async function allExecutions(
	client: N8nClient,
	workflowId: string,
): Promise<ExecutionSummary[]> {
	const found = new Map<string, ExecutionSummary>();
	let cursor: string | undefined;
	for (;;) {
		const page = await client.request<{ results: ExecutionSummary[]; nextCursor?: string | null }>(
			'get',
			'/rest/executions',
			undefined,
			{
				filter: JSON.stringify({ workflowId }),
				limit: 100,
				...(cursor ? { cursor } : {}),
			},
		);
		for (const execution of page.results) found.set(execution.id, execution);
		if (!page.nextCursor || page.results.length === 0) break;
		cursor = page.nextCursor;
	}
	if (cursor) await addSkippedByPages(client, workflowId, found);
	return [...found.values()].sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * n8n lists executions by start, newest first, but pages on the ID (the next page has the IDs
 * below the last row's). Queue-mode workers start executions out of ID order, so a page boundary
 * skips some (a CI run's tally missed one of 154 and called its reply lost). The IDs between the
 * lowest and the highest listed that no page had are read one by one; another workflow's are left out.
 */
async function addSkippedByPages(
	client: N8nClient,
	workflowId: string,
	found: Map<string, ExecutionSummary>,
): Promise<void> {
	const ids = [...found.keys()].map(Number);
	for (let id = Math.min(...ids) + 1; id < Math.max(...ids); id++) {
		if (found.has(String(id))) continue;
		const execution = await client.getExecution(String(id)).catch(() => undefined);
		if (execution?.workflowId === workflowId) found.set(execution.id, execution);
	}
}

/** The workflow's executions in full, once none is new or running (or `waitMs` has passed). */
export async function settledExecutions(
	client: N8nClient,
	workflowId: string,
	waitMs: number,
): Promise<ExecutionDetails[]> {
	const deadline = Date.now() + waitMs;
	let summaries = await allExecutions(client, workflowId);
	while (
		summaries.some((execution) => ['new', 'running'].includes(execution.status)) &&
		Date.now() < deadline
	) {
		await sleep(1000);
		summaries = await allExecutions(client, workflowId);
	}
	const details: ExecutionDetails[] = [];
	for (let index = 0; index < summaries.length; index += 5) {
		details.push(
			...(await Promise.all(
				summaries
					.slice(index, index + 5)
					.map(async (summary) => await client.getExecution(summary.id)),
			)),
		);
	}
	return details;
}

export interface CarriedReply {
	id: string;
	redelivered: boolean;
}

/** The replies a trigger node output (on any of its outputs): a combined item stands for each reply in its `replies`. */
export function repliesCarried(execution: ExecutionDetails, triggerName: string): CarriedReply[] {
	const runs = execution.data?.resultData?.runData?.[triggerName] ?? [];
	const fromRuns = runs.flatMap((run) => (run.data?.main ?? []).flatMap((items) => items ?? []));
	// an execution that never ran (new, or crashed before its first node) still holds its trigger items in the stack
	const fromStack = runs.length
		? []
		: (execution.data?.executionData?.nodeExecutionStack ?? []).flatMap((entry) =>
				(entry.data?.main ?? []).flatMap((items) => items ?? []),
			);
	// n8n's recovery of a crashed execution gives it an item of its own, which carries no reply
	const items = [...fromRuns, ...fromStack].filter(
		({ json }) => json.isArtificialRecoveredEventItem !== true,
	);
	return items.flatMap(({ json }) => {
		const redelivered = json.redelivered === true;
		const replies = Array.isArray(json.replies) ? (json.replies as IDataObject[]) : [json];
		return replies.map((reply) => ({
			id: String(reply.id),
			redelivered: redelivered || reply.redelivered === true,
		}));
	});
}

export interface Tally {
	written: number;
	/** in no finished execution */
	lost: string[];
	/** of the lost: carried only by executions that did not finish (crashed, new, running, error) */
	lostInUnfinished: string[];
	once: number;
	/** in several finished executions, every one after the first flagged redelivered */
	doubledFlagged: string[];
	/** in several finished executions, a later one not flagged */
	doubledUnflagged: string[];
	/** items that are not among the written replies (should be none) */
	unknown: string[];
	statuses: Record<string, number>;
}

/** Finished: the execution ran to its end (n8n's `success`). */
const FINISHED = new Set(['success']);

export function tally(
	writtenIds: string[],
	executions: ExecutionDetails[],
	triggerName: string,
): Tally {
	const finished = new Map<string, CarriedReply[]>();
	const unfinished = new Set<string>();
	const statuses: Record<string, number> = {};
	const written = new Set(writtenIds);
	const unknown = new Set<string>();
	for (const execution of [...executions].sort((a, b) => Number(a.id) - Number(b.id))) {
		statuses[execution.status] = (statuses[execution.status] ?? 0) + 1;
		for (const reply of repliesCarried(execution, triggerName)) {
			if (!written.has(reply.id)) unknown.add(reply.id);
			if (!FINISHED.has(execution.status)) {
				unfinished.add(reply.id);
				continue;
			}
			finished.set(reply.id, [...(finished.get(reply.id) ?? []), reply]);
		}
	}
	const result: Tally = {
		written: writtenIds.length,
		lost: [],
		lostInUnfinished: [],
		once: 0,
		doubledFlagged: [],
		doubledUnflagged: [],
		unknown: [...unknown],
		statuses,
	};
	for (const id of writtenIds) {
		const carried = finished.get(id) ?? [];
		if (carried.length === 0) {
			result.lost.push(id);
			if (unfinished.has(id)) result.lostInUnfinished.push(id);
		} else if (carried.length === 1) result.once += 1;
		else if (carried.slice(1).every((reply) => reply.redelivered)) result.doubledFlagged.push(id);
		else result.doubledUnflagged.push(id);
	}
	return result;
}

/** Reply IDs the service marked read: every readResponseStatus it answered 200. */
export function markedRead(requests: LoggedRequest[]): Set<string> {
	const ids = requests
		.filter((request) => request.apiMethod === 'readResponseStatus' && request.status === 200)
		.flatMap((request) =>
			String(request.body?.incoming_messages ?? request.query?.incoming_messages ?? '').split(','),
		);
	return new Set(ids.filter(Boolean));
}

/** The replies read on the service that no execution of the workflow carries (finished or not). */
export function readButCarriedByNone(
	requests: LoggedRequest[],
	executions: ExecutionDetails[],
	triggerName: string,
): string[] {
	const carried = new Set(
		executions.flatMap((execution) =>
			repliesCarried(execution, triggerName).map((reply) => reply.id),
		),
	);
	return [...markedRead(requests)].filter((id) => !carried.has(id));
}

export function describeTally(label: string, figures: Tally): string {
	return (
		`[${label}] written ${figures.written}: once ${figures.once}, lost ${figures.lost.length}` +
		` (of them only in unfinished executions ${figures.lostInUnfinished.length}),` +
		` doubled-flagged ${figures.doubledFlagged.length}, doubled-unflagged ${figures.doubledUnflagged.length};` +
		` executions ${JSON.stringify(figures.statuses)}${figures.unknown.length ? `; unknown ids ${figures.unknown.length}` : ''}`
	);
}
