import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { compareIds } from '../base/ids';
import {
	countMailings,
	detectOrder,
	newMailings,
	readRanks,
	recordId,
	type ListingOrder,
} from '../replies/listing';
import { PAGE_SIZE, type ApiClient } from '../transport/client';
import type { Send } from './types';

/** How far Recent Mailings has read the service's mailing lists (saved with the watch list). */
export interface ListingState {
	chat?: { order: ListingOrder; total: number; newestId?: string };
	sms?: { newestId?: string };
}

function newestOf(ids: Array<string | undefined>, start?: string): string | undefined {
	let newest = start;
	for (const id of ids)
		if (id !== undefined && (newest === undefined || compareIds(id, newest) > 0)) newest = id;
	return newest;
}

async function firstPage(client: ApiClient): Promise<IDataObject[]> {
	return await client.many('getChatMessages', { limit_offset: 0, limit_rows: PAGE_SIZE });
}

type ChatListing = NonNullable<ListingState['chat']>;

/** The chat mailings created after those `known` counted, read on from where the list stood then. */
async function readOn(
	client: ApiClient,
	order: ListingOrder,
	known: ChatListing,
	now: number,
): Promise<{ sends: Send[]; chat: ChatListing }> {
	const found = await newMailings(client, order, known.total, known.newestId);
	const ids = found.records.map(recordId).filter((id): id is string => id !== undefined);
	return {
		sends: ids.map((id) => ({ kind: 'chatMailing', id, sentAt: now })),
		chat: { order, total: found.total, newestId: newestOf(ids, known.newestId) },
	};
}

/** Chat mailings (single messages too) created since the last read; the first read only notes where the list stands. */
async function newChatSends(
	client: ApiClient,
	known: ListingState['chat'],
	now: number,
): Promise<{ sends: Send[]; chat: ChatListing }> {
	if (known !== undefined && known.total >= PAGE_SIZE)
		return await readOn(client, known.order, known, now);
	const page = await firstPage(client);
	// a list of one page or less may not have shown its order yet: it is read whole
	const order = detectOrder(page) ?? known?.order ?? 'oldest-first';
	// it outgrew its first page since the last read: what is new may be past that page
	if (known !== undefined && page.length === PAGE_SIZE)
		return await readOn(client, order, known, now);
	const ids = page.map(recordId);
	if (known === undefined) {
		const total = page.length < PAGE_SIZE ? page.length : await countMailings(client, page);
		const newest =
			total > page.length
				? newestOf((await readRanks(client, order, total, total - 1, total)).map(recordId))
				: newestOf(ids);
		return { sends: [], chat: { order, total, newestId: newest } };
	}
	const fresh = ids.filter(
		(id): id is string =>
			id !== undefined && (known.newestId === undefined || compareIds(id, known.newestId) > 0),
	);
	return {
		sends: fresh.sort(compareIds).map((id) => ({ kind: 'chatMailing', id, sentAt: now })),
		chat: { order, total: page.length, newestId: newestOf(ids, known.newestId) },
	};
}

/** SMS mailings created since the last read (getSMSMessages lists them all in one answer). */
async function newSmsSends(
	client: ApiClient,
	known: ListingState['sms'],
	now: number,
): Promise<{ sends: Send[]; sms: NonNullable<ListingState['sms']> }> {
	let failure: unknown;
	const records = await client.many('getSMSMessages', {}).catch((error: unknown) => {
		failure = error;
		return [] as IDataObject[];
	});
	// 406: "content not found", the answer of an account without SMS mailings
	if (failure !== undefined && !(failure instanceof NodeApiError && failure.httpCode === '406'))
		throw failure;
	const ids = records
		.map((record) =>
			record.id === undefined || record.id === null ? undefined : String(record.id),
		)
		.filter((id): id is string => id !== undefined && id !== '');
	const fresh =
		known === undefined
			? []
			: ids.filter((id) => known.newestId === undefined || compareIds(id, known.newestId) > 0);
	return {
		sends: fresh.sort(compareIds).map((id) => ({ kind: 'smsMailing', id, sentAt: now })),
		sms: { newestId: newestOf(ids, known?.newestId) },
	};
}

/** The mailings of the picked channels created since the last poll, from the service's lists. */
export async function listedSends(
	client: ApiClient,
	listing: ListingState | undefined,
	channels: ReadonlyArray<'chat' | 'sms'>,
	now: number,
): Promise<{ sends: Send[]; listing: ListingState }> {
	const next: ListingState = { ...listing };
	const sends: Send[] = [];
	if (channels.includes('chat')) {
		const chat = await newChatSends(client, listing?.chat, now);
		sends.push(...chat.sends);
		next.chat = chat.chat;
	}
	if (channels.includes('sms')) {
		const sms = await newSmsSends(client, listing?.sms, now);
		sends.push(...sms.sends);
		next.sms = sms.sms;
	}
	return { sends, listing: next };
}
