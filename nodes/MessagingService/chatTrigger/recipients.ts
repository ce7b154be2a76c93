import type { ApiClient } from '../transport/client';
import { normalizePhone } from '../helpers/phone';
import type { Conversations } from './conversations';

/** A delivery list that cannot be read this many times: the mailing is read as a mailing, not a phone's. */
const LOOKUP_TRIES = 3;

/**
 * The phones a chat mailing went to, from its delivery list (getChatDeliveryList): one request per
 * mailing, whatever the number of reads after. Phones in the service's digits form, each once.
 */
export async function recipientsOf(client: ApiClient, mailingId: string): Promise<string[]> {
	const entries = await client.list('getChatDeliveryList', { message_id: mailingId });
	const phones = new Set<string>();
	for (const entry of entries) {
		const phone = normalizePhone(entry.phone);
		if (phone !== undefined) phones.add(phone);
	}
	return [...phones];
}

/**
 * Whose conversation each new mailing is: what this n8n process sent (no request), else its delivery
 * list; one whose list cannot be read is tried again, then read as a mailing of no one phone.
 */
export class RecipientLookups {
	private readonly failures = new Map<string, number>();

	constructor(
		private readonly client: ApiClient,
		private readonly conversations: Conversations,
		private readonly warn: (message: string) => void,
		private readonly sentTo: (mailingId: string) => string | undefined = () => undefined,
	) {}

	/** The mailings whose delivery list is to be read (those this process sent are settled here). */
	pending(now: number): string[] {
		const ids: string[] = [];
		for (const id of this.conversations.pendingLookups()) {
			const phone = this.sentTo(id);
			if (phone !== undefined) this.conversations.lookedUp(id, [phone], now);
			else ids.push(id);
		}
		return ids;
	}

	/** Reads the mailing's delivery list; returns whether the mailing is no one phone's (to read as a mailing). */
	async lookUp(id: string): Promise<boolean> {
		try {
			const phones = await recipientsOf(this.client, id);
			this.failures.delete(id);
			this.conversations.lookedUp(id, phones, Date.now());
			return this.conversations.isUnowned(id);
		} catch (error) {
			const failures = (this.failures.get(id) ?? 0) + 1;
			this.failures.set(id, failures);
			if (failures < LOOKUP_TRIES) return false;
			this.failures.delete(id);
			this.warn(
				`Messaging Service Chat Trigger: the delivery list of mailing ${id} could not be read; its replies are read as the mailing's: ${(error as Error).message}`,
			);
			this.conversations.lookedUp(id, [], Date.now());
			return true;
		}
	}
}
