import type { IPollFunctions } from 'n8n-workflow';

import type { ApiClient } from '../transport/client';
import { MAX_PENDING_READ } from './state';

/** Reply IDs per readResponseStatus call. */
export const READ_CHUNK = 100;

function chunks(ids: string[]): string[][] {
	const result: string[][] = [];
	for (let start = 0; start < ids.length; start += READ_CHUNK) result.push(ids.slice(start, start + READ_CHUNK));
	return result;
}

/**
 * Marks replies read with readResponseStatus. A failure never stops the poll: the replies are
 * output anyway (and remembered, so never output twice). The IDs of this poll that could not
 * be marked are returned, to be tried once more by the next poll; `retry` (the IDs of the
 * previous poll) is tried in calls of its own and then given up.
 */
export async function markAsRead(
	context: IPollFunctions,
	client: ApiClient,
	ids: string[],
	retry: string[],
): Promise<string[]> {
	const failed: string[] = [];
	const fresh = new Set(ids);
	const again = retry.filter((id) => !fresh.has(id));
	for (const [batch, isRetry] of [
		...chunks(again).map((batch) => [batch, true] as const),
		...chunks(ids).map((batch) => [batch, false] as const),
	]) {
		try {
			await client.call('readResponseStatus', { incoming_messages: batch.join(',') });
		} catch (error) {
			context.logger.warn(
				`Messaging Service Trigger: could not mark ${batch.length} repl${batch.length === 1 ? 'y' : 'ies'} as read${
					isRetry ? ' (second try, given up)' : '; the next poll tries again'
				}: ${(error as Error).message}`,
			);
			if (!isRetry) failed.push(...batch);
		}
	}
	return failed.slice(-MAX_PENDING_READ);
}
