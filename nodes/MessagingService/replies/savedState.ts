import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../base/guards';
import type { SavedPiece } from '../base/savedPiece';
import { EPOCH_MS, isServiceTime, serviceTimeAt, serviceTimeMs } from '../base/serviceTime';
import type { Faults, MailingFault } from './faults';
import type { ListingOrder } from './listing';

/**
 * What a reply trigger remembers between its rounds (the reply trigger's polls, the chat
 * trigger's sweeps), in the node's workflow static data (never in module variables: in queue mode
 * polls and executions run in different processes). Plain JSON, bounded in size:
 * - the replies already output (or recorded as existing), by reply ID over all mailings, with
 *   their receipt time, at most MAX_SEEN of them (compactly encoded, see `encodeSeen`);
 * - a `floor`: the newest receipt time among the IDs forgotten to stay within MAX_SEEN. An
 *   unknown reply at or before it counts as seen; it stands in only for forgotten IDs, so a
 *   reply newer than every forgotten one is never swallowed, however late it turns up;
 * - `activatedAt`: the activation moment on the service's clock (see reading.ts). Only
 *   replies/reading.ts changes a ReadingState; this file reads and writes its saved form.
 */
const STATE_VERSION = 2;
/** Reply IDs remembered over all mailings; older ones are folded into the floor. */
export const MAX_SEEN = 2000;

/** A trigger's reading state as a piece of its node's static data, and what the trigger calls its rounds. */
export type SavedAs = SavedPiece<ReadingState> & { rounds: string };
/** The reply trigger's key in its node's static data. */
export const STATE_KEY = 'replyTrigger';

function savedAs(key: string, rounds: string, formerKey?: SavedAs['formerKey']): SavedAs {
	return {
		key,
		rounds,
		version: STATE_VERSION,
		bound: { max: MAX_SEEN, of: 'reply IDs' },
		formerKey,
		decode: (saved) => decodeState(saved, rounds),
		encode: (state) => encodeState(state, rounds),
	};
}

/** Each trigger's state under its own key and words; 0.1.0's chat trigger saved its state in the reply trigger's, still read. */
export const SAVED_AS = {
	replyTrigger: savedAs(STATE_KEY, 'polls'),
	chatTrigger: savedAs('chatTrigger', 'sweeps', {
		key: STATE_KEY,
		upgrade: ({ polls, ...saved }) => ({ ...saved, sweeps: polls }),
	}),
} satisfies Record<string, SavedAs>;

export type WatchMode = 'recentMailings' | 'specificMailings';

/** A group of mailings of the schedule (see plan.ts). */
export interface Chunk {
	/** the round when it was last read in full; undefined = never */
	lastRead?: number;
	/** the newest creation time among its mailings (service time) */
	newest?: string;
}

export interface ReadingState {
	watch: WatchMode;
	/** the activation moment on the service's clock; '' = existing replies are output too */
	activatedAt: string;
	/** reply ID → d_receiver of the replies output or recorded */
	seen: Map<string, string>;
	/** replies received at or before this service time count as seen (forgotten IDs) */
	floor?: string;
	/** Specific Mailings: ID → service time it was added (its replies before that are existing) */
	addedAt?: Record<string, string>;
	/** Specific Mailings: the IDs watched by the last poll */
	ids?: string[];
	/** Specific Mailings: the mailing the next poll starts with (the watched mailings are read in turn) */
	cursor?: string;
	/** mailings whose unread replies did not all fit the last poll's Max Replies: read first */
	continueWith?: string[];
	/** mailings whose replies could not be read (see faults.ts) */
	faults?: Faults;
	/** rounds made since activation (the schedule's clock) */
	rounds: number;
	/** Recent Mailings: the listing order detected (undefined until it can be told) */
	order?: ListingOrder;
	/** Recent Mailings: how many mailings the listing held at the last round, and the newest ID */
	total?: number;
	newestId?: string;
	/** Recent Mailings: groups of CHUNK mailings by rank from the oldest, from group `base` on */
	base?: number;
	chunks?: Chunk[];
	/** Recent Mailings: mailings read at every round → their last activity (creation, reply) */
	hot?: Record<string, string>;
	/** Recent Mailings: the hot mailing the next round starts with (when a round could not read all) */
	hotFrom?: string;
	/** reply IDs whose mark-as-read failed */
	pendingRead: string[];
	/** reply IDs emitted whose execution was not seen finished yet (replies/acknowledgment.ts) */
	unacked: string[];
	/** reply IDs to emit again, flagged `redelivered`, when the service still returns them */
	redeliver: string[];
}

