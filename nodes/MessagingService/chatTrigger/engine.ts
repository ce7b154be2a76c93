import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiClient } from '../transport/client';
import { serviceNow, serviceTimeMs } from '../base/serviceTime';
import { sessionIdOf } from '../replies/items';
import { READ_CHUNK } from '../replies/markAsRead';
import { markSoon, type Ledger } from '../replies/acknowledgment';
import { ReplyReading, unsureBefore } from '../replies/reading';
import type { HandoffDesk } from '../handoff/desk';
import { ActiveMailings } from './activeMailings';
import { AnsweredTurns } from './answeredTurns';
import { Bursts, turnItemOf, type Burst } from './bursts';
import type { ChatSettings } from './config';
import { Conversations } from './conversations';
import { PhoneBook } from './phoneBook';
import { RecipientLookups } from './recipients';
import { UserRequestCap } from './requestCap';
import { WrittenAt } from './writtenAt';

/** Every watched mailing is considered this often (the reply trigger's schedule, one sweep a minute). */
export const SWEEP_EVERY_MS = 60_000;
/** Share of a check's requests kept for the sweep while it has mailings left to read, and of a minute's the sweep plans. */
const SWEEP_SHARE = 0.25;
/** Reads under way at once: a slow mailing holds one of them, never the others. */
export const PARALLEL_READS = 4;
/** How long the time of a mailing's last read is kept (enough for any quiet window). */
const READ_MEMORY_MS = 10 * 60_000;
/** New mailings are looked for at every check while some are coming in or an answer is expected, then twice as long after each listing that found none, up to this. */
export const LIST_EVERY_MS = 10_000;
/** Marks what a queued job reads: a delivery list, not a mailing's replies. */
const LOOKUP = 'recipients:';

export interface ChatEngineIo {
	node: INode;
	client: ApiClient;
	staticData: IDataObject;
	/** the service's time zone */
	zone: string;
	/** an active workflow: state saved with each turn, replies marked read, faults reported */
	persist: boolean;
	/** starts one execution with this turn; `finished` once n8n has finished it (emit's done promise) */
	emit(item: INodeExecutionData, finished: () => void): void;
	warn(message: string): void;
	/** tells the user once, as a failed execution */
	report(error: Error): void;
	/** the phone a mailing was sent to, when an execution of this n8n process sent it (helpers/chatsSent.ts) */
	sentTo?(mailingId: string): string | undefined;
	/** whether an execution of this process waits for this reply (Send and Wait for Reply): then it is not a turn */
	claimed?(phone: string, mailingId: string, replyId: string): boolean;
	/** who has each conversation: routes each turn at its release (handoff/desk.ts) */
	handoff?: HandoffDesk;
	/** where this trigger's marks queue (replies/acknowledgment.ts) */
	ledger: Ledger;
}

function serviceNowMs(zone: string, now: number): number {
	return serviceTimeMs(serviceNow(zone, now)) ?? now;
}

/**
 * The chat trigger's work, one check at a time (see `check`). The reading that keeps a reply from
 * being output twice is the reply kernel's (replies/reading.ts), saved into the node's static
 * data right before each turn is emitted: n8n saves a trigger's static data when it emits. The
 * rest (active mailings, held turns, reads under way) is memory: what it holds is unread on the
 * service and found again after a restart.
 */
export class ChatEngine {
	private readonly reading: ReplyReading;
	/** mailings that are no single phone's conversation (a broadcast, one from before activation) */
	private readonly active: ActiveMailings;
	private readonly conversations: Conversations;
	private readonly lookups: RecipientLookups;
	private readonly bursts = new Bursts();
	private readonly answered = new AnsweredTurns();
	private readonly writtenAt = new WrittenAt();
	private readonly requestCap: UserRequestCap;
	/** mailing → when its last successful read started */
	private readonly readAt = new Map<string, number>();
	private readonly underWay = new Set<string>();
	/** mailings to read, in order, taken by PARALLEL_READS workers */
	private readonly queued = new Set<string>();
	private readonly workers = new Set<Promise<void>>();
	private sweepQueue: string[] = [];
	private lastSweepAt = -Infinity;
	private lastListingAt = -Infinity;
	private listingGapMs = 0;
	private listing: Promise<void> | undefined;
	private failedListings = 0;
	private lastCheckAt = -Infinity;
	private stopped = false;
	/** replies of finished turns, marked read by the next check */
	private readonly acknowledged: string[] = [];

