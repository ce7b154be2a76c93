import type { Logger } from 'n8n-workflow';

import type { ApiClient } from '../transport/client';
import { isRefusal } from '../transport/errors';
import { MAX_PENDING_READ } from './state';

/** Reply IDs per readResponseStatus call. */
export const READ_CHUNK = 100;

function chunks(ids: string[]): string[][] {
	const result: string[][] = [];
	for (let start = 0; start < ids.length; start += READ_CHUNK) result.push(ids.slice(start, start + READ_CHUNK));
	return result;
}

/**
 * Marks replies read with readResponseStatus: those output by this poll and those a poll before
 * could not mark (`pending`). A failure never stops the poll: the replies are output anyway (and
 * remembered, so never output twice). Returns the IDs still to mark, tried again by every poll
 * until it works (the newest MAX_PENDING_READ of them). A call the service refuses (a 400) is
 * split, so that one reply it will never mark (deleted, say) does not hold up the others: that
 * reply alone is given up.
 */
export async function markAsRead(context: { logger: Pick<Logger, 'warn'> }, client: ApiClient, ids: string[], pending: string[]): Promise<string[]> {
	const fresh = new Set(ids);
	const all = [...pending.filter((id) => !fresh.has(id)), ...ids];
	const left: string[] = [];
	const mark = async (batch: string[]): Promise<void> => {
		try {
			await client.call('readResponseStatus', { incoming_messages: batch.join(',') });
		} catch (error) {
			if (isRefusal(error) && batch.length > 1) {
				for (const id of batch) await mark([id]);
				return;
			}
			const givenUp = isRefusal(error);
			context.logger.warn(
				`Messaging Service Trigger: could not mark ${batch.length === 1 ? `reply ${batch[0]}` : `${batch.length} replies`} as read${
					givenUp ? ' (the service refused it; given up)' : '; the next poll tries again'
				}: ${(error as Error).message}`,
			);
			if (!givenUp) left.push(...batch);
		}
	};
	for (const batch of chunks(all)) await mark(batch);
	return left.slice(-MAX_PENDING_READ);
}
