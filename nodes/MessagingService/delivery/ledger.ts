import type { IDataObject } from 'n8n-workflow';

import { deliveryLedgers } from './processMemory';

/** An event whose execution n8n has not said is finished this long after its emit is emitted again, flagged. */
export const REDELIVER_AFTER_MS = 30 * 60_000;
/** Finished events remembered until a poll saves them; past that the oldest are forgotten. */
const MAX_FINISHED = 50_000;

/**
 * What one n8n process knows of the executions one Delivery Trigger started: exactly the knowledge
 * a restart loses. The saved watch list says which events were emitted; this says which of them
 * n8n finished, so that the next poll writes them down as done (acknowledgment rule, DESIGN 4e).
 */
export interface DeliveryLedger {
	/** event key → when its execution was emitted, until n8n settles it */
	inFlight: Map<string, number>;
	/** event keys whose execution finished, until a poll moves them to the watch list */
	finished: Set<string>;
	/** event keys whose execution n8n never created: emitted again, not flagged */
	notRun: Set<string>;
	/** the last announcement taken (announce.ts), once this process polled */
	cursor?: number;
	/** when this process's last poll of the trigger began */
	lastPollAt?: number;
	polling?: boolean;
	/** the newest watch list this process saved: n8n's durable scheduler saves a poll's static data only with an emit */
	latest?: { round: number; form: IDataObject };
}

export function deliveryLedgerOf(key: string): DeliveryLedger {
	let ledger = deliveryLedgers.get(key);
	if (!ledger) {
		ledger = { inFlight: new Map(), finished: new Set(), notRun: new Set() };
		deliveryLedgers.set(key, ledger);
	}
	return ledger;
}

/** What a restart of n8n does to the trigger's ledger (tests stand in for another process with it). */
export function dropDeliveryLedger(key: string): void {
	deliveryLedgers.delete(key);
}

export function eventKey(sendKey: string, phone: string, event: string): string {
	return `${sendKey}|${phone}|${event}`;
}

export function noteFinished(ledger: DeliveryLedger, keys: string[]): void {
	for (const key of keys) {
		ledger.inFlight.delete(key);
		ledger.finished.add(key);
	}
	while (ledger.finished.size > MAX_FINISHED)
		ledger.finished.delete(ledger.finished.values().next().value!);
}

export function noteNotRun(ledger: DeliveryLedger, keys: string[]): void {
	for (const key of keys) {
		ledger.inFlight.delete(key);
		ledger.notRun.add(key);
	}
}
