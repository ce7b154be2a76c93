import type { ApiClient } from '../transport/client';
import { normalizePhone } from '../helpers/phone';

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
