import { createHash } from 'crypto';

import { normalizePhone } from './phone';
import { phoneOfMailing } from './processMemory';

/** Mailings remembered, the newest kept... */
const MAX_KEPT = 10_000;
/** ...for this long: a trigger looks a new mailing up within seconds, and a service reset may hand out an ID again. */
const KEPT_FOR_MS = 60_000;

/** One account: the same mailing ID on another account or service is another mailing. */
function keyOf(account: string, mailingId: unknown): string {
	return `${createHash('sha256').update(account).digest('hex').slice(0, 16)}:${String(mailingId)}`;
}

/**
 * The chat mailings this n8n process sent to one phone (Chat Message > Send), and whether a bot
 * turn sent them, so that a Chat Trigger of the same process knows whose conversation the bot's
 * answer is without asking the service. It is a shortcut, never the only source: it is empty after a restart and not shared
 * between processes (queue mode runs executions on workers), and then the trigger reads the
 * mailing's delivery list. `account`: the credential's base URL and API key.
 */
export function noteChatSent(
	account: string,
	mailingId: unknown,
	phone: unknown,
	byBot = false,
): void {
	const digits = normalizePhone(phone);
	if (digits === undefined || mailingId === undefined || mailingId === null || mailingId === '')
		return;
	const key = keyOf(account, mailingId);
	phoneOfMailing.delete(key);
	phoneOfMailing.set(key, { phone: digits, at: Date.now(), byBot });
	if (phoneOfMailing.size > MAX_KEPT) phoneOfMailing.delete(phoneOfMailing.keys().next().value!);
}

function noteOf(account: string, mailingId: string) {
	const sent = phoneOfMailing.get(keyOf(account, mailingId));
	if (sent === undefined) return undefined;
	// noted "later" than now: the clock went back, and the note may be of a mailing the ID meant before
	const age = Date.now() - sent.at;
	return age >= 0 && age < KEPT_FOR_MS ? sent : undefined;
}

export function phoneOfChatSent(account: string, mailingId: string): string | undefined {
	return noteOf(account, mailingId)?.phone;
}

/** Whether an execution that began as a bot turn sent the mailing (the bot's answer, not a person's). */
export function isBotAnswer(account: string, mailingId: string): boolean {
	return noteOf(account, mailingId)?.byBot === true;
}
