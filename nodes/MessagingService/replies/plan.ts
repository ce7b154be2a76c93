import type { IDataObject } from 'n8n-workflow';

import type { ApiClient } from '../transport/client';
import { PAGE_SIZE } from '../transport/client';
import { compareIds } from '../base/ids';
import { DAY_MS, laterTime, serviceTimeMs } from '../base/serviceTime';
import { countMailings, detectOrder, newMailings, readRanks, recordId } from './listing';
import type { Chunk, ReadingState } from './savedState';

/** Recent Mailings: the chat mailings created in the last this many days are watched. */
export const DEFAULT_DAYS = 7;
/** The service's time zone is not stated: a window edge may be off by up to this much. */
export const TIME_ZONE_ALLOWANCE_MS = 14 * 60 * 60 * 1000;

/** A watched mailing; `record`: what getChatMessages tells about it (Recent Mailings only). */
export type WatchedMailing = { id: string; record?: IDataObject };

/**
 * When each watched mailing is read (Recent Mailings). Replies come to recent mailings, so:
 * - "hot" mailings, created or replied to within the last hour, are read at every poll
 *   (at most MAX_HOT of them, the most recently active first);
 * - the others, in groups of CHUNK mailings by age (a group is one getChatMessages page),
 *   every 2^k polls when the group's newest mailing is between 2^(k-1) and 2^k hours old,
 *   the most overdue first within the poll's budget (a group never read is due, on the schedule
 *   of the next newer group whose age is known; among groups as overdue, the least recently read
 *   first, then the newer).
 * (A round is one of the reply trigger's polls, or one of the chat trigger's minute sweeps.)
 * With the default 100 reads per poll, at most MAX_HOT go to hot mailings and the rest to the
 * groups: a mailing is read within MAX_INTERVAL polls while all that is due fits the budget
 * (about 1,000 mailings), else within about M/50 polls (M watched mailings; measured by
 * scripts/bench/trigger.bench.ts).
 */
export const CHUNK = 20;
export const MAX_HOT = 60;
export const HOT_MS = 60 * 60 * 1000;
/** The longest interval of the doubling schedule (polls): about an hour at one poll a minute. */
export const MAX_INTERVAL = 64;

/** Rounds between two reads of a group whose newest mailing is `ageMs` old. */
export function intervalFor(ageMs: number): number {
	if (!(ageMs > HOT_MS)) return 1;
	return Math.min(MAX_INTERVAL, 2 ** Math.ceil(Math.log2(ageMs / HOT_MS)));
}

/** The groups due, the most overdue first (then the least recently read, then the newest). */
export function chunksByUrgency(chunks: Chunk[], poll: number, nowMs: number): number[] {
	// a group not read yet is at least as old as the next newer one whose age is known (the
	// listing is in creation order): due on that one's schedule, so it gets overdue like any other
	// group and is never starved by young groups that are
	const newest: Array<string | undefined> = [];
	for (let index = chunks.length - 1, known: string | undefined; index >= 0; index--)
		newest[index] = known = chunks[index].newest ?? known;
	const urgency = (chunk: Chunk, index: number) => {
		const created = serviceTimeMs(newest[index]);
		const interval = intervalFor(created === undefined ? Infinity : nowMs - created);
		const ratio = (poll - (chunk.lastRead ?? -1)) / interval;
		return chunk.lastRead === undefined ? Math.max(1, ratio) : ratio;
	};
	// as due: the least recently read first (a group never read before all), then the newer
	const scored = chunks.map((chunk, index) => ({
		index,
		score: urgency(chunk, index),
		lastRead: chunk.lastRead ?? -1,
	}));
	return scored
		.filter(({ score }) => score >= 1)
		.sort((a, b) => b.score - a.score || a.lastRead - b.lastRead || b.index - a.index)
		.map(({ index }) => index);
}

/** A mailing to read this poll; `chunk` = the group it was read for (to mark the group read). */
export interface PlannedRead {
	mailing: WatchedMailing;
	chunk?: number;
	hot?: boolean;
}

/** A mailing the listing showed for the first time, with its creation time as the service wrote it. */
export type FoundMailing = { id: string; created?: string; message?: unknown };

