import { createHash } from 'crypto';
import type { IRun } from 'n8n-workflow';

import { ReplyDesk } from './desk';
import { waitsOfRun } from './customData';
import { desks } from './processMemory';

/** One account: the same phone on another account or service is another conversation. */
function keyOf(account: string): string {
	return createHash('sha256').update(account).digest('hex').slice(0, 16);
}

/** The reply desk of an account in this process (made on first use). `account`: the credential's base URL and API key. */
export function deskOf(account: string): ReplyDesk {
	const key = keyOf(account);
	let desk = desks.get(key);
	if (!desk) {
		desk = new ReplyDesk();
		desks.set(key, desk);
	}
	return desk;
}

/** Whether an execution of this process waits for this reply: the triggers leave it unread and do not output it. */
export function claimedByWait(
	account: string,
	phone: string | undefined,
	mailingId: string,
	replyId: string,
): boolean {
	return desks.get(keyOf(account))?.claims(phone, mailingId, replyId) ?? false;
}

/** A chat mailing sent by this process: a wait for Any Message From This Phone reads it too. */
export function noteMailingToWaitedPhone(account: string, phone: string, mailingId: string): void {
	desks.get(keyOf(account))?.mailingSent(phone, mailingId);
}

/**
 * The questions an execution a trigger started waits on, from its custom data once n8n hands the
 * run back (status waiting; in queue mode from the worker): this process's triggers leave their
 * replies to that execution. Only those asked with the trigger's credential (the same account).
 */
export function claimWaitsOfRun(
	run: IRun | undefined,
	account: string,
	credentialId: string,
): void {
	if (account === '') return;
	const waits = waitsOfRun(run).filter((wait) => wait.credentialId === credentialId);
	if (waits.length === 0) return;
	const desk = deskOf(account);
	for (const wait of waits) desk.waitedElsewhere(wait.phone, wait.mailingId, wait.untilMs);
}
