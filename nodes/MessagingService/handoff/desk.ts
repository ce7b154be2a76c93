import type { IDataObject, INodeExecutionData, IRun } from 'n8n-workflow';

import { serviceTimeToIsoWithOffset } from '../base/serviceTime';
import { changesOfRun } from './executionData';
import { openHandoffInbox } from './inProcess';
import { HandoffState, type CatchUpEntry } from './state';
import { isoIn } from './view';

/** Mailings found by the listing, kept until whose they are is known (their text and time). */
const FOUND_KEPT = 2000;

export interface HandoffDeskIo {
	workflowId: string;
	/** the service's time zone */
	zone: string;
	/** an active workflow: the state is loaded, saved with each emit and open to the in-process channel */
	persist: boolean;
	nodeStaticData: IDataObject;
	globalStaticData: IDataObject;
	/** a mailing to more phones is a broadcast, no person's activity (the phone book's bound) */
	maxRecipients: number;
	/** whether an execution of this process that began as a bot turn sent the mailing (helpers/chatsSent.ts) */
	isBotAnswer?(mailingId: string): boolean;
	warn(message: string): void;
}

/** What the desk follows of the Chat Trigger's conversations (chatTrigger/conversations.ts). */
export interface FollowedConversations {
	/** the phones a conversation is known with */
	knownPhones(): string[];
	/** told whose each mailing sent is, once known */
	onMailingTo?: (mailing: string, phones: string[], now: number) => void;
}

/** Where a turn goes, and what its item says of the conversation. */
export type TurnHolder = 'bot' | 'person';

/** An ISO time (with its offset) as epoch ms; `fallback` when there is none. */
function epochOf(iso: unknown, fallback: number): number {
	const ms = typeof iso === 'string' ? Date.parse(iso) : NaN;
	return Number.isNaN(ms) ? fallback : ms;
}

/**
 * The Chat Trigger's handoff work beside the engine: the state (HandoffState), its two channels in
 * (the in-process inbox, the done promises), the person's mailings, and each turn's route and
 * fields. Decisions are made at release time, so a turn released after a change took effect
 * follows it.
 */
export class HandoffDesk {
	readonly state: HandoffState;
	private readonly found = new Map<string, { createdMs?: number; text: string }>();
	private closeInbox?: () => void;
	/** the phones the trigger knows a conversation of (set by the engine) */
	knownPhones: () => string[] = () => [];

	constructor(private readonly io: HandoffDeskIo) {
		this.state = HandoffState.load(io.nodeStaticData, io.warn);
		if (io.persist && io.workflowId !== '') {
			this.closeInbox = openHandoffInbox(io.workflowId, {
				take: (change) => this.state.take(change),
				view: () => this.state.mirror(io.zone, this.knownPhones()),
			});
			// n8n saves the static data after activation: executions find the key from the start, and never create it
			// (an execution that creates a static data key saves the whole static data when it ends)
			this.save();
		}
	}

	/** Knows the conversations' phones, and hears whose each new mailing is (the person's activity). */
	follow(conversations: FollowedConversations): void {
		this.knownPhones = () => conversations.knownPhones();
		conversations.onMailingTo = (mailing, phones, at) => this.mailingTo(mailing, phones, at);
	}

	close(): void {
		this.closeInbox?.();
	}

	/** Channel 2: the change records of an execution this trigger started, once it ended. */
	readRun(run: IRun | undefined): void {
		for (const change of changesOfRun(run)) this.state.take(change);
	}

	/** A mailing the listing found (its text and time, for when whose it is becomes known). */
	mailingFound(id: string, created: string | undefined, message: unknown): void {
		const iso =
			created === undefined ? undefined : serviceTimeToIsoWithOffset(created, this.io.zone);
		this.found.set(id, {
			createdMs: iso === undefined ? undefined : epochOf(iso, 0),
			text: typeof message === 'string' ? message : '',
		});
		if (this.found.size > FOUND_KEPT) this.found.delete(this.found.keys().next().value!);
	}

	/**
	 * A mailing of the account went to these phones: the person's activity for each a person has,
	 * unless the bot sent it (known here at once when sent in this process, else by `botAnswers`).
	 */
	mailingTo(id: string, phones: string[], now: number): void {
		const mailing = this.found.get(id);
		this.found.delete(id);
		if (phones.length > this.io.maxRecipients || this.io.isBotAnswer?.(id)) return;
		for (const phone of phones)
			this.state.note(
				phone,
				{ from: 'person', text: mailing?.text ?? '', at: mailing?.createdMs ?? now, mailing: id },
				true,
			);
	}

	/** Mailings that executions begun as bot turns sent (channel 2, once they ended): never the person's. */
	botAnswers(mailingIds: string[]): void {
		for (const id of mailingIds) this.state.unnotePerson(id);
	}

	/** Applies what came in and ends what is over: called at each release, before the turns are routed. */
	apply(now: number): void {
		this.state.apply(now);
	}

	/**
	 * The turn of `phone` with its conversation fields: a person's turn (its messages logged for the
	 * catch-up), else the bot's (with the catch-up, the first time after the person had it).
	 */
	route(phone: string, item: INodeExecutionData, now: number): INodeExecutionData {
		const { zone } = this.io;
		const turnEmittedAt = new Date(now).toISOString();
		const record = this.state.record(phone);
		if (record?.holder === 'person') {
			for (const reply of (item.json.replies as IDataObject[] | undefined) ?? []) {
				this.state.note(
					phone,
					{
						from: 'customer',
						text: typeof reply.message === 'string' ? reply.message : String(reply.message ?? ''),
						at: epochOf(reply.receivedAt, now),
					},
					false,
				);
			}
			const conversation: IDataObject = {
				holder: 'person',
				since: isoIn(zone, record.handedOverAt ?? record.changeAt),
				until: isoIn(zone, record.untilMs) ?? null,
				reason: record.reason ?? '',
				turnEmittedAt,
			};
			return { ...item, json: { ...item.json, conversation } };
		}
		const json: IDataObject = { ...item.json, conversation: { holder: 'bot', turnEmittedAt } };
		const catchUp = this.state.takeCatchUp(phone);
		if (catchUp) {
			json.whileWithPerson = catchUp.log.map((entry: CatchUpEntry) => ({
				from: entry.from,
				text: entry.text,
				at: isoIn(zone, entry.at) ?? null,
			}));
			if (catchUp.dropped > 0) json.whileWithPersonOmitted = catchUp.dropped;
			json.handedBackAt = isoIn(zone, catchUp.handedBackAt) ?? null;
			json.handBackReason = catchUp.reason;
		}
		return { ...item, json };
	}

	/** Saves the state and the executions' copy (n8n writes them with the emit that follows). */
	save(): void {
		if (!this.io.persist) return;
		this.state.save(
			this.io.nodeStaticData,
			this.io.globalStaticData,
			this.io.zone,
			this.knownPhones(),
		);
	}
}