	constructor(
		private readonly io: ChatEngineIo,
		private readonly settings: ChatSettings,
		now = Date.now(),
	) {
		this.reading = ReplyReading.open(
			// a manual run ("Execute step") reads nothing saved, saves nothing and outputs the unread replies
			{
				staticData: io.persist ? io.staticData : {},
				of: 'chatTrigger',
				watch: 'recentMailings',
				nowMs: serviceNowMs(io.zone, now),
				outputExisting: !io.persist,
				recordsFirstRound: false,
				...(io.persist ? { unsure: { before: unsureBefore(io.ledger, io.zone) } } : {}),
			},
			(message) => io.warn(message),
		);
		this.active = new ActiveMailings(settings.activeForMs, settings.checkEveryMs);
		// a phone's newest mailing read sooner than the quiet window (and the second the service dates in) cannot end a turn
		const readEveryMs = Math.max(settings.checkEveryMs, settings.quietMs + 1000);
		// turns emitted before this activation whose executions were not seen to finish are emitted again, flagged
		if (io.persist) this.reading.redeliverAll();
		this.conversations = new Conversations(
			io.persist ? PhoneBook.load(io.staticData) : new PhoneBook(),
			settings.activeForMs,
			readEveryMs,
			now,
		);
		this.lookups = new RecipientLookups(io.client, this.conversations, io.warn, io.sentTo);
		io.handoff?.follow(this.conversations);
		const perCheck = (settings.requestsPerMinute * settings.checkEveryMs) / 60_000;
		this.requestCap = new UserRequestCap(settings.requestsPerMinute, Math.max(1, perCheck), now);
	}

	/** The first sweep's listing, awaited: a wrong key or an unreachable service fails the activation. */
	async start(now = Date.now()): Promise<void> {
		const failure = await this.sweep(now, true);
		if (failure) throw failure;
		// n8n saves it once the activation ends: a restart before the first turn goes on from here
		if (this.io.persist) this.reading.save();
		this.lastCheckAt = now;
		await Promise.all(this.queueReads(now));
	}

	/**
	 * One check, at most once per Check Every: starts the listing (the minute's sweep, else the
	 * mailings created since) and queues the reads that are due and fit Max Requests per Minute, then
	 * emits the turns that are over. It waits for nothing: reads run PARALLEL_READS at a time, so a
	 * slow mailing holds one of them only, and a listing or a read still under way is never started
	 * twice, so checks never overlap. The promise settles when what this check started is done
	 * (n8n's scheduler does not wait for it).
	 */
	async check(now = Date.now()): Promise<void> {
		if (this.stopped) return;
		const started: Array<Promise<unknown> | undefined> = [];
		if (now - this.lastCheckAt >= this.settings.checkEveryMs - 500) {
			this.lastCheckAt = now;
			this.markAcknowledged();
			const sweepDue = this.sweepQueue.length === 0 && now - this.lastSweepAt >= SWEEP_EVERY_MS;
			const listingDue =
				sweepDue ||
				this.conversations.expectingAnswer(now) ||
				now - this.lastListingAt >= this.listingGapMs - 500;
			if (!this.listing && listingDue && this.requestCap.available(now) > 0) {
				this.lastListingAt = now;
				const job = sweepDue ? this.sweep(now).then(() => undefined) : this.discover(now);
				this.listing = job.finally(() => (this.listing = undefined));
				started.push(this.listing);
			}
			started.push(...this.queueReads(now));
		} else {
			// between checks, only the reads that may end a turn: its quiet window ends at any second
			started.push(...this.queueReads(now, true));
		}
		this.release(now);
		await Promise.all(started);
		// what the reads found may end a turn now rather than at the next tick
		this.release(Date.now());
		await this.io.ledger.marking;
	}

