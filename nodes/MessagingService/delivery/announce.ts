import { createHash } from 'crypto';

import { deliveryLedgers, sentLog, sentSeq } from './processMemory';
import type { Send, UnitKind } from './types';

/** Sends remembered, the newest kept... */
export const MAX_ANNOUNCED = 50_000;
/** ...for this long: a Delivery Trigger takes them at its next poll. */
const ANNOUNCED_FOR_MS = 24 * 60 * 60_000;

/** One account: the same ID on another account or service is another message. */
export function accountKey(account: string): string {
	return createHash('sha256').update(account).digest('hex').slice(0, 16);
}

/**
 * A send by one of this package's nodes, for the Delivery Triggers of this n8n process that watch
 * Messages Sent Here. `account`: the credential's base URL and API key.
 */
export function announceSent(account: string, kind: UnitKind, id: unknown, phone?: string): void {
	// nobody to tell: no Delivery Trigger has polled in this process (its first poll takes nothing older)
	if (deliveryLedgers.size === 0) return;
	if (account === '' || id === undefined || id === null || id === '') return;
	const send: Send = { kind, id: String(id), sentAt: Date.now() };
	if (phone) send.phone = phone;
	sentLog.push({ seq: ++sentSeq.last, account: accountKey(account), send });
	// trimmed in steps, so that a busy sender does not move the whole log at every send
	if (sentLog.length > MAX_ANNOUNCED * 1.25) sentLog.splice(0, sentLog.length - MAX_ANNOUNCED);
	const tooOld = Date.now() - ANNOUNCED_FOR_MS;
	let old = 0;
	while (old < sentLog.length && sentLog[old].send.sentAt < tooOld) old++;
	if (old > 0) sentLog.splice(0, old);
}

/** The sends on `account` after sequence number `after`, and the newest sequence number. */
export function sentAfter(account: string, after: number): { sends: Send[]; last: number } {
	const key = accountKey(account);
	const sends: Send[] = [];
	for (let n = sentLog.length - 1; n >= 0 && sentLog[n].seq > after; n--)
		if (sentLog[n].account === key) sends.push(sentLog[n].send);
	return { sends: sends.reverse(), last: sentSeq.last };
}
