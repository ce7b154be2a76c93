import type { IDataObject } from 'n8n-workflow';

/**
 * What the trigger remembers between polls, in the node's workflow static data (never in
 * module variables: in queue mode polls and executions run in different processes).
 * Plain JSON, bounded in size:
 * - per mailing, the replies already output (or recorded as existing at activation), as
 *   `[reply id, d_receiver]`, plus a `floor`: a reply received at or before it counts as seen
 *   (what was forgotten to keep the state small);
 * - mailings that left the watch (outside the window, removed from the list) are dropped;
 * - all mailings together keep at most MAX_SEEN replies, the oldest are forgotten first.
 */
export const STATE_KEY = 'replyTrigger';
export const STATE_VERSION = 1;
/** Replies remembered over all mailings; older ones are folded into the mailing's floor. */
export const MAX_SEEN = 2000;
/** Reply IDs whose mark-as-read failed, retried once by the next poll. */
export const MAX_PENDING_READ = 500;

export type WatchMode = 'recentMailings' | 'specificMailings';

/** A reply as `[id, d_receiver]`. */
export type SeenReply = [string, string];

export interface MailingMemory {
	/** replies already output or recorded, oldest first */
	seen: SeenReply[];
	/** replies received at or before this service time count as seen */
	floor?: string;
}

export interface TriggerState {
	version: number;
	watch: WatchMode;
	mailings: Record<string, MailingMemory>;
	/**
	 * Mailings that existed at activation but were not read yet: when first read, their replies
	 * received at or before the given service time are recorded as existing, not output
	 * ('' = all of them).
	 */
	baseline: Record<string, string>;
	/** the mailing the next poll starts with (the watched mailings are read in turn) */
	cursor?: string;
	/** the latest service time seen (creation of a mailing, receipt of a reply) */
	clock?: string;
	/** Specific Mailings: the IDs watched by the last poll (an ID added later is a baseline) */
	ids?: string[];
	/** Recent Mailings: records of getChatMessages before this offset were outside the window */
	listSkip?: number;
	/** reply IDs whose mark-as-read failed */
	pendingRead: string[];
}

const SERVICE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Whether a service time is well formed (then it sorts as text). */
export function isServiceTime(value: unknown): value is string {
	return typeof value === 'string' && SERVICE_TIME.test(value);
}

