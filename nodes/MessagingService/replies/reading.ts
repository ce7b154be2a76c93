import type { IDataObject, INode } from 'n8n-workflow';

import type { ApiClient } from '../transport/client';
import { compareIds } from '../base/ids';
import { loadPiece, restoreSavedForm, savedForm, savePiece } from '../base/savedPiece';
import {
	isServiceTime,
	laterTime,
	serviceNow,
	serviceTimeAt,
	serviceTimeMs,
} from '../base/serviceTime';
import {
	classifyReadError,
	faultReport,
	isDue,
	noteFailure,
	unreported,
	type Faults,
	type ReadFailure,
} from './faults';
import { MAX_UNACKED, REDELIVER_AFTER_MS, type Ledger } from './acknowledgment';
import { markOutputRead } from './markAsRead';
import {
	discoverNewMailings,
	HOT_MS,
	makeHot,
	planRecent,
	type FoundMailing,
	type PlannedRead,
	type RecentPlan,
} from './plan';
import { unreadReplies, type Reply } from './reply';
import {
	freshState,
	MAX_SEEN,
	SAVED_AS,
	type ReadingState,
	type SavedAs,
	type WatchMode,
} from './savedState';

const SAVED = SAVED_AS.replyTrigger;

/** The state this process saved last, when the one n8n loaded is older (its rounds fewer): n8n's durable scheduler saves it only with an emit. */
export function restoreNewerState(staticData: IDataObject, ledger: Ledger): void {
	const loaded = savedForm(staticData, SAVED);
	const loadedRounds =
		typeof loaded?.[SAVED.rounds] === 'number' ? (loaded[SAVED.rounds] as number) : -1;
	if (ledger.saved && ledger.saved.rounds > loadedRounds)
		restoreSavedForm(staticData, SAVED, structuredClone(ledger.saved.state));
}

/** What this process saved last (see restoreNewerState). */
export function noteSavedState(staticData: IDataObject, ledger: Ledger): void {
	const state = savedForm(staticData, SAVED);
	if (state && typeof state[SAVED.rounds] === 'number')
		ledger.saved = { rounds: state[SAVED.rounds] as number, state: structuredClone(state) };
}

/** How far n8n's clock and the service's may differ without a new reply being taken for an existing one. */
export const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * The activation moment on the service's clock, which n8n cannot read: n8n's clock in the
 * service's time zone (`nowMs`, as UTC) minus CLOCK_TOLERANCE_MS, so that a service clock behind
 * or ahead of n8n's by less than that never makes a new reply look old; or, when later, the
 * newest time the service wrote among what the first poll read (`newestSeen`): the service's own
 * clock had reached it. A time further ahead than the tolerance is an odd date, not the clock.
 */
function activationMoment(nowMs: number, newestSeen?: string): string {
	const seen = serviceTimeMs(newestSeen);
	const tolerated = nowMs - CLOCK_TOLERANCE_MS;
	return serviceTimeAt(
		seen !== undefined && seen > tolerated && seen <= nowMs + CLOCK_TOLERANCE_MS ? seen : tolerated,
	);
}

/**
 * n8n starts saving a trigger's state and the execution it emits side by side, waiting for
 * neither: a process stopped in that moment can leave an execution whose replies the saved state
 * does not know. So a reply received before this process started the trigger, which another
 * process may have emitted, is flagged `redelivered` when the state does not know it as handled.
 * A reply of the second this process started is not: the stopped process had stopped before n8n
 * started again, which takes longer than a second (and than the service's clock runs ahead of n8n's).
 */
export function unsureBefore(ledger: Ledger, zone: string): string {
	return serviceNow(zone, ledger.startedAt);
}

/** Which new replies another process may have emitted: received before `before` (see `unsureBefore`), and not emitted by this one. */
export interface UnsureReplies {
	before: string;
	emittedHere?: (id: string) => boolean;
}

/** A read of one mailing: its new replies, or why it could not be read (the fault noted, unless rate-limited). */
export type ReadOutcome = { replies: Reply[] } | { failure: ReadFailure; error: Error };

/**
 * The reply kernel's face: one trigger's reading of replies over its rounds (the reply trigger's
 * polls, the chat trigger's minute sweeps), and the only code that changes its state. It plans
 * what to read when, reads one mailing (its new replies only, its fault noted or cleared),
 * remembers what was output, marks it read and reports faults; `save()` writes the state into
 * the node's static data.
 */
export class ReplyReading {
	/** replies handed out as new and not remembered yet (found this poll, or held in a turn) */
	private readonly taken = new Set<string>();
	/** the planned groups not read in full yet: index → the round they were planned in and their mailings left */
	private readonly groups = new Map<number, { round: number; left: Set<string> }>();
	/** Specific Mailings: the mailings added to the list this round, and the one the turn goes on with after each */
	private readonly justAdded = new Set<string>();
	private readonly next = new Map<string, string>();
	private newestSeen: string | undefined;