/**
 * The remembered reply IDs as one short text: `id:time` entries separated by spaces, a numeric
 * ID in base 36, another ID as `~` + its URI encoding, the receipt time as seconds since
 * EPOCH_MS in base 36 ('' when the service gave no readable time). About 12 characters a reply
 * instead of about 35 as JSON pairs.
 */
const NUMERIC = /^[1-9]\d{0,14}$/;

/** A service time as units (seconds, minutes) since EPOCH_MS in base 36; '' when unreadable. */
function compactTime(time: string | undefined, unitMs: number): string {
	const ms = serviceTimeMs(time);
	return ms === undefined || ms < EPOCH_MS ? '' : Math.floor((ms - EPOCH_MS) / unitMs).toString(36);
}

function timeOfCompact(text: string, unitMs: number): string | undefined {
	const units = text === '' ? NaN : parseInt(text, 36);
	return Number.isFinite(units) ? serviceTimeAt(EPOCH_MS + units * unitMs) : undefined;
}

function encodeId(id: string): string {
	return NUMERIC.test(id) ? Number(id).toString(36) : `~${encodeURIComponent(id)}`;
}

function decodeId(text: string): string | undefined {
	if (text.startsWith('~')) {
		try {
			return decodeURIComponent(text.slice(1));
		} catch {
			return undefined;
		}
	}
	const value = parseInt(text, 36);
	return Number.isSafeInteger(value) ? String(value) : undefined;
}

export function encodeSeen(seen: Map<string, string>): string {
	return [...seen].map(([id, time]) => `${encodeId(id)}:${compactTime(time, 1000)}`).join(' ');
}

function encodeIds(ids: string[]): string {
	return ids.map(encodeId).join(' ');
}

function decodeIds(text: unknown): string[] {
	if (typeof text !== 'string' || text === '') return [];
	return text.split(' ').flatMap((entry) => decodeId(entry) ?? []);
}

export function decodeSeen(text: string): Map<string, string> {
	const seen = new Map<string, string>();
	for (const entry of text.split(' ')) {
		const [idText, timeText = ''] = entry.split(':');
		const id = idText ? decodeId(idText) : undefined;
		if (id !== undefined) seen.set(id, timeOfCompact(timeText, 1000) ?? '');
	}
	return seen;
}

/** Groups as `lastRead.newestMinute` (base 36, '' when unknown) separated by spaces. */
function encodeChunks(chunks: Chunk[]): string {
	return chunks
		.map(
			(chunk) =>
				`${chunk.lastRead === undefined ? '' : chunk.lastRead.toString(36)}.${compactTime(chunk.newest, 60_000)}`,
		)
		.join(' ');
}

function decodeChunks(text: string): Chunk[] {
	if (text === '') return [];
	return text.split(' ').map((entry) => {
		const [read = '', newest = ''] = entry.split('.');
		const lastRead = read === '' ? undefined : parseInt(read, 36);
		const newestTime = timeOfCompact(newest, 60_000);
		return {
			...(lastRead !== undefined && Number.isFinite(lastRead) ? { lastRead } : {}),
			...(newestTime ? { newest: newestTime } : {}),
		};
	});
}