	/** The minute's listing and plan; with `failLoudly` a failure is returned, not handled. */
	private async sweep(now: number, failLoudly = false): Promise<Error | undefined> {
		const nowMs = serviceNowMs(this.io.zone, now);
		try {
			const plan = await this.reading.planRecent(this.io.client, {
				days: this.settings.days,
				nowMs,
				maxReads: Math.floor(this.settings.requestsPerMinute * SWEEP_SHARE),
			});
			this.requestCap.spend(plan.listings);
			this.reading.endRound(nowMs);
			this.lastSweepAt = now;
			// what the conversations read (a phone's older mailings, an active phone's newest) is passed over
			const older = this.conversations.olderTurn(this.conversations.olderReads(now), now);
			// a mailing its conversation reads is done for the sweep: its group, once read, is due
			// again only on its schedule (left pending, the newest groups would be planned again
			// at every sweep and the oldest never)
			const unowned: string[] = [];
			for (const { mailing } of plan.reads)
				if (this.conversations.covers(mailing.id, now)) this.reading.passOver(mailing.id);
				else unowned.push(mailing.id);
			this.sweepQueue = [...older, ...unowned];
			for (const { id, created, message } of plan.found) {
				this.io.handoff?.mailingFound(id, created, message);
				this.answered.noteCreated(id, created);
				// sent lately: whose conversation it is comes from its delivery list
				const quietMs = nowMs - (serviceTimeMs(created) ?? 0);
				if (quietMs < this.settings.activeForMs) this.conversations.lookUpLater(id);
			}
			// recently answered, and no phone's: read as a mailing (the reply trigger keeps only its 60 most recent hot)
			for (const [id, at] of this.reading.hotMailings()) {
				const quietMs = nowMs - (serviceTimeMs(at) ?? 0);
				if (quietMs < this.settings.activeForMs && this.conversations.isUnowned(id))
					this.active.touch(id, now - Math.max(0, quietMs));
			}
			this.failedListings = 0;
		} catch (error) {
			if (failLoudly) return error as Error;
			this.listingFailed(error as Error, now);
		}
		return undefined;
	}

	private async discover(now: number): Promise<void> {
		try {
			const found = await this.reading.discover(this.io.client, serviceNowMs(this.io.zone, now));
			this.requestCap.spend(found.requests);
			for (const { id, created, message } of found.found) {
				this.io.handoff?.mailingFound(id, created, message);
				this.answered.noteCreated(id, created);
				this.conversations.lookUpLater(id);
			}
			// mailings sent in a stream (a campaign, many conversations' answers): look again at the next check while they come;
			// one answer was looked for anyway (expectingAnswer)
			if (found.found.length > 1) this.listingGapMs = 0;
			else if (found.found.length === 0)
				this.listingGapMs = Math.min(
					LIST_EVERY_MS,
					Math.max(this.settings.checkEveryMs, this.listingGapMs * 2),
				);
			this.failedListings = 0;
		} catch (error) {
			this.listingFailed(error as Error, now);
		}
	}

	private listingFailed(error: Error, now: number): void {
		this.requestCap.spend(1);
		this.lastSweepAt = Math.max(this.lastSweepAt, now - SWEEP_EVERY_MS / 2);
		this.failedListings++;
		this.io.warn(
			`Messaging Service Chat Trigger: the list of chat mailings could not be read; checking again shortly: ${error.message}`,
		);
		if (this.failedListings === 2) {
			const message = `New chat mailings are not being found: the list of chat mailings could not be read (${error.message})`;
			const description =
				'Conversations already active are still checked. The list is read again every few seconds; this is reported once until it works again.';
			this.io.report(new NodeOperationError(this.io.node, message, { description }));
		}
	}