/** The later of two service times (ignoring malformed ones). */
export function laterTime(a: string | undefined, b: string | undefined): string | undefined {
	if (!isServiceTime(a)) return isServiceTime(b) ? b : undefined;
	if (!isServiceTime(b)) return a;
	return a >= b ? a : b;
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] {
	return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** Reads the stored state; undefined when there is none (first activation) or it is unreadable. */
export function readState(staticData: IDataObject): TriggerState | undefined {
	const raw = staticData[STATE_KEY];
	if (!isObject(raw) || raw.version !== STATE_VERSION) return undefined;
	if (raw.watch !== 'recentMailings' && raw.watch !== 'specificMailings') return undefined;
	const mailings: Record<string, MailingMemory> = {};
	if (isObject(raw.mailings)) {
		for (const [id, memory] of Object.entries(raw.mailings)) {
			if (!isObject(memory)) continue;
			const seen = (Array.isArray(memory.seen) ? memory.seen : [])
				.filter((entry): entry is SeenReply => Array.isArray(entry) && typeof entry[0] === 'string')
				.map((entry): SeenReply => [entry[0], typeof entry[1] === 'string' ? entry[1] : '']);
			mailings[id] = { seen, ...(isServiceTime(memory.floor) ? { floor: memory.floor } : {}) };
		}
	}
	const baseline: Record<string, string> = {};
	if (isObject(raw.baseline)) {
		for (const [id, before] of Object.entries(raw.baseline)) baseline[id] = typeof before === 'string' ? before : '';
	}
	return {
		version: STATE_VERSION,
		watch: raw.watch,
		mailings,
		baseline,
		cursor: typeof raw.cursor === 'string' ? raw.cursor : undefined,
		clock: isServiceTime(raw.clock) ? raw.clock : undefined,
		ids: Array.isArray(raw.ids) ? stringList(raw.ids) : undefined,
		listSkip: typeof raw.listSkip === 'number' && raw.listSkip >= 0 ? raw.listSkip : undefined,
		pendingRead: stringList(raw.pendingRead),
	};
}

/** Stores the state as plain JSON (undefined members left out). */
export function writeState(staticData: IDataObject, state: TriggerState): void {
	staticData[STATE_KEY] = JSON.parse(JSON.stringify(state)) as IDataObject;
}

export function freshState(watch: WatchMode): TriggerState {
	return { version: STATE_VERSION, watch, mailings: {}, baseline: {}, pendingRead: [] };
}

/** Whether a reply was already output (or recorded) for this mailing. */
export function wasSeen(memory: MailingMemory | undefined, id: string, receivedAt: string): boolean {
	if (!memory) return false;
	if (memory.floor !== undefined && isServiceTime(receivedAt) && receivedAt <= memory.floor) return true;
	return memory.seen.some(([seenId]) => seenId === id);
}

function sortSeen(seen: SeenReply[]): SeenReply[] {
	return seen.sort((a, b) => (a[1] === b[1] ? compareIds(a[0], b[0]) : a[1] < b[1] ? -1 : 1));
}

/** Numeric IDs in number order, others as text. */
export function compareIds(a: string, b: string): number {
	if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length - b.length;
	return a < b ? -1 : a > b ? 1 : 0;
}

export function remember(memory: MailingMemory, replies: SeenReply[]): void {
	const known = new Set(memory.seen.map(([id]) => id));
	for (const reply of replies) if (!known.has(reply[0])) memory.seen.push(reply);
	sortSeen(memory.seen);
}

/**
 * After reading a mailing's unread replies: forgets remembered replies that the service no
 * longer returns and that are older than everything it returns (and than the newest
 * remembered), raising the floor so they still count as seen if they ever come back.
 */
export function forgetReadReplies(memory: MailingMemory, returned: SeenReply[]): void {
	const times = memory.seen.map(([, time]) => time).filter(isServiceTime);
	if (times.length === 0) return;
	let cutoff = times.reduce((a, b) => (a >= b ? a : b));
	for (const [, time] of returned) if (isServiceTime(time) && time < cutoff) cutoff = time;
	const returnedIds = new Set(returned.map(([id]) => id));
	const kept: SeenReply[] = [];
	for (const entry of memory.seen) {
		const [id, time] = entry;
		if (isServiceTime(time) && time < cutoff && !returnedIds.has(id)) {
			memory.floor = laterTime(memory.floor, time);
		} else {
			kept.push(entry);
		}
	}
	memory.seen = kept;
}

/** Keeps at most `max` remembered replies over all mailings, forgetting the oldest first. */
export function capSeen(mailings: Record<string, MailingMemory>, max = MAX_SEEN): void {
	const all: Array<{ mailing: string; entry: SeenReply }> = [];
	for (const [mailing, memory] of Object.entries(mailings)) {
		for (const entry of memory.seen) all.push({ mailing, entry });
	}
	if (all.length <= max) return;
	all.sort((a, b) => (a.entry[1] === b.entry[1] ? compareIds(a.entry[0], b.entry[0]) : a.entry[1] < b.entry[1] ? -1 : 1));
	const evicted = new Map<string, Set<string>>();
	for (const { mailing, entry } of all.slice(0, all.length - max)) {
		const memory = mailings[mailing];
		memory.floor = laterTime(memory.floor, entry[1]);
		if (!evicted.has(mailing)) evicted.set(mailing, new Set());
		evicted.get(mailing)!.add(entry[0]);
	}
	for (const [mailing, ids] of evicted) {
		const memory = mailings[mailing];
		memory.seen = memory.seen.filter(([id, time]) => !ids.has(id) && !(memory.floor !== undefined && isServiceTime(time) && time <= memory.floor));
	}
}
