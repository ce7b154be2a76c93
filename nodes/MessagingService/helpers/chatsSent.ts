import { createHash } from 'crypto';

import { normalizePhone } from './phone';

/** Mailings remembered, the newest kept. */
const MAX_KEPT = 10_000;
const phoneOfMailing = new Map<string, string>();

/** One account: the same mailing ID on another account or service is another mailing. */
function keyOf(account: string, mailingId: unknown): string {
	return `${createHash('sha256').update(account).digest('hex').slice(0, 16)}:${String(mailingId)}`;
}

/**
 * The chat mailings this n8n process sent to one phone (Chat Message > Send), so that a Chat
 * Trigger of the same process knows whose conversation the bot's answer is without asking the
 * service. It is a shortcut, never the only source: it is empty after a restart and not shared
 * between processes (queue mode runs executions on workers), and then the trigger reads the
 * mailing's delivery list. `account`: the credential's base URL and API key.
 */
export function noteChatSent(account: string, mailingId: unknown, phone: unknown): void {
	const digits = normalizePhone(phone);
	if (digits === undefined || mailingId === undefined || mailingId === null || mailingId === '') return;
	phoneOfMailing.set(keyOf(account, mailingId), digits);
	if (phoneOfMailing.size > MAX_KEPT) phoneOfMailing.delete(phoneOfMailing.keys().next().value!);
}

export function phoneOfChatSent(account: string, mailingId: string): string | undefined {
	return phoneOfMailing.get(keyOf(account, mailingId));
}