	/**
	 * Queues the reads that may end a turn, then the active mailings most overdue, then the
	 * sweep's, within Max Requests per Minute (`onlyConfirming`: the first only); returns the workers it started.
	 */
	private queueReads(now: number, onlyConfirming = false): Array<Promise<void>> {
		let tokens = this.requestCap.available(now);
		const waiting = (id: string) => this.underWay.has(id) || this.queued.has(id);
		const due = (id: string) => !waiting(id) && this.reading.isDue(id);
		const sweeping = !onlyConfirming && this.sweepQueue.length > 0;
		const forSweep = sweeping ? Math.max(1, Math.floor(tokens * SWEEP_SHARE)) : 0;
		// a read that may end a turn goes before the others: the customer is waiting for the answer;
		// then whose conversation a new mailing is, then the conversations' and other active mailings' reads
		const confirming = this.bursts.toConfirm(
			now,
			this.settings.quietMs,
			(id) => this.readAt.get(id),
			(phone) => this.conversations.unclosed(phone),
		);
		const lookups = this.lookups.pending(now).map((id) => LOOKUP + id);
		const candidates = onlyConfirming
			? confirming
			: [
					...new Set([
						...confirming,
						...lookups,
						...this.conversations.due(now),
						...this.active.due(now),
					]),
				];
		const picked = candidates.filter(due).slice(0, Math.max(0, tokens - forSweep));
		tokens -= picked.length;
		// the sweep makes sure of a read a minute: a mailing read in the last half minute has had it
		const readLately = (id: string) =>
			now - (this.readAt.get(id) ?? -Infinity) < SWEEP_EVERY_MS / 2;
		while (sweeping && tokens > 0 && this.sweepQueue.length > 0) {
			const id = this.sweepQueue.shift()!;
			if (picked.includes(id) || waiting(id)) continue;
			// read lately, or failing and not due: this sweep's read of it is done
			if (!due(id) || readLately(id)) {
				this.reading.passOver(id);
				continue;
			}
			picked.push(id);
			tokens--;
		}
		this.requestCap.spend(picked.length);
		for (const id of picked) this.queued.add(id);
		const started: Array<Promise<void>> = [];
		while (this.workers.size < PARALLEL_READS && this.queued.size > 0) {
			const worker: Promise<void> = this.work().finally(() => this.workers.delete(worker));
			this.workers.add(worker);
			started.push(worker);
		}
		return started;
	}

	private async work(): Promise<void> {
		for (const id of this.queued) {
			this.queued.delete(id);
			if (id.startsWith(LOOKUP)) await this.lookUp(id.slice(LOOKUP.length));
			else await this.read(id);
		}
	}

	/** Whose conversation a mailing is; one that is no one phone's is read as a mailing. */
	private async lookUp(id: string): Promise<void> {
		this.underWay.add(LOOKUP + id);
		const unowned = await this.lookups.lookUp(id).finally(() => this.underWay.delete(LOOKUP + id));
		if (unowned) this.active.touch(id, Date.now());
	}

	private async read(id: string): Promise<void> {
		const now = Date.now();
		this.underWay.add(id);
		const outcome = await this.reading
			.read(this.io.client, id, serviceNowMs(this.io.zone, now))
			.finally(() => this.underWay.delete(id));
		// the service's request limit: the transport already waited as told; read it later
		if ('failure' in outcome && outcome.failure === 'rateLimited') this.sweepQueue.push(id);
		else if ('failure' in outcome) {
			if (outcome.failure === 'gone') {
				this.active.forget(id);
				this.conversations.forget(id);
			}
			const report = this.io.persist ? this.reading.faultReport(this.io.node) : undefined;
			if (report) this.io.report(report);
		}
		if ('failure' in outcome) return;
		const previousReadAt = this.readAt.get(id);
		this.readAt.set(id, now);
		this.active.read(id, now);
		this.conversations.read(id, now);
		const fresh = outcome.replies.map((reply) => ({
			reply,
			stampMs: serviceTimeMs(reply.receivedAt),
		}));
		const readEndMs = serviceNowMs(this.io.zone, Date.now());
		for (const { stampMs } of fresh)
			if (stampMs !== undefined) this.writtenAt.observe(stampMs, readEndMs);
		const foundMs = serviceNowMs(this.io.zone, now);
		for (const { reply, stampMs } of fresh) {
			const writtenAt = this.writtenAt.estimate(stampMs, now, foundMs, previousReadAt);
			const sessionId = sessionIdOf(reply.record);
			this.bursts.hold(sessionId, reply, id, now, writtenAt);
			// a phone that answers a mailing owns it; a reply with no phone keeps its mailing active
			if (sessionId.startsWith('reply-')) this.active.touch(id, now);
			else this.conversations.replied(sessionId, id, now);
		}
	}

