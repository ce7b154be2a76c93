import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../base/guards';
import { loadPiece, restoreSavedForm, savePiece, type SavedPiece } from '../base/savedPiece';
import {
	applyHandoffChange,
	type HandBackReason,
	type HandoffChange,
	type HandoffRecord,
} from './change';
import { MAX_HANDOFF_PHONES, MIRROR, type HandoffMirror } from './mirror';

/** A phone back with the bot and its catch-up delivered is forgotten this long after the hand-back. */
export const RECORD_KEPT_MS = 24 * 60 * 60_000;
/** Catch-up entries kept per phone (the newest)... */
export const MAX_CATCH_UP_ENTRIES = 40;
/** ...each text cut to this many characters... */
export const CATCH_UP_TEXT_MAX = 500;
/** ...and this many characters over all phones (the longest logs lose their oldest entries first). */
export const CATCH_UP_TOTAL_MAX = 200_000;
/** Change IDs remembered as applied (each change is applied once). */
const APPLIED_KEPT = 4000;
/** Where the state is saved in the node's static data. */
export const HANDOFF_KEY = 'chatHandoff';

export interface CatchUpEntry {
	from: 'customer' | 'person';
	text: string;
	/** epoch ms */
	at: number;
	/** the person's: the mailing it was */
	mailing?: string;
}

interface PhoneHandoff extends HandoffRecord {
	/** what was said while a person had it, oldest first; delivered with the phone's next bot turn */
	log?: CatchUpEntry[];
	/** entries dropped from the log by the bounds */
	dropped?: number;
	/** the log waits for the next bot turn (set when the conversation goes back to the bot) */
	catchUpDue?: boolean;
}

/** What a finished hold looks like once the bot has the phone again. */
export interface HandBack {
	phone: string;
	at: number;
	reason: HandBackReason;
}

/**
 * Who has each conversation, owned by the Chat Trigger: changes are queued (`take`, from the
 * in-process channel and the done promises) and applied at the trigger's next release, each
 * once by id, the newest `at` winning per phone; holds end by their time limit or the person's
 * silence. Saved in the node's static data with each emit and mirrored into the workflow's global
 * static data for executions (mirror.ts, view.ts). Bounded: MAX_HANDOFF_PHONES
 * phones, the catch-up log by entries, text and total characters.
 */
export class HandoffState {
	private readonly phones = new Map<string, PhoneHandoff>();
	private readonly applied = new Set<string>();
	private inbox: HandoffChange[] = [];
	private changed = true;
	private lastTrimAt = -Infinity;
	/** the records as last saved (serialised again only when something changed) */
	private saved?: { node: IDataObject; mirror: Record<string, HandoffRecord> };

	constructor(private readonly warn: (message: string) => void = () => {}) {}

	get size(): number {
		return this.phones.size;
	}

	/** A change to apply at the next `apply` (once, whatever the number of channels that bring it). */
	take(change: HandoffChange): void {
		if (!this.applied.has(change.id)) this.inbox.push(change);
	}

	/** The changes taken, oldest first, then the holds whose time is over; returns the hand-backs. */
	apply(now: number): HandBack[] {
		const handBacks: HandBack[] = [];
		const inbox = this.inbox.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
		this.inbox = [];
		for (const change of inbox) {
			if (this.applied.has(change.id)) continue;
			this.markApplied(change.id);
			const before = this.phones.get(change.phone);
			const next = applyHandoffChange(before, change);
			if (!next) continue;
			this.changed = true;
			const entry: PhoneHandoff = {
				...next,
				log: before?.log,
				dropped: before?.dropped,
				catchUpDue: before?.catchUpDue,
			};
			if (next.holder === 'bot' && before?.holder === 'person') {
				entry.catchUpDue = true;
				handBacks.push({ phone: change.phone, at: change.at, reason: 'handedBack' });
			}
			if (next.holder === 'person') entry.catchUpDue = false;
			this.phones.set(change.phone, entry);
		}
		for (const [phone, entry] of this.phones) {
			const end = entry.holder === 'person' ? endOf(entry, now) : undefined;
			if (end) {
				this.endHold(phone, entry, end.at, end.reason);
				handBacks.push({ phone, ...end });
			}
		}
		// the bounds are checked when something changed, and once a minute for the records that expire
		if (this.changed || now - this.lastTrimAt >= 60_000) {
			this.lastTrimAt = now;
			this.trim(now);
		}
		return handBacks;
	}

