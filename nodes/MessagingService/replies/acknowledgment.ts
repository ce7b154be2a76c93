import type { IRun } from 'n8n-workflow';

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
	/** reply ID → whether it was marked read already, once its execution finished */
	finished: Map<string, boolean>;
	/** the marks under way (one at a time per trigger) */
	marking: Promise<void>;
}

const ledgers = new Map<string, Ledger>();

/** The ledger of one trigger in this process: `workflowId:nodeId`. */
export function ledgerOf(key: string): Ledger {
	let ledger = ledgers.get(key);
	if (!ledger) {
		ledger = { inFlight: new Map(), finished: new Map(), marking: Promise.resolve() };
		ledgers.set(key, ledger);
	}
	return ledger;
}

/** What a restart of n8n does to the trigger's ledger (tests stand in for another process with it). */
export function dropLedger(key: string): void {
	ledgers.delete(key);
}

/** Runs `mark` after the trigger's marks under way (a slow service never gets two at once from one trigger). */
export function queueMark(ledger: Ledger, mark: () => Promise<void>): Promise<void> {
	ledger.marking = ledger.marking.then(mark, mark);
	return ledger.marking;
}

/** n8n cancels running executions when it shuts down: those did not finish, and their replies are emitted again. */
function isShutdownCancellation(error: unknown): boolean {
	return error instanceof Error && error.name === 'SystemShutdownExecutionCancelledError';
}

/**
 * A done promise for emit() whose outcome reaches `onFinished` (the execution ended: success,
 * error, waiting or cancelled by a person) or `onNotFinished` (n8n cancelled it at shutdown).
 * The shape n8n's `IDeferredPromise` has, which n8n-workflow no longer exports a maker of.
 */
export function donePromise<T extends IRun | undefined = IRun>(onFinished: (run: T | undefined) => void, onNotFinished: () => void) {
	let resolve: (value: T | PromiseLike<T>) => void = () => {};
	let reject: (error: Error) => void = () => {};
	const promise = new Promise<T>((ok, fail) => {
		resolve = ok;
		reject = fail;
	});
	void promise.then(onFinished, (error: unknown) => (isShutdownCancellation(error) ? onNotFinished() : onFinished(undefined)));
	return { promise, resolve, reject };
}