	/**
	 * Emits each turn that is over, its replies remembered in the static data (saved with the emit)
	 * as awaiting the execution's end; they are marked read once n8n has finished it (DESIGN 4e).
	 */
	private release(now: number): void {
		if (this.stopped) return;
		this.io.handoff?.apply(now);
		const finished = this.withoutWaitedReplies(
			this.bursts.takeFinished(
				now,
				this.settings,
				(id) => this.readAt.get(id),
				(phone) => this.conversations.unclosed(phone),
				(burst) => this.answered.waitsForLookups(burst, this.conversations),
			),
		);
		for (const [id, at] of this.readAt) if (now - at > READ_MEMORY_MS) this.readAt.delete(id);
		if (finished.length === 0) return;
		for (const burst of finished) {
			this.reading.handOut([...burst.replies.values()].map(({ reply }) => reply));
			this.conversations.turnEmitted(burst.sessionId, now);
		}
		if (this.io.persist) {
			this.reading.save();
			this.conversations.save(this.io.staticData);
		}
		// routed after the state is applied and before it is saved: the catch-up is taken once
		const items = finished.map((burst) => {
			const item = turnItemOf(burst, this.io.zone);
			if (
				this.answered.wasAnswered(
					burst,
					this.conversations,
					(id) => this.reading.hotMailings().find(([mailing]) => mailing === id)?.[1],
				)
			)
				item.json.alreadyAnswered = true;
			return this.io.handoff?.route(burst.sessionId, item, now) ?? item;
		});
		this.io.handoff?.save();
		items.forEach((item, index) =>
			this.io.emit(item, () => this.acknowledge([...finished[index].replies.keys()])),
		);
	}

	/**
	 * The replies an execution of this process waits for (Send and Wait for Reply) are its own: they
	 * are no turn, stay unread, and are found again should that execution not take them.
	 */
	private withoutWaitedReplies(bursts: Burst[]): Burst[] {
		const claimed = this.io.claimed;
		if (!claimed) return bursts;
		return bursts.flatMap((burst) => {
			const kept: Burst['replies'] = new Map();
			const given: string[] = [];
			for (const [id, entry] of burst.replies)
				if (claimed(burst.sessionId, entry.mailingId, id)) given.push(id);
				else kept.set(id, entry);
			if (given.length === 0) return [burst];
			this.reading.giveBack(given);
			return kept.size === 0 ? [] : [{ ...burst, replies: kept }];
		});
	}

	/**
	 * The turn's execution is finished: its replies are marked read with the next check, with those
	 * of every turn finished meanwhile (one request: a mark per execution took a sixth of the reads'
	 * budget at 100 conversations), or at once after a deactivation (no check comes).
	 */
	private acknowledge(ids: string[]): void {
		if (!this.io.persist) return;
		this.reading.acknowledge(ids);
		this.acknowledged.push(...ids);
		if (this.stopped) this.markAcknowledged();
	}

	/** Marks the acknowledged replies read, one mark at a time per trigger; what fails is tried with the next check. */
	private markAcknowledged(): void {
		if (this.acknowledged.length === 0) return;
		void markSoon(this.io.ledger, this.acknowledged.splice(0), async (batch) => {
			this.requestCap.spend(Math.ceil((batch.length + this.reading.pendingReads) / READ_CHUNK));
			await this.reading.markRead(this.io.client, batch);
		});
	}

	/**
	 * No check or turn from now on (the workflow was deactivated); the replies of finished turns are
	 * marked read (the promise), and those of turns that finish later as they do. Reads under way end
	 * on their own; what they found stays unread on the service for the next activation.
	 */
	async stop(): Promise<void> {
		this.stopped = true;
		this.markAcknowledged();
		await this.io.ledger.marking;
	}
}
