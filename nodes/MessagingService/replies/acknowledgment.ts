import type { IDataObject, IRun } from 'n8n-workflow';
import { ledgers } from './processMemory';

/**
 * The rule of DESIGN 4e: a reply is marked read on the service (its only acknowledgment) once
 * n8n has finished the execution that carries it, that is when emit's done promise resolves.
 * The replies a trigger emitted and has not seen acknowledged are saved with the emit (`unacked`
 * in the reading state); at the next start of the trigger in another process, or when n8n never
 * settles the promise, they are emitted again, flagged `redelivered`, rather than lost.
 *
 * This file holds what one n8n process knows of the executions it started, per trigger (workflow
 * and node): module memory on purpose, since it is exactly the knowledge a restart loses.
 */

/** A reply whose execution n8n has not said is finished this long after its emit is emitted again, flagged. */
export const REDELIVER_AFTER_MS = 30 * 60_000;
/** Replies awaiting acknowledgment kept per trigger; past that, the oldest are given up (marked read) with a warning. */
export const MAX_UNACKED = 5000;

export interface Ledger {
	/** reply ID → when its execution was emitted (this process's clock), until n8n settles it */
	inFlight: Map<string, number>;
	/** reply ID → whether it was marked read already, once its execution finished (the newest MAX_UNACKED) */
	finished: Map<string, boolean>;
	/** the marks under way (one at a time per trigger) */
	marking: Promise<void>;
	/** reply IDs the next mark takes (their executions finished while a mark was under way) */
	toMark: string[];
	/** a poll of this trigger is under way in this process (n8n's durable scheduler can start several at once) */
	polling?: boolean;
	/** the newest state this process saved (n8n's durable scheduler loads a poll's state from the database, saved only with an emit) */
	saved?: { rounds: number; state: IDataObject };
	/** when this process first ran the trigger (its clock): what another process emitted came before */
	startedAt: number;
}

/** The ledger of one trigger in this process: `workflowId:nodeId`. */
export function ledgerOf(key: string): Ledger {
	let ledger = ledgers.get(key);
	if (!ledger) {
		ledger = {
			inFlight: new Map(),
			finished: new Map(),
			marking: Promise.resolve(),
			toMark: [],
			startedAt: Date.now(),
		};
		ledgers.set(key, ledger);
	}
	return ledger;
}

/** Handed to n8n in an execution now (a reply emitted again waits for its new execution). */
export function noteEmitted(ledger: Ledger, id: string, at: number): void {
	ledger.finished.delete(id);
	ledger.inFlight.set(id, at);
}

/** Emitted by this process and not settled yet, or finished lately: never emitted again by a poll that loaded an older state. */
export function heldHere(ledger: Ledger, id: string): boolean {
	return ledger.inFlight.has(id) || ledger.finished.has(id);
}

/** Its execution finished: kept (bounded) until a round settles it, also when the state a round loads is older (n8n saves it only with an emit). */
export function noteFinished(ledger: Ledger, id: string, marked: boolean): void {
	ledger.inFlight.delete(id);
	ledger.finished.delete(id);
	ledger.finished.set(id, marked);
	if (ledger.finished.size > MAX_UNACKED)
		ledger.finished.delete(ledger.finished.keys().next().value!);
}

/** What a restart of n8n does to the trigger's ledger (tests stand in for another process with it). */
export function dropLedger(key: string): void {
	ledgers.delete(key);
}

/**
 * Adds `ids` to the trigger's next mark, which runs `mark` with every ID waiting once the marks
 * under way are done: one request for all the executions that finished meanwhile, and never two
 * at once from one trigger (a slow service).
 */
export function markSoon(
	ledger: Ledger,
	ids: string[],
	mark: (ids: string[]) => Promise<void>,
): Promise<void> {
	const queued = ledger.toMark.length > 0;
	ledger.toMark.push(...ids);
	if (queued) return ledger.marking;
	const next = async () => await mark(ledger.toMark.splice(0));
	ledger.marking = ledger.marking.then(next, next);
	return ledger.marking;
}

/**
 * The reply trigger's mark for one poll's `executions`: once every one of them has ended, the
 * replies of those that finished are marked in one request (as many requests a poll as when the
 * poll marked its own replies); `mark` gets only those that no later poll has taken meanwhile,
 * since a poll marks the replies of finished executions it finds still unmarked (`settle`). The
 * returned function is called once per execution, with its reply IDs when it finished, else none.
 */
export function pollsMark(
	ledger: Ledger,
	executions: number,
	mark: (ids: string[]) => Promise<void>,
): (finishedIds: string[]) => void {
	let unended = executions;
	const finished: string[] = [];
	return (ids) => {
		finished.push(...ids);
		if (--unended > 0 || finished.length === 0) return;
		void markSoon(ledger, finished, async (batch) => {
			const unmarked = batch.filter((id) => ledger.finished.get(id) === false);
			if (unmarked.length > 0) await mark(unmarked);
		});
	};
}

/** An execution stopped by a person or by the workflow's timeout ended with the replies in it; any other rejection means it never ran (or n8n shut down under it). */
function endedAnyway(error: unknown): boolean {
	return (
		error instanceof Error &&
		(error.name === 'ManualExecutionCancelledError' ||
			error.name === 'TimeoutExecutionCancelledError')
	);
}

/**
 * A done promise for emit() whose outcome reaches `onFinished` (n8n resolved it with the
 * finished run: success, error or waiting, or the execution was stopped by a person or its
 * timeout) or `onNotFinished` (no run: n8n could not create the execution, for example a
 * workflow deactivated meanwhile or a poll whose lease was lost, or it cancelled it at shutdown).
 * The shape n8n's `IDeferredPromise` has, which n8n-workflow no longer exports a maker of.
 */
export function donePromise<T extends IRun | undefined = IRun>(
	onFinished: (run: IRun | undefined) => void,
	onNotFinished: () => void,
) {
	let resolve: (value: T | PromiseLike<T>) => void = () => {};
	let reject: (error: Error) => void = () => {};
	const promise = new Promise<T>((ok, fail) => {
		resolve = ok;
		reject = fail;
	});
	void promise.then(
		(run) => (run ? onFinished(run) : onNotFinished()),
		(error: unknown) => (endedAnyway(error) ? onFinished(undefined) : onNotFinished()),
	);
	return { promise, resolve, reject };
}