	private constructor(
		private readonly staticData: IDataObject,
		private readonly as: SavedAs,
		private readonly state: ReadingState,
		/** no saved state for this watch: the first round */
		private readonly first: boolean,
		/** the first round's reads record what they find as existing (the reply trigger's first poll) */
		private readonly recording: boolean,
		private readonly warn: (message: string) => void,
		private readonly unsure?: UnsureReplies,
	) {}

	/**
	 * The saved reading, or a fresh one from the activation moment (`outputExisting`: from the
	 * start of time, when nothing was saved). `recordsFirstRound`: the first round's reads record
	 * the replies they find as existing, by ID (the reply trigger's first poll). `unsure`: the
	 * replies to flag as perhaps emitted by another process (see `unsureBefore`).
	 */
	static open(
		options: {
			staticData: IDataObject;
			of: keyof typeof SAVED_AS;
			watch: WatchMode;
			nowMs: number;
			outputExisting: boolean;
			recordsFirstRound: boolean;
			unsure?: UnsureReplies;
		},
		warn: (message: string) => void,
	): ReplyReading {
		const as = SAVED_AS[options.of];
		const saved = loadPiece(options.staticData, as);
		const first = saved?.watch !== options.watch;
		const state =
			saved !== undefined && !first
				? saved
				: freshState(
						options.watch,
						saved === undefined && options.outputExisting ? '' : activationMoment(options.nowMs),
					);
		return new ReplyReading(
			options.staticData,
			as,
			state,
			first,
			first && options.recordsFirstRound && state.activatedAt !== '',
			warn,
			options.unsure,
		);
	}

	private get faults(): Faults {
		return (this.state.faults ??= {});
	}

	/** Whether the mailing is read now (a failing one waits for its retry round). */
	isDue(id: string): boolean {
		return isDue(this.faults, id, this.state.rounds);
	}

	/** Recent Mailings: what the listing shows that is new, and this round's reads (see plan.ts). */
	async planRecent(
		client: ApiClient,
		options: { days: number; nowMs: number; maxReads: number },
	): Promise<RecentPlan> {
		const plan = await planRecent(client, this.state, {
			...options,
			continueWith: this.state.continueWith ?? [],
			retry: Object.keys(this.faults).filter((id) => this.isDue(id)),
			isDue: (id) => this.isDue(id),
		});
		this.groups.clear();
		for (const { mailing, chunk } of plan.reads) {
			if (chunk === undefined) continue;
			const group = this.groups.get(chunk) ?? { round: this.state.rounds, left: new Set<string>() };
			group.left.add(mailing.id);
			this.groups.set(chunk, group);
		}
		return plan;
	}

	/** Recent Mailings: the mailings created since the listing was last read (see plan.ts). */
	async discover(
		client: ApiClient,
		nowMs: number,
	): Promise<{ found: FoundMailing[]; requests: number }> {
		return await discoverNewMailings(client, this.state, nowMs);
	}

	/** Recent Mailings: the hot mailings (read at every round) and their last activity. */
	hotMailings(): Array<[string, string]> {
		return Object.entries(this.state.hot ?? {});
	}

	/**
	 * Specific Mailings: watches `ids` (one added since the last poll has its replies from before
	 * counted as existing) and plans this poll's reads: the mailings left over from the last poll,
	 * then the IDs in turn from where the last poll stopped, those due only, at most `max`.
	 */
	planSpecific(ids: string[], max: number, nowMs: number): PlannedRead[] {
		const before = this.first ? undefined : new Set(this.state.ids ?? []);
		const addedAt: Record<string, string> = {};
		for (const id of ids) {
			if (before && !before.has(id)) this.justAdded.add(id);
			const since = this.justAdded.has(id) ? activationMoment(nowMs) : this.state.addedAt?.[id];
			if (since) addedAt[id] = since;
		}
		for (const id of Object.keys(this.faults)) if (!ids.includes(id)) delete this.faults[id];
		this.state.addedAt = Object.keys(addedAt).length > 0 ? addedAt : undefined;
		this.state.ids = ids;
		const cursor = this.state.cursor;
		const start =
			cursor === undefined
				? 0
				: Math.max(
						0,
						ids.findIndex((id) => compareIds(id, cursor) >= 0),
					);
		const first = (this.state.continueWith ?? []).filter((id) => ids.includes(id));
		const turn = [...ids.slice(start), ...ids.slice(0, start)].filter((id) => !first.includes(id));
		for (const id of turn) this.next.set(id, ids[(ids.indexOf(id) + 1) % ids.length]);
		return [...first, ...turn]
			.filter((id) => this.isDue(id))
			.slice(0, max)
			.map((id) => ({ mailing: { id } }));
	}

