import type { IDataObject } from 'n8n-workflow';

import type { ApiClient } from '../transport/client';
import { isRefusal } from '../transport/errors';

/** Reply IDs per readResponseStatus call. */
export const READ_CHUNK = 100;
/** Reply IDs whose mark-as-read failed, retried by every round until it succeeds. */
const MAX_PENDING_READ = 500;

/** What the service takes as a separator in `incoming_messages`: an ID holding one would be read as several. */
const SEPARATOR = /[,;\s]/;

/** Whether the service reads this reply ID as the one ID it is (not empty, no separator in it). */
export function isSingleReplyId(id: string): boolean {
	return id !== '' && !SEPARATOR.test(id);
}

/**
 * The one way replies are marked read (readResponseStatus), for the action node and both
 * triggers alike: only IDs the service reads as themselves are sent (an ID such as "77,78" would
 * mark replies 77 and 78); the others are left out (the action node refuses them first).
 */
export async function markRead(client: ApiClient, ids: string[]): Promise<IDataObject | undefined> {
	const sendable = ids.filter(isSingleReplyId);
	return sendable.length === 0
		? undefined
		: await client.one('readResponseStatus', { incoming_messages: sendable.join(',') });
}

/**
 * Marks the replies a trigger output read: `ids`, and those an earlier round could not mark
 * (`pending`). A failure never stops the trigger: the replies are output anyway (and remembered,
 * so never output twice). Returns the IDs still to mark, tried again by every round until it works
 * (the newest MAX_PENDING_READ of them). A call the service refuses (a 400) is split, so that one
 * reply it will never mark (deleted, say) does not hold up the others: that reply alone is given
 * up, as is a reply whose ID the service would read as several.
 */
export async function markOutputRead(
	client: ApiClient,
	ids: string[],
	pending: string[],
	warn: (message: string) => void,
): Promise<string[]> {
	const fresh = new Set(ids);
	const all = [...pending.filter((id) => !fresh.has(id)), ...ids];
	for (const id of all.filter((id) => !isSingleReplyId(id)))
		warn(
			`Messaging Service: reply ${JSON.stringify(id)} is not marked as read: the service would read its ID as several`,
		);
	const left: string[] = [];
	const mark = async (batch: string[]): Promise<void> => {
		try {
			await markRead(client, batch);
		} catch (error) {
			if (isRefusal(error) && batch.length > 1) {
				for (const id of batch) await mark([id]);
				return;
			}
			const givenUp = isRefusal(error);
			warn(
				`Messaging Service: could not mark ${batch.length === 1 ? `reply ${batch[0]}` : `${batch.length} replies`} as read${
					givenUp ? ' (the service refused it; given up)' : '; tried again later'
				}: ${(error as Error).message}`,
			);
			if (!givenUp) left.push(...batch);
		}
	};
	const sendable = all.filter(isSingleReplyId);
	for (let start = 0; start < sendable.length; start += READ_CHUNK)
		await mark(sendable.slice(start, start + READ_CHUNK));
	return left.slice(-MAX_PENDING_READ);
}