	private markApplied(id: string): void {
		this.applied.add(id);
		if (this.applied.size > APPLIED_KEPT) this.applied.delete(this.applied.values().next().value!);
	}

	private endHold(phone: string, entry: PhoneHandoff, at: number, reason: HandBackReason): void {
		this.changed = true;
		this.phones.set(phone, {
			holder: 'bot',
			changeId: `end:${entry.changeId}`,
			changeAt: Math.max(at, entry.changeAt),
			handedOverAt: entry.handedOverAt,
			handedBackAt: at,
			handBackReason: reason,
			log: entry.log,
			dropped: entry.dropped,
			catchUpDue: true,
		});
	}

	holderOf(phone: string): 'bot' | 'person' {
		return this.phones.get(phone)?.holder ?? 'bot';
	}

	record(phone: string): HandoffRecord | undefined {
		return this.phones.get(phone);
	}

	/**
	 * Something said while a person has the phone (no-op when the bot has it). The person's message
	 * found only after the hand-back (the listing runs every few seconds) still joins the catch-up
	 * while that is not taken, when the service dates it before the hand-back.
	 */
	note(phone: string, entry: CatchUpEntry, personActivity: boolean): boolean {
		const record = this.phones.get(phone);
		if (!record) return false;
		const foundLate =
			record.holder === 'bot' &&
			personActivity &&
			record.catchUpDue === true &&
			entry.at <= (record.handedBackAt ?? record.changeAt);
		if (record.holder !== 'person' && !foundLate) return false;
		if (personActivity) {
			if (entry.at < (record.handedOverAt ?? record.changeAt) - 1000) return false;
			if (!foundLate) record.lastPersonAt = Math.max(record.lastPersonAt ?? 0, entry.at);
		}
		const log = (record.log ??= []);
		log.push({ ...entry, text: entry.text.slice(0, CATCH_UP_TEXT_MAX) });
		log.sort((a, b) => a.at - b.at);
		while (log.length > MAX_CATCH_UP_ENTRIES) {
			log.shift();
			record.dropped = (record.dropped ?? 0) + 1;
		}
		this.changed = true;
		return true;
	}

	/**
	 * The mailing was the bot's after all (its sending execution ended after the trigger had noted
	 * it): out of the catch-up, and the person's latest activity is what remains of theirs.
	 */
	unnotePerson(mailing: string): void {
		for (const record of this.phones.values()) {
			const log = record.log ?? [];
			const kept = log.filter((entry) => entry.from !== 'person' || entry.mailing !== mailing);
			if (kept.length === log.length) continue;
			record.log = kept;
			if (record.holder === 'person')
				record.lastPersonAt = Math.max(
					record.handedOverAt ?? record.changeAt,
					...kept.filter((entry) => entry.from === 'person').map((entry) => entry.at),
				);
			this.changed = true;
		}
	}

	/** The catch-up of a bot turn of the phone, once: what was said while a person had it, and how that ended. */
	takeCatchUp(
		phone: string,
	):
		| { log: CatchUpEntry[]; dropped: number; handedBackAt: number; reason: HandBackReason }
		| undefined {
		const record = this.phones.get(phone);
		if (!record || record.holder !== 'bot' || !record.catchUpDue) return undefined;
		const catchUp = {
			log: record.log ?? [],
			dropped: record.dropped ?? 0,
			handedBackAt: record.handedBackAt ?? record.changeAt,
			reason: record.handBackReason ?? 'handedBack',
		};
		record.catchUpDue = false;
		delete record.log;
		delete record.dropped;
		this.changed = true;
		return catchUp;
	}

	/** Bot records past RECORD_KEPT_MS go; then, past the bounds, the oldest. */
	private trim(now: number): void {
		for (const [phone, entry] of this.phones) {
			if (
				entry.holder === 'bot' &&
				!entry.catchUpDue &&
				now - (entry.handedBackAt ?? entry.changeAt) > RECORD_KEPT_MS
			) {
				this.phones.delete(phone);
				this.changed = true;
			}
		}
		if (this.phones.size > MAX_HANDOFF_PHONES) {
			const byAge = [...this.phones.entries()].sort(
				([, a], [, b]) => rank(a) - rank(b) || a.changeAt - b.changeAt,
			);
			for (const [phone, entry] of byAge.slice(0, this.phones.size - MAX_HANDOFF_PHONES)) {
				if (entry.holder === 'person')
					this.warn(
						`Messaging Service Chat Trigger: more than ${MAX_HANDOFF_PHONES} conversations with a person; the one handed over longest ago (${phone}) goes back to the bot`,
					);
				this.phones.delete(phone);
			}
			this.changed = true;
		}
		let total = 0;
		for (const entry of this.phones.values())
			for (const { text } of entry.log ?? []) total += text.length;
		while (total > CATCH_UP_TOTAL_MAX) {
			const longest = [...this.phones.values()].reduce((a, b) =>
				(b.log?.length ?? 0) > (a.log?.length ?? 0) ? b : a,
			);
			const removed = longest.log?.shift();
			if (!removed) break;
			longest.dropped = (longest.dropped ?? 0) + 1;
			total -= removed.text.length;
			this.changed = true;
		}
	}