	/**
	 * Reads one mailing's unread replies and returns the new ones, oldest first: not output before,
	 * not existing before the mailing was watched, not handed out already. A failure is noted as
	 * the mailing's fault (skipped with backoff), except the service's request limit, which holds
	 * for every mailing. A mailing read, or whose fault is noted, counts for its group's schedule.
	 */
	async read(client: ApiClient, mailingId: string, nowMs: number): Promise<ReadOutcome> {
		let replies: Reply[];
		try {
			replies = await unreadReplies(client, mailingId, nowMs);
		} catch (error) {
			const failure = classifyReadError(error);
			if (failure === 'rateLimited') return { failure, error: error as Error };
			noteFailure(this.faults, mailingId, failure, (error as Error).message, this.state.rounds);
			if (failure === 'gone' && this.state.hot) delete this.state.hot[mailingId];
			this.warn(
				`Messaging Service: the replies to mailing ${mailingId} could not be read; the other mailings are read as usual: ${(error as Error).message}`,
			);
			this.passOver(mailingId);
			return { failure, error: error as Error };
		}
		delete this.faults[mailingId];
		this.passOver(mailingId);
		// the first poll records what it reads; later, what was received before activation is
		// known as existing by its time, on whichever round its mailing is first read
		if (this.recording || this.justAdded.has(mailingId)) {
			this.remember(replies);
			for (const reply of replies) this.newestSeen = laterTime(this.newestSeen, reply.receivedAt);
		}
		const fresh: Reply[] = [];
		const redeliver = new Set(this.state.redeliver);
		for (const reply of replies) {
			if (!this.isNew(mailingId, reply, redeliver)) continue;
			this.taken.add(reply.id);
			fresh.push(
				redeliver.has(reply.id) || this.perhapsEmittedElsewhere(reply)
					? { ...reply, redelivered: true }
					: reply,
			);
			if (
				this.state.watch === 'recentMailings' &&
				nowMs - (serviceTimeMs(reply.receivedAt) ?? nowMs) < HOT_MS
			)
				makeHot(this.state, mailingId, reply.receivedAt || serviceTimeAt(nowMs));
		}
		return { replies: fresh };
	}

	/** The mailing's read is done for this round (read, failed, or read lately enough): its group and the turn move on. */
	passOver(mailingId: string): void {
		const next = this.next.get(mailingId);
		if (next !== undefined) this.state.cursor = next;
		for (const [index, group] of this.groups) {
			if (!group.left.delete(mailingId) || group.left.size > 0) continue;
			const chunk = this.state.chunks?.[index];
			if (chunk) chunk.lastRead = group.round;
			this.groups.delete(index);
		}
	}

	/**
	 * The one "is it new" filter: not handed out already, not output or recorded (by its ID, or
	 * older than a forgotten one), not received at or before its mailing was watched (activation,
	 * or ID added; a reply with no readable time is new). A reply to emit again is new until handed out.
	 */
	private isNew(mailingId: string, { id, receivedAt }: Reply, redeliver: Set<string>): boolean {
		const { seen, floor, addedAt, activatedAt } = this.state;
		if (this.taken.has(id)) return false;
		if (redeliver.has(id)) return true;
		if (seen.has(id) || (floor !== undefined && isServiceTime(receivedAt) && receivedAt <= floor))
			return false;
		const since = addedAt?.[mailingId] ?? activatedAt;
		return since === '' || receivedAt === '' || receivedAt > since;
	}

	/** A new reply received before this process started the trigger, after its first round: another process may have emitted it. */
	private perhapsEmittedElsewhere({ id, receivedAt }: Reply): boolean {
		if (this.first || !this.unsure || receivedAt === '') return false;
		return receivedAt < this.unsure.before && !this.unsure.emittedHere?.(id);
	}

	/** Remembers replies as output (at most MAX_SEEN, the oldest received forgotten first into the floor). */
	remember(replies: Reply[]): void {
		const { seen } = this.state;
		for (const { id, receivedAt } of replies) {
			this.taken.delete(id);
			if (!seen.has(id)) seen.set(id, receivedAt);
		}
		if (seen.size <= MAX_SEEN) return;
		const all = [...seen.entries()].sort((a, b) =>
			a[1] === b[1] ? compareIds(a[0], b[0]) : a[1] < b[1] ? -1 : 1,
		);
		for (const [id, time] of all.slice(0, all.length - MAX_SEEN)) {
			seen.delete(id);
			this.state.floor = laterTime(this.state.floor, time);
		}
		// IDs at or before the floor are covered by it
		const floor = this.state.floor;
		if (floor !== undefined)
			for (const [id, time] of seen) if (isServiceTime(time) && time <= floor) seen.delete(id);
	}