function count(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

function stringList(value: unknown): string[] {
	return Array.isArray(value)
		? value.filter((entry): entry is string => typeof entry === 'string')
		: [];
}

function faultsOf(value: unknown): Faults | undefined {
	if (!isObject(value)) return undefined;
	const faults: Faults = {};
	for (const [id, raw] of Object.entries(value)) {
		if (!isObject(raw) || count(raw.failures) === undefined || count(raw.retryAt) === undefined)
			continue;
		const fault: MailingFault = {
			failures: raw.failures as number,
			retryAt: raw.retryAt as number,
			reason: String(raw.reason ?? ''),
		};
		if (raw.gone === true) fault.gone = true;
		if (raw.reported === true) fault.reported = true;
		faults[id] = fault;
	}
	return Object.keys(faults).length > 0 ? faults : undefined;
}

/** The state from its saved form (version 2); undefined when it is unreadable. */
function decodeState(raw: IDataObject, rounds: string): ReadingState | undefined {
	if (raw.watch !== 'recentMailings' && raw.watch !== 'specificMailings') return undefined;
	const addedAt: Record<string, string> = {};
	if (isObject(raw.addedAt)) {
		for (const [id, at] of Object.entries(raw.addedAt)) if (isServiceTime(at)) addedAt[id] = at;
	}
	return {
		watch: raw.watch,
		activatedAt: isServiceTime(raw.activatedAt) ? raw.activatedAt : '',
		seen: decodeSeen(typeof raw.seen === 'string' ? raw.seen : ''),
		floor: isServiceTime(raw.floor) ? raw.floor : undefined,
		addedAt: Object.keys(addedAt).length > 0 ? addedAt : undefined,
		ids: Array.isArray(raw.ids) ? stringList(raw.ids) : undefined,
		cursor:
			typeof raw.cursor === 'string' && raw.watch === 'specificMailings' ? raw.cursor : undefined,
		// a state of an earlier version kept the one mailing to continue with in `cursor`
		continueWith: Array.isArray(raw.continueWith)
			? stringList(raw.continueWith)
			: typeof raw.cursor === 'string' && raw.watch === 'recentMailings'
				? [raw.cursor]
				: undefined,
		faults: faultsOf(raw.faults),
		rounds: count(raw[rounds]) ?? 0,
		order: raw.order === 'oldest-first' || raw.order === 'newest-first' ? raw.order : undefined,
		total: count(raw.total),
		newestId: typeof raw.newestId === 'string' ? raw.newestId : undefined,
		base: count(raw.base),
		chunks: typeof raw.chunks === 'string' ? decodeChunks(raw.chunks) : undefined,
		hotFrom: typeof raw.hotFrom === 'string' ? raw.hotFrom : undefined,
		hot: isObject(raw.hot)
			? Object.fromEntries(
					Object.entries(raw.hot).filter((entry): entry is [string, string] =>
						isServiceTime(entry[1]),
					),
				)
			: undefined,
		pendingRead: stringList(raw.pendingRead),
		unacked: decodeIds(raw.unacked),
		redeliver: decodeIds(raw.redeliver),
	};
}

/** The state's saved form: plain JSON, undefined and empty members left out, the seen IDs encoded. */
function encodeState(state: ReadingState, roundsAs: string): IDataObject {
	const { seen, chunks, faults, continueWith, rounds, unacked, redeliver, ...rest } = state;
	const encoded = {
		...rest,
		[roundsAs]: rounds,
		seen: encodeSeen(seen),
		...(unacked.length > 0 ? { unacked: encodeIds(unacked) } : {}),
		...(redeliver.length > 0 ? { redeliver: encodeIds(redeliver) } : {}),
		...(chunks ? { chunks: encodeChunks(chunks) } : {}),
		...(faults && Object.keys(faults).length > 0 ? { faults } : {}),
		...(continueWith && continueWith.length > 0 ? { continueWith } : {}),
	};
	return JSON.parse(JSON.stringify(encoded)) as IDataObject;
}

export function freshState(watch: WatchMode, activatedAt: string): ReadingState {
	return {
		watch,
		activatedAt,
		seen: new Map(),
		rounds: 0,
		pendingRead: [],
		unacked: [],
		redeliver: [],
	};
}
