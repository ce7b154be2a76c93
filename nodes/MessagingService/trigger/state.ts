import type { IDataObject } from 'n8n-workflow';

import type { ListingOrder } from './listing';
import { isObject } from '../base/guards';
import { compareIds } from '../base/ids';
import { isServiceTime, laterTime, serviceTimeMs } from '../base/serviceTime';
import type { Faults, MailingFault } from './readFaults';
import { decodeChunks, encodeChunks, type Chunk } from './schedule';
import { decodeSeen, encodeSeen } from './seenEncoding';

/**
 * What the trigger remembers between polls, in the node's workflow static data (never in
 * module variables: in queue mode polls and executions run in different processes).
 * Plain JSON, bounded in size:
 * - the replies already output (or recorded as existing), by reply ID over all mailings, with
 *   their receipt time, at most MAX_SEEN of them (compactly encoded, see seenEncoding.ts);
 * - a `floor`: the newest receipt time among the IDs forgotten to stay within MAX_SEEN. An
 *   unknown reply at or before it counts as seen; it stands in only for forgotten IDs, so a
 *   reply newer than every forgotten one is never swallowed, however late it turns up;
 * - `activatedAt`: the activation moment on the service's clock (see `activationMoment`). The
 *   first poll records every reply it reads as existing, by ID: that needs no clock. A mailing
 *   first read by a later poll has no such record, so there a reply received at or before the
 *   moment counts as existing.
 */
export const STATE_KEY = 'replyTrigger';
export const STATE_VERSION = 2;
/** Reply IDs remembered over all mailings; older ones are folded into the floor. */
export const MAX_SEEN = 2000;
/** Reply IDs whose mark-as-read failed, retried by every poll until it succeeds. */
export const MAX_PENDING_READ = 500;
/** How far n8n's clock and the service's may differ without a new reply being taken for an existing one. */
export const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;

export type WatchMode = 'recentMailings' | 'specificMailings';

/** A reply as `[id, d_receiver]`. */
export type SeenReply = [string, string];

export interface TriggerState {
	version: number;
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
	/** mailings whose replies could not be read (see readFaults.ts) */
	faults?: Faults;
	/** polls made since activation (the schedule's clock) */
	polls: number;
	/** Recent Mailings: the listing order detected (undefined until it can be told) */
	order?: ListingOrder;
	/** Recent Mailings: how many mailings the listing held at the last poll, and the newest ID */
	total?: number;
	newestId?: string;
	/** Recent Mailings: groups of CHUNK mailings by rank from the oldest, from group `base` on */
	base?: number;
	chunks?: Chunk[];
	/** Recent Mailings: mailings read at every poll → their last activity (creation, reply) */
	hot?: Record<string, string>;
	/** Recent Mailings: the hot mailing the next poll starts with (when a poll could not read all) */
	hotFrom?: string;
	/** reply IDs whose mark-as-read failed */
	pendingRead: string[];
}


