import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiClient } from '../transport/client';
import { PAGE_SIZE } from '../transport/client';
import { compareIds, isServiceTime, laterTime } from './state';

/** getChatMessages pages read at most per poll (after the skipped old records). */
export const MAX_LIST_PAGES = 100;
/** The service's time zone is not stated: a window edge may be off by up to this much. */
export const TIME_ZONE_ALLOWANCE_MS = 14 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface WatchedMailing {
	id: string;
	/** what getChatMessages tells about it (Recent Mailings only) */
	record?: IDataObject;
}

export interface WatchedList {
	/** by ID, ascending */
	mailings: WatchedMailing[];
	/** false when the listing stopped at its page cap: then no mailing is forgotten */
	complete: boolean;
	/** the latest creation time among the listed mailings */
	clock?: string;
	/** Recent Mailings: where the next listing may start */
	listSkip?: number;
}

/** "YYYY-MM-DD HH:MM:SS" read as UTC (the service states no zone), in ms; undefined when unreadable. */
export function serviceTimeMs(text: unknown): number | undefined {
	if (!isServiceTime(text)) return undefined;
	const ms = Date.parse(`${text.replace(' ', 'T')}Z`);
	return Number.isNaN(ms) ? undefined : ms;
}

/** Parses the Mailing IDs field: IDs separated by commas, spaces or new lines. */
export function parseMailingIds(node: INode, value: unknown): string[] {
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
	const ids: string[] = [];
	for (const part of text.split(/[\s,;]+/)) {
		if (part === '') continue;
		if (!/^\d{1,15}$/.test(part)) {
			throw new NodeOperationError(node, `Invalid Mailing IDs: "${part}" is not a mailing ID`, {
				description:
					'Enter the IDs (message_id) of chat mailings, digits only, separated by commas, e.g. 20000001, 20000002.',
			});
		}
		const id = String(Number(part)) === part ? part : part.replace(/^0+(?=\d)/, '');
		if (!ids.includes(id)) ids.push(id);
	}
	if (ids.length === 0) {
		throw new NodeOperationError(node, 'No mailing to watch: the Mailing IDs field is empty', {
			description: 'Enter the IDs (message_id) of the chat mailings to watch, separated by commas, or watch Recent Mailings.',
		});
	}
	return ids.sort(compareIds);
}

export function specificMailings(ids: string[]): WatchedList {
	return { mailings: ids.map((id) => ({ id })), complete: true };
}

/**
 * Lists the chat mailings created within the last `days` days with getChatMessages, page by
 * page. `listSkip` (from the previous poll) skips a leading run of records that were already
 * outside the window, after checking that the record there is still outside it.
 */
export async function recentMailings(
	client: ApiClient,
	days: number,
	nowMs: number,
	listSkip = 0,
): Promise<WatchedList> {
	const windowStart = nowMs - days * DAY_MS - TIME_ZONE_ALLOWANCE_MS;
	const isOld = (record: IDataObject) => {
		const created = serviceTimeMs(record.d_create);
		return created !== undefined && created < windowStart;
	};
	const read = async (from: number) => {
		const records: IDataObject[] = [];
		let complete = false;
		for (let page = 0, offset = from; page < MAX_LIST_PAGES; page++) {
			const rows = await client.many('getChatMessages', { limit_offset: offset, limit_rows: PAGE_SIZE });
			for (const row of rows) records.push(row); // (a huge page spread into push would overflow the stack)
			offset += rows.length;
			if (rows.length < PAGE_SIZE) {
				complete = true;
				break;
			}
		}
		return { records, complete };
	};

	let start = listSkip;
	let listing = await read(start);
	if (start > 0 && !(listing.records.length > 0 && isOld(listing.records[0]))) {
		start = 0;
		listing = await read(0);
	}

	let leadingOld = 0;
	while (leadingOld < listing.records.length && isOld(listing.records[leadingOld])) leadingOld++;
	const byId = new Map<string, WatchedMailing>();
	let clock: string | undefined;
	for (const record of listing.records) {
		if (record.message_id === undefined || record.message_id === null) continue;
		clock = laterTime(clock, record.d_create as string | undefined);
		if (isOld(record)) continue;
		byId.set(String(record.message_id), { id: String(record.message_id), record });
	}
	return {
		mailings: [...byId.values()].sort((a, b) => compareIds(a.id, b.id)),
		complete: listing.complete,
		clock,
		// keep the last old record of the leading run, to check it next time
		listSkip: leadingOld > 0 ? start + leadingOld - 1 : start,
	};
}

/** What the output item tells about the mailing a reply answers. */
export function mailingSummary(mailing: WatchedMailing): IDataObject {
	const record = mailing.record;
	if (!record) return { message_id: Number(mailing.id) };
	const summary: IDataObject = { message_id: record.message_id ?? Number(mailing.id) };
	for (const key of ['message_type', 'message', 'button_caption', 'd_create']) {
		if (record[key] !== undefined && record[key] !== '') summary[key] = record[key];
	}
	return summary;
}