export interface RecentPlan {
	reads: PlannedRead[];
	/** the mailings this listing showed for the first time (all of the newest page at the first poll) */
	found: FoundMailing[];
	/** getChatMessages requests made */
	listings: number;
}

function createdOf(record: IDataObject): string | undefined {
	return typeof record.d_create === 'string' ? record.d_create : undefined;
}

export function makeHot(state: ReadingState, id: string, at: string | undefined): void {
	const hot = (state.hot ??= {});
	const later = laterTime(hot[id], at);
	if (later) hot[id] = later;
}

/** Keeps the hot mailings active within the last hour, at most MAX_HOT, the most recent first. */
function coolDown(state: ReadingState, nowMs: number): void {
	const entries = Object.entries(state.hot ?? {})
		.filter(([, at]) => nowMs - (serviceTimeMs(at) ?? 0) < HOT_MS)
		.sort((a, b) => (a[1] === b[1] ? compareIds(b[0], a[0]) : a[1] < b[1] ? 1 : -1))
		.slice(0, MAX_HOT);
	state.hot = Object.fromEntries(entries);
}

function noteInChunk(chunks: Chunk[], base: number, rank: number, created: unknown): void {
	const index = Math.floor(rank / CHUNK) - base;
	if (index < 0) return;
	while (chunks.length <= index) chunks.push({});
	chunks[index].newest = laterTime(
		chunks[index].newest,
		typeof created === 'string' ? created : undefined,
	);
}

/** Pages of mailings added since the last listing that one relisting reads; older ones are left to their groups. */
const RELIST_PAGES = 10;

/**
 * Reads the listing from the top (the first poll, or while its order could not be told): its
 * order, its total and its newest page, taken into the schedule. Returns the mailings ranked at or after
 * the total known before, oldest first.
 */
async function relist(
	client: ApiClient,
	state: ReadingState,
	nowMs: number,
): Promise<{ found: FoundMailing[]; requests: number }> {
	const chunks = (state.chunks ??= []);
	const base = (state.base ??= 0);
	const first = await client.many('getChatMessages', { limit_offset: 0, limit_rows: PAGE_SIZE });
	const order = detectOrder(first) ?? 'oldest-first';
	const before = state.total ?? 0;
	const total = await countMailings(client, first);
	let requests = 1 + Math.max(0, Math.ceil(Math.log2(Math.max(1, total / PAGE_SIZE))) * 2);
	// the newest page at the first poll; later, every mailing added since (up to RELIST_PAGES pages)
	const from = Math.max(
		total - (state.total === undefined ? 1 : RELIST_PAGES) * PAGE_SIZE,
		state.total ?? 0,
		0,
	);
	let newest: IDataObject[] = [];
	if (first.length < PAGE_SIZE)
		newest = order === 'oldest-first' ? [...first] : [...first].reverse();
	else {
		for (let at = from; at < total; at += PAGE_SIZE, requests++)
			newest.push(...(await readRanks(client, order, total, at, Math.min(total, at + PAGE_SIZE))));
		newest = newest.slice(-(total - from));
	}
	if (detectOrder(first) !== undefined) state.order = order;
	state.total = total;
	const found: FoundMailing[] = [];
	for (let rank = total - newest.length, n = 0; n < newest.length; rank++, n++) {
		const record = newest[n];
		noteInChunk(chunks, base, rank, record.d_create);
		const id = recordId(record);
		if (id === undefined) continue;
		if (state.newestId === undefined || compareIds(id, state.newestId) > 0) state.newestId = id;
		if (rank < before) continue;
		const created = createdOf(record);
		found.push({ id, created, message: record.message });
		const createdMs = serviceTimeMs(created);
		if (createdMs !== undefined && nowMs - createdMs < HOT_MS) makeHot(state, id, created);
	}
	while (chunks.length < Math.ceil(total / CHUNK) - base) chunks.push({});
	return { found, requests };
}

/**
 * The mailings created since the listing was last read, taken into the schedule: in their group,
 * and hot. Returns them, oldest first. While the listing's order is not known (it held at
 * most one mailing) it is read from the top again, as at the first poll.
 */