	/** Writes the state into the node's static data and the copy executions read into the global one. */
	save(
		nodeStaticData: IDataObject,
		globalStaticData: IDataObject,
		zone: string,
		known: string[],
	): void {
		if (this.changed || !this.saved) {
			this.saved = {
				node: savePiece(nodeStaticData, HANDOFF, { phones: this.phones, applied: this.applied }),
				mirror: this.mirror(zone, []).phones,
			};
			this.changed = false;
		} else restoreSavedForm(nodeStaticData, HANDOFF, this.saved.node);
		savePiece(globalStaticData, MIRROR, {
			zone,
			phones: this.saved.mirror,
			known: known.join(' '),
			savedAt: Date.now(),
		});
	}

	/** The copy executions read: the records without their logs, and the phones the trigger knows. */
	mirror(zone: string, known: string[]): HandoffMirror {
		const phones: Record<string, HandoffRecord> = {};
		for (const [phone, entry] of this.phones) {
			const record: HandoffRecord = { ...entry };
			for (const key of ['log', 'dropped', 'catchUpDue'])
				delete (record as unknown as IDataObject)[key];
			phones[phone] = JSON.parse(JSON.stringify(record)) as HandoffRecord;
		}
		return { zone, phones, known: known.join(' ') };
	}

	static load(staticData: IDataObject, warn?: (message: string) => void): HandoffState {
		const state = new HandoffState(warn);
		const saved = loadPiece(staticData, HANDOFF);
		for (const [phone, entry] of saved?.phones ?? []) state.phones.set(phone, entry);
		for (const id of saved?.applied ?? []) state.applied.add(id);
		return state;
	}
}

/** The records and the change IDs applied, in the node's static data. */
const HANDOFF: SavedPiece<{ phones: Map<string, PhoneHandoff>; applied: Set<string> }> = {
	key: HANDOFF_KEY,
	version: 1,
	bound: { max: MAX_HANDOFF_PHONES, of: 'phones' },
	encode: ({ phones, applied }) => ({
		phones: JSON.parse(JSON.stringify(Object.fromEntries(phones))) as IDataObject,
		applied: [...applied].join(' '),
	}),
	decode: (raw) => {
		if (!isObject(raw.phones)) return undefined;
		const phones = new Map<string, PhoneHandoff>();
		for (const [phone, entry] of Object.entries(raw.phones)) {
			if (
				isObject(entry) &&
				(entry.holder === 'bot' || entry.holder === 'person') &&
				typeof entry.changeId === 'string' &&
				typeof entry.changeAt === 'number'
			) {
				phones.set(phone, entry as unknown as PhoneHandoff);
			}
		}
		const applied = new Set(
			typeof raw.applied === 'string' ? raw.applied.split(' ').filter((id) => id !== '') : [],
		);
		return { phones, applied };
	},
};

/** Bot records go before person holds when the bound is reached. */
function rank(entry: PhoneHandoff): number {
	return entry.holder === 'person' ? 1 : 0;
}

/** When and why a person's hold is over at `now`: its time limit, or the person silent for the limit. */
function endOf(
	entry: HandoffRecord,
	now: number,
): { at: number; reason: HandBackReason } | undefined {
	const limitAt = entry.untilMs;
	const silentAt =
		(entry.silenceMs ?? 0) > 0
			? (entry.lastPersonAt ?? entry.changeAt) + entry.silenceMs!
			: undefined;
	const candidates: Array<{ at: number; reason: HandBackReason }> = [];
	if (limitAt !== undefined && now >= limitAt)
		candidates.push({ at: limitAt, reason: 'timeLimit' });
	if (silentAt !== undefined && now >= silentAt)
		candidates.push({ at: silentAt, reason: 'personSilent' });
	return candidates.sort((a, b) => a.at - b.at)[0];
}