	/** Replies read but left to another reader (an execution waiting for them): new again while unread on the service. */
	giveBack(ids: string[]): void {
		for (const id of ids) this.taken.delete(id);
	}

	/** Remembers replies as output and as awaiting their execution's end (replies/acknowledgment.ts); saved with the emit. */
	handOut(replies: Reply[]): void {
		this.remember(replies);
		const ids = new Set(replies.map(({ id }) => id));
		this.state.redeliver = this.state.redeliver.filter((id) => !ids.has(id));
		this.state.unacked = [...this.state.unacked.filter((id) => !ids.has(id)), ...ids];
	}

	/** The replies are in an execution n8n finished: no longer awaited (the Chat Trigger, which marks them itself). */
	acknowledge(ids: string[]): void {
		const done = new Set(ids);
		this.state.unacked = this.state.unacked.filter((id) => !done.has(id));
	}

	/** Every reply awaiting its execution's end is emitted again, flagged (a trigger starting afresh knows of no execution). */
	redeliverAll(): void {
		this.redeliver(this.state.unacked);
		this.state.unacked = [];
	}

	/** Emitted again when the service still returns them: flagged, and no longer seen (so that a flag dropped to stay bounded never loses a reply). */
	private redeliver(ids: string[]): void {
		for (const id of ids) this.state.seen.delete(id);
		this.state.redeliver = [...this.state.redeliver, ...ids].slice(-MAX_UNACKED);
	}

	/**
	 * Settles the replies awaiting their execution's end against what this process saw (the
	 * reply trigger's round start): finished ones leave the list (those not marked read yet are
	 * marked with the round's marking; the ledger keeps them, since the state a later round loads may
	 * be one saved before this round); those this process emitted stay while their execution is
	 * under way, at most REDELIVER_AFTER_MS; the others (emitted before a restart, or by an
	 * execution n8n never settled) are emitted again, flagged. Past MAX_UNACKED the oldest are given up.
	 */
	settle(ledger: Ledger, now: number, markAsRead: boolean): void {
		const waiting: string[] = [];
		const again: string[] = [];
		for (const id of this.state.unacked) {
			const marked = ledger.finished.get(id);
			if (marked !== undefined) {
				if (!marked && markAsRead) this.state.pendingRead.push(id);
				// this round's marking takes it (and keeps it in pendingRead while it fails)
				ledger.finished.set(id, true);
				continue;
			}
			const emittedAt = ledger.inFlight.get(id);
			if (emittedAt !== undefined && now - emittedAt < REDELIVER_AFTER_MS) waiting.push(id);
			else again.push(id);
		}
		for (const id of again) ledger.inFlight.delete(id);
		const givenUp = waiting.splice(0, Math.max(0, waiting.length - MAX_UNACKED));
		if (givenUp.length > 0) {
			this.warn(
				`Messaging Service: ${givenUp.length} replies are marked read though n8n has not said their executions finished: more than ${MAX_UNACKED} are awaited`,
			);
			for (const id of givenUp) ledger.inFlight.delete(id);
			if (markAsRead) this.state.pendingRead.push(...givenUp);
		}
		this.state.unacked = waiting;
		this.redeliver(again);
	}

	/** The poll's mailings whose new replies did not all fit its Max Replies, and the hot ones it had no time for: read first next time. */
	carryOver(continueWith: string[], unread: PlannedRead[]): void {
		this.state.continueWith = continueWith;
		if (this.state.watch === 'recentMailings')
			this.state.hotFrom = unread.find((read) => read.hot)?.mailing.id;
	}

	/** Ends the round: the schedule's clock moves on; the first poll's activation moment is settled by what it read. */
	endRound(nowMs: number): void {
		if (this.recording) this.state.activatedAt = activationMoment(nowMs, this.newestSeen);
		this.state.rounds++;
	}

	/** Marks output replies read, with those earlier rounds could not mark; `off`: Mark as Read is off, nothing is kept to mark. */
	async markRead(client: ApiClient, ids: string[], off = false): Promise<void> {
		this.state.pendingRead = off
			? []
			: await markOutputRead(client, ids, this.state.pendingRead, this.warn);
	}

	/** Reply IDs still to be marked read. */
	get pendingReads(): number {
		return this.state.pendingRead.length;
	}

	/** One error telling about the mailings whose replies are not coming in and the user was not told about yet (then told). */
	faultReport(node: INode): Error | undefined {
		const toTell = unreported(this.faults);
		return toTell.length > 0 ? faultReport(node, toTell) : undefined;
	}

	/** Writes the state into the node's static data (n8n saves it with the next emit, or at the poll's end). */
	save(): void {
		savePiece(this.staticData, this.as, this.state);
	}
}
