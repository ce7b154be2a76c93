import type { IDataObject } from 'n8n-workflow';

import type { ApiClient } from '../transport/client';
import { DAY_MS, isRealServiceTime, isServiceTime, serviceTimeMs } from '../base/serviceTime';

/** A reply dated further ahead of n8n's clock than this has an odd date (see `readableTime`). */
const FUTURE_ALLOWANCE_MS = DAY_MS;

/** A reply as the service returns it, with its ID and time as text. */
export interface Reply {
	id: string;
	/** its time as the service wrote it when that is a real moment, else '' (see `readableTime`) */
	receivedAt: string;
	/** the time it is ordered by: its own, or the one of the reply the service listed before it */
	orderAt: string;
	record: IDataObject;
	/** perhaps emitted before, in an execution n8n was not seen to finish (replies/acknowledgment.ts, reading.ts unsureBefore) */
	redelivered?: true;
}

/**
 * A reply's time when the service wrote a real one; '' for every odd form alike (missing, empty,
 * zeros such as `0000-00-00 00:00:00`, impossible dates, other formats, more than a day ahead of
 * now): such a reply is output like any other, with `receivedAt` null, and never compared with
 * the activation moment or the remembered times.
 */
export function readableTime(value: unknown, nowMs: number): string {
	if (!isServiceTime(value) || !isRealServiceTime(value)) return '';
	const ms = serviceTimeMs(value);
	return ms !== undefined && ms >= Date.UTC(1971, 0, 1) && ms <= nowMs + FUTURE_ALLOWANCE_MS
		? value
		: '';
}

/** Oldest first by `orderAt`; the same second keeps the order the service listed them in. */
export function compareReplies(a: Reply, b: Reply): number {
	return a.orderAt === b.orderAt ? 0 : a.orderAt < b.orderAt ? -1 : 1;
}

/**
 * The unread replies to one mailing (getNewIncomingMessages), oldest first. An answer that is
 * not a list is an error naming the method, never "no replies". `nowMs`: now on the service's
 * clock, read as UTC (see base/serviceTime).
 */
export async function unreadReplies(
	client: ApiClient,
	mailingId: string,
	nowMs: number,
): Promise<Reply[]> {
	const records = await client.list('getNewIncomingMessages', { message_id: mailingId });
	let previous = '';
	const replies: Reply[] = [];
	for (const record of records) {
		if (record.id === undefined || record.id === null || record.id === '') continue;
		const receivedAt = readableTime(record.d_receiver, nowMs);
		previous = receivedAt || previous;
		replies.push({ id: String(record.id), receivedAt, orderAt: receivedAt || previous, record });
	}
	return replies.sort(compareReplies);
}
