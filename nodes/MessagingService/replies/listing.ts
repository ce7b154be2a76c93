import type { IDataObject } from 'n8n-workflow';

import type { ApiClient } from '../transport/client';
import { PAGE_SIZE } from '../transport/client';
import { compareIds } from '../base/ids';

/**
 * getChatMessages without assuming its order. Mailings are addressed by their rank from the
 * oldest (0 = the oldest ever listed), which does not move when new mailings arrive in either
 * order; the offset of a rank is derived from the detected order and the total.
 */
export type ListingOrder = 'oldest-first' | 'newest-first';

export function recordId(record: IDataObject): string | undefined {
	const id = record.message_id;
	return id === undefined || id === null || id === '' ? undefined : String(id);
}

/** The order of a page, from its records' message_id (then d_create); undefined when it cannot tell. */
export function detectOrder(records: IDataObject[]): ListingOrder | undefined {
	for (let n = 1; n < records.length; n++) {
		const a = recordId(records[n - 1]);
		const b = recordId(records[n]);
		if (a === undefined || b === undefined) continue;
		const byId = compareIds(a, b);
		if (byId !== 0) return byId < 0 ? 'oldest-first' : 'newest-first';
		const ta = String(records[n - 1].d_create ?? '');
		const tb = String(records[n].d_create ?? '');
		if (ta !== tb) return ta < tb ? 'oldest-first' : 'newest-first';
	}
	return undefined;
}

async function page(client: ApiClient, offset: number, rows: number): Promise<IDataObject[]> {
	return await client.many('getChatMessages', { limit_offset: offset, limit_rows: rows });
}

/**
 * How many mailings getChatMessages lists: the first page when it is short, else doubling
 * probes of one record then a binary search (about 2·log2(total) small requests).
 */
export async function countMailings(client: ApiClient, firstPage: IDataObject[]): Promise<number> {
	if (firstPage.length < PAGE_SIZE) return firstPage.length;
	let present = PAGE_SIZE - 1;
	let absent = PAGE_SIZE * 2;
	while ((await page(client, absent - 1, 1)).length > 0) {
		present = absent - 1;
		absent *= 2;
	}
	// the record at `present` exists, the one at `absent - 1` does not
	while (absent - 1 - present > 1) {
		const middle = Math.floor((present + absent - 1) / 2);
		if ((await page(client, middle, 1)).length > 0) present = middle;
		else absent = middle + 1;
	}
	return present + 1;
}

/** The mailings with ranks [from, to) (oldest first), in rank order. */
export async function readRanks(
	client: ApiClient,
	order: ListingOrder,
	total: number,
	from: number,
	to: number,
): Promise<IDataObject[]> {
	const start = Math.max(0, from);
	const end = Math.min(total, to);
	if (end <= start) return [];
	const offset = order === 'oldest-first' ? start : total - end;
	const records = await page(client, offset, end - start);
	return order === 'oldest-first' ? records : records.reverse();
}

/**
 * The mailings added since the listing held `total` mailings, the newest known being `newestId`:
 * oldest first. Reads from where the listing reached (oldest-first: after `total`; newest-first:
 * from the top until a known ID). Returns the new total.
 */
export async function newMailings(
	client: ApiClient,
	order: ListingOrder,
	total: number,
	newestId: string | undefined,
): Promise<{ records: IDataObject[]; total: number; requests: number }> {
	const isNew = (record: IDataObject) => {
		const id = recordId(record);
		return id !== undefined && (newestId === undefined || compareIds(id, newestId) > 0);
	};
	const found: IDataObject[] = [];
	let requests = 0;
	for (let offset = order === 'oldest-first' ? total : 0; ; offset += PAGE_SIZE) {
		const rows = await page(client, offset, PAGE_SIZE);
		requests++;
		const fresh = rows.filter(isNew);
		found.push(...fresh);
		if (rows.length < PAGE_SIZE || (order === 'newest-first' && fresh.length < rows.length)) break;
	}
	if (order === 'newest-first') found.reverse();
	return { records: found, total: total + found.length, requests };
}

/** The newest `count` mailings, newest first (for "Fetch Test Event"). */
export async function newestMailings(client: ApiClient, count: number): Promise<IDataObject[]> {
	const first = await page(client, 0, PAGE_SIZE);
	const order = detectOrder(first) ?? 'oldest-first';
	const total = await countMailings(client, first);
	const newest =
		first.length < PAGE_SIZE
			? order === 'oldest-first'
				? [...first]
				: [...first].reverse()
			: await readRanks(client, order, total, total - count, total);
	return newest.reverse().slice(0, count);
}