function count(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

function stringList(value: unknown): string[] {
	return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function faultsOf(value: unknown): Faults | undefined {
	if (!isObject(value)) return undefined;
	const faults: Faults = {};
	for (const [id, raw] of Object.entries(value)) {
		if (!isObject(raw) || count(raw.failures) === undefined || count(raw.retryAt) === undefined) continue;
		const fault: MailingFault = { failures: raw.failures as number, retryAt: raw.retryAt as number, reason: String(raw.reason ?? '') };
		if (raw.gone === true) fault.gone = true;
		if (raw.reported === true) fault.reported = true;
		faults[id] = fault;
	}
	return Object.keys(faults).length > 0 ? faults : undefined;
}

/** Reads the stored state; undefined when there is none (first activation) or it is unreadable. */
export function readState(staticData: IDataObject): TriggerState | undefined {
	const raw = staticData[STATE_KEY];
	if (!isObject(raw) || raw.version !== STATE_VERSION) return undefined;
	if (raw.watch !== 'recentMailings' && raw.watch !== 'specificMailings') return undefined;
	const addedAt: Record<string, string> = {};
	if (isObject(raw.addedAt)) {
		for (const [id, at] of Object.entries(raw.addedAt)) if (isServiceTime(at)) addedAt[id] = at;
	}
	return {
		version: STATE_VERSION,
		watch: raw.watch,
		activatedAt: isServiceTime(raw.activatedAt) ? raw.activatedAt : '',
		seen: decodeSeen(typeof raw.seen === 'string' ? raw.seen : ''),
		floor: isServiceTime(raw.floor) ? raw.floor : undefined,
		addedAt: Object.keys(addedAt).length > 0 ? addedAt : undefined,
		ids: Array.isArray(raw.ids) ? stringList(raw.ids) : undefined,
		cursor: typeof raw.cursor === 'string' && raw.watch === 'specificMailings' ? raw.cursor : undefined,
		// a state of an earlier version kept the one mailing to continue with in `cursor`
		continueWith: Array.isArray(raw.continueWith)
			? stringList(raw.continueWith)
			: typeof raw.cursor === 'string' && raw.watch === 'recentMailings'
				? [raw.cursor]
				: undefined,
		faults: faultsOf(raw.faults),
		polls: count(raw.polls) ?? 0,
		order: raw.order === 'oldest-first' || raw.order === 'newest-first' ? raw.order : undefined,
		total: count(raw.total),
		newestId: typeof raw.newestId === 'string' ? raw.newestId : undefined,
		base: count(raw.base),
		chunks: typeof raw.chunks === 'string' ? decodeChunks(raw.chunks) : undefined,
		hotFrom: typeof raw.hotFrom === 'string' ? raw.hotFrom : undefined,
		hot: isObject(raw.hot)
			? Object.fromEntries(Object.entries(raw.hot).filter((entry): entry is [string, string] => isServiceTime(entry[1])))
			: undefined,
		pendingRead: stringList(raw.pendingRead),
	};
}

/** Stores the state as plain JSON (undefined and empty members left out, the seen IDs encoded). */
export function writeState(staticData: IDataObject, state: TriggerState): void {
	const { seen, chunks, faults, continueWith, ...rest } = state;
	const encoded = {
		...rest,
		seen: encodeSeen(seen),
		...(chunks ? { chunks: encodeChunks(chunks) } : {}),
		...(faults && Object.keys(faults).length > 0 ? { faults } : {}),
		...(continueWith && continueWith.length > 0 ? { continueWith } : {}),
	};
	staticData[STATE_KEY] = JSON.parse(JSON.stringify(encoded)) as IDataObject;
}

export function freshState(watch: WatchMode, activatedAt: string): TriggerState {
	return { version: STATE_VERSION, watch, activatedAt, seen: new Map(), polls: 0, pendingRead: [] };
}

/** Whether a reply was already output or recorded: by its ID, or older than a forgotten one. */
export function wasSeen(state: TriggerState, id: string, receivedAt: string): boolean {
	if (state.seen.has(id)) return true;
	return state.floor !== undefined && isServiceTime(receivedAt) && receivedAt <= state.floor;
}

function serviceTimeAt(ms: number): string {
	return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The activation moment on the service's clock, which n8n cannot read: n8n's clock in the
 * service's time zone (`nowMs`, as UTC) minus CLOCK_TOLERANCE_MS, so that a service clock behind
 * or ahead of n8n's by less than that never makes a new reply look old; or, when later, the
 * newest time the service wrote among what the first poll read (`newestSeen`): the service's own
 * clock had reached it. A time further ahead than the tolerance is an odd date, not the clock.
 */
export function activationMoment(nowMs: number, newestSeen?: string): string {
	const seen = serviceTimeMs(newestSeen);
	const tolerated = nowMs - CLOCK_TOLERANCE_MS;
	return serviceTimeAt(seen !== undefined && seen > tolerated && seen <= nowMs + CLOCK_TOLERANCE_MS ? seen : tolerated);
}

/**
 * Whether a reply existed before the trigger watched its mailing (activation, or ID added), for a
 * mailing the first poll did not read: received at or before that moment. A reply with no
 * readable time counts as new.
 */
export function existedBefore(state: TriggerState, mailingId: string, receivedAt: string): boolean {
	const since = state.addedAt?.[mailingId] ?? state.activatedAt;
	return since !== '' && receivedAt !== '' && receivedAt <= since;
}

export function remember(state: TriggerState, replies: SeenReply[]): void {
	for (const [id, time] of replies) if (!state.seen.has(id)) state.seen.set(id, time);
}


/** Keeps at most `max` remembered replies, forgetting the oldest received first into the floor. */
export function capSeen(state: TriggerState, max = MAX_SEEN): void {
	if (state.seen.size <= max) return;
	const all = [...state.seen.entries()].sort((a, b) =>
		a[1] === b[1] ? compareIds(a[0], b[0]) : a[1] < b[1] ? -1 : 1,
	);
	for (const [id, time] of all.slice(0, all.length - max)) {
		state.seen.delete(id);
		state.floor = laterTime(state.floor, time);
	}
	// IDs at or before the floor are covered by it
	if (state.floor !== undefined) {
		for (const [id, time] of state.seen) if (isServiceTime(time) && time <= state.floor) state.seen.delete(id);
	}
}