export async function discoverNewMailings(
	client: ApiClient,
	state: ReadingState,
	nowMs: number,
): Promise<{ found: FoundMailing[]; requests: number }> {
	if (state.order === undefined || state.total === undefined)
		return await relist(client, state, nowMs);
	const chunks = (state.chunks ??= []);
	const found = await newMailings(client, state.order, state.total, state.newestId);
	const mailings: FoundMailing[] = [];
	found.records.forEach((record, n) => {
		noteInChunk(chunks, (state.base ??= 0), state.total! + n, record.d_create);
		const id = recordId(record);
		if (id === undefined) return;
		state.newestId = id;
		const created = createdOf(record);
		makeHot(state, id, created);
		mailings.push({ id, created, message: record.message });
	});
	state.total = found.total;
	return { found: mailings, requests: found.requests };
}

/**
 * Finds what is new in the listing (all of it at the first poll: the order and the total, and
 * the newest page) and plans this poll's reads: a continued mailing, the hot ones, then the
 * groups most due, within `maxReads` mailings.
 */
export async function planRecent(
	client: ApiClient,
	state: ReadingState,
	options: {
		days: number;
		nowMs: number;
		maxReads: number;
		/** read first: mailings whose replies did not all fit the last poll */
		continueWith: string[];
		/** read after the hot ones: failed mailings due to be tried again */
		retry: string[];
		/** false for a mailing not to read this poll (failing, not due yet) */
		isDue: (id: string) => boolean;
	},
): Promise<RecentPlan> {
	const { nowMs } = options;
	const windowStart = nowMs - options.days * DAY_MS - TIME_ZONE_ALLOWANCE_MS;
	const inWindow = (record: IDataObject) => {
		const created = serviceTimeMs(record.d_create);
		return created === undefined || created >= windowStart;
	};
	const chunks = (state.chunks ??= []);
	state.base ??= 0;

	const listed =
		state.order === undefined || state.total === undefined
			? await relist(client, state, nowMs)
			: await discoverNewMailings(client, state, nowMs);
	let listings = listed.requests;
	coolDown(state, nowMs);

	const reads: PlannedRead[] = [];
	const planned = new Set<string>();
	const add = (read: PlannedRead) => {
		if (planned.has(read.mailing.id) || !options.isDue(read.mailing.id)) return false;
		planned.add(read.mailing.id);
		reads.push(read);
		return true;
	};
	for (const id of options.continueWith) add({ mailing: { id } });
	// from where the last poll stopped, if it could not read them all (reads or time ran out)
	const hot = Object.keys(state.hot ?? {}).sort(compareIds);
	const from = state.hotFrom;
	const start =
		from === undefined
			? 0
			: Math.max(
					0,
					hot.findIndex((id) => compareIds(id, from) >= 0),
				);
	for (const id of [...hot.slice(start), ...hot.slice(0, start)])
		add({ mailing: { id }, hot: true });
	for (const id of options.retry) add({ mailing: { id } });

	// groups wholly before the window are dropped from the front
	while (
		chunks.length > 1 &&
		chunks[0].newest !== undefined &&
		(serviceTimeMs(chunks[0].newest) ?? Infinity) < windowStart
	) {
		chunks.shift();
		state.base++;
	}
	for (const index of chunksByUrgency(chunks, state.rounds, nowMs)) {
		if (reads.length + CHUNK > options.maxReads && reads.length > 0) break;
		const from = (state.base + index) * CHUNK;
		const records = await readRanks(
			client,
			state.order ?? 'oldest-first',
			state.total ?? 0,
			from,
			from + CHUNK,
		);
		listings++;
		const watched = records.filter(inWindow);
		const chunk = chunks[index];
		for (const record of records)
			chunk.newest = laterTime(
				chunk.newest,
				typeof record.d_create === 'string' ? record.d_create : undefined,
			);
		let size = 0;
		for (const record of watched) {
			const id = recordId(record);
			if (id !== undefined && add({ mailing: { id, record }, chunk: index })) size++;
		}
		// a group with nothing to read is read; the others when each of their mailings was (reading.ts)
		if (size === 0) chunk.lastRead = state.rounds;
	}
	return { reads, found: listed.found, listings };
}
