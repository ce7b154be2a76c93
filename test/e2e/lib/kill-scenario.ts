import * as fs from 'node:fs';
// The kill test's course, the same for both reply triggers and every n8n mode: customers keep
// writing, n8n is stopped as planned and started again each time, then the customers stop, the
// last n8n drains what is left, and each reply is looked for in the workflow's executions.
import type { Sandbox } from '../../sandbox';
import type { WritingCustomers } from './customers';
import {
	describeStop,
	stopAsPlanned,
	type PlannedStop,
	type Restartable,
	type StopOptions,
	type StopRecord,
} from './kill';
import type { N8nClient } from './n8n-client';
import {
	describeTally,
	markedRead,
	readButCarriedByNone,
	settledExecutions,
	tally,
	type Tally,
} from './reply-tally';

export interface KillScenario {
	label: string;
	sandbox: Sandbox;
	n8n: Restartable & { readonly readyAt: number };
	client: N8nClient;
	/** called after each start, before the next stop (e.g. log in again) */
	afterStart(): Promise<void>;
	workflowId: string;
	triggerName: string;
	customers: WritingCustomers;
	stops: PlannedStop[];
	stopOptions: StopOptions;
	/** how long the last n8n may take to output and mark read what is left (a guard) */
	drainMs: number;
	/** where to write the emulator's request log and the stops, one line each, for a diagnosis (none when omitted) */
	traceFile?: string;
}

export interface KillOutcome {
	stops: StopRecord[];
	figures: Tally;
	/** replies read on the service that no execution carries */
	readUncarried: string[];
	/** starts after a stop at which n8n exited before it was ready (and was started again) */
	failedStarts: number;
}

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

const log = (label: string, line: string) => process.stdout.write(`[${label}] ${line}\n`);

function writeTrace(
	file: string,
	sandbox: Sandbox,
	stops: StopRecord[],
	customers: WritingCustomers,
): void {
	const lines = sandbox.requests().map((request) => {
		const ids = request.body?.incoming_messages ?? request.query?.incoming_messages;
		return `${request.at} ${request.apiMethod} ${request.status} ${request.body?.message_id ?? request.query?.message_id ?? ''} ${ids ? `marks ${String(ids).split(',').length}` : ''}`;
	});
	const written = customers.written.map(
		(reply) =>
			`${new Date(reply.at).toISOString()} written ${reply.id} ${reply.phone} "${reply.text}"`,
	);
	fs.writeFileSync(
		file,
		[
			...stops.map((stop, index) => describeStop(index, stop)),
			...[...lines, ...written].sort(),
		].join('\n'),
	);
}

/**
 * Starts n8n again as a supervisor (systemd, Docker's restart policy) does: once more when it exits
 * before it is ready. n8n 2.41.1 on the durable scheduler can exit at the first start after a
 * SIGKILL: its crash recovery passes an execution row without startedAt to the insights hook
 * ("Cannot read properties of null (reading 'getTime')"); the next start comes up.
 */
async function startAsSupervisorDoes(label: string, n8n: Restartable): Promise<number> {
	for (let failed = 0; ; failed++) {
		try {
			await n8n.start();
			return failed;
		} catch (error) {
			const message = (error as Error).message;
			if (failed >= 2 || !/exited \(\S+\) before it was ready/.test(message)) throw error;
			const cause =
				message.split('\n').find((line) => /Error/.test(line)) ?? message.split('\n')[0];
			log(label, `n8n exited before it was ready (${cause.trim()}); started again`);
		}
	}
}

export async function runKillScenario(scenario: KillScenario): Promise<KillOutcome> {
	const { label, sandbox, n8n, customers } = scenario;
	const stops: StopRecord[] = [];
	let failedStarts = 0;
	customers.start();
	for (const [index, stop] of scenario.stops.entries()) {
		const record = await stopAsPlanned(sandbox, n8n, stop, n8n.readyAt, scenario.stopOptions);
		stops.push(record);
		log(
			label,
			`${describeStop(index, record)}; ${customers.written.length} replies written so far`,
		);
		failedStarts += await startAsSupervisorDoes(label, n8n);
		await scenario.afterStart();
	}
	// the customers go on a little after the last start, then stop; the last n8n drains
	await sleep(scenario.stopOptions.randomMs.max);
	customers.stop();
	const ids = customers.written.map((reply) => reply.id);
	const deadline = Date.now() + scenario.drainMs;
	const allRead = () => {
		const read = markedRead(sandbox.requests());
		return ids.every((id) => read.has(id));
	};
	while (!allRead() && Date.now() < deadline) await sleep(1000);
	log(
		label,
		allRead()
			? 'every reply written is marked read'
			: `drain guard reached: ${ids.filter((id) => !markedRead(sandbox.requests()).has(id)).length} replies not marked read`,
	);
	if (scenario.traceFile) writeTrace(scenario.traceFile, sandbox, stops, customers);
	const executions = await settledExecutions(scenario.client, scenario.workflowId, 30000);
	const figures = tally(ids, executions, scenario.triggerName);
	const readUncarried = readButCarriedByNone(sandbox.requests(), executions, scenario.triggerName);
	log(
		label,
		`${describeTally(label, figures)}; read on the service but in no execution ${readUncarried.length}; n8n starts that failed ${failedStarts}`,
	);
	for (const id of new Set([...figures.lost, ...readUncarried]))
		log(label, whereabouts(id, sandbox, customers, stops));
	return { stops, figures, readUncarried, failedStarts };
}

/** A lost reply's story for the log: when it was written, when the service was told to mark it read, and the stops around. */
function whereabouts(
	id: string,
	sandbox: Sandbox,
	customers: WritingCustomers,
	stops: StopRecord[],
): string {
	const written = customers.written.find((reply) => reply.id === id);
	const marks = sandbox
		.requests()
		.filter(
			(request) =>
				request.apiMethod === 'readResponseStatus' &&
				String(request.body?.incoming_messages ?? '')
					.split(',')
					.includes(id),
		)
		.map((request) => `${request.at} (${request.status})`);
	const at = written ? new Date(written.at).toISOString() : 'unknown';
	return `reply ${id} (${written?.phone ?? '?'}, mailing ${written?.mailingId ?? '?'}) written ${at}; marks ${marks.join(', ') || 'none'}; stops ${stops.map((stop) => `${stop.signal} ${stop.signalledAt}`).join(', ')}`;
}

/** What every kill test asserts: at least two stops right after a mark, and no reply lost, doubled unflagged, unknown or read with no execution. */
export function expectNothingLost(outcome: KillOutcome): void {
	expect(
		outcome.stops.filter((stop) => stop.moment === 'after-mark' && !stop.noMarkSeen).length,
	).toBeGreaterThanOrEqual(2);
	expect({
		lost: outcome.figures.lost.length,
		doubledUnflagged: outcome.figures.doubledUnflagged.length,
		unknown: outcome.figures.unknown.length,
		readButInNoExecution: outcome.readUncarried.length,
	}).toEqual({
		lost: 0,
		doubledUnflagged: 0,
		unknown: 0,
		readButInNoExecution: 0,
	});
}
