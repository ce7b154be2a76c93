/**
 * Who has a conversation, the bot or a person (issue 40): how a change (helpers/handoffChange.ts,
 * re-exported here) reaches the Chat Trigger of the same workflow (in process, or in the
 * execution's custom data), and the view executions read.
 * The Chat Trigger owns the state (chatTrigger/handoffState.ts) and mirrors it into the workflow's
 * global static data under `conversations`; executions never write it (docs/chatbot.md, Handoff).
 */
import type { IDataObject, IExecuteFunctions, IWorkflowExecutionCustomData } from 'n8n-workflow';

import { isObject } from '../base/guards';
import { serviceNow, serviceTimeToIsoWithOffset } from '../base/serviceTime';
import {
	applyHandoffChange,
	handoffCustomDataValue,
	HANDOFF_CUSTOM_DATA_KEY,
	type ConversationHolder,
	type HandBackReason,
	type HandoffChange,
	type HandoffRecord,
} from './handoffChange';
import { normalizePhone } from './phone';

export {
	applyHandoffChange,
	CHANGE_FIELD,
	handoffChangeOf,
	handoffChangesOfCustomData,
	handoffCustomDataValue,
	HANDOFF_CUSTOM_DATA_KEY,
	handoffItemJson,
	isNewer,
	newHandoffChange,
} from './handoffChange';
export type { ConversationHolder, HandBackReason, HandoffChange, HandoffChangeInput, HandoffRecord } from './handoffChange';

/** What the Chat Trigger writes to the global static data (key `conversations`) for executions to read. */
export interface HandoffMirror {
	v: 1;
	/** the service's time zone (dates are shown in it) */
	zone: string;
	/** phone → its record (phones a person has or had lately) */
	phones: Record<string, HandoffRecord>;
	/** the phones the trigger knows a conversation of (a reply or a mailing), space-separated */
	known: string;
	/** when the trigger wrote this copy (epoch ms, its clock): an execution may start with the copy of an earlier emit */
	savedAt?: number;
}

export const MIRROR_KEY = 'conversations';

/** The state an execution sees; dates ISO with the service zone's offset. */
export interface ConversationState extends IDataObject {
	phone: string;
	holder: ConversationHolder;
	/** a conversation with this phone is known to the Chat Trigger */
	known: boolean;
	/** person: when the hand-over was made */
	since?: string;
	/** person: the latest end */
	until?: string;
	reason?: string;
	/** person: 0 = off */
	silenceMinutes?: number;
	lastPersonActivity?: string;
	/** bot, after a person had it */
	handedBackAt?: string;
	handBackReason?: HandBackReason;
}

// ---------------------------------------------------------------- channel 2: the execution's custom data

function customDataOf(context: IExecuteFunctions, itemIndex: number): IWorkflowExecutionCustomData | undefined {
	try {
		const own = (context as { customData?: IWorkflowExecutionCustomData }).customData;
		if (own) return own;
	} catch {
		// older n8n: no customData on the context (or no run data): the workflow data proxy has it
	}
	try {
		return context.getWorkflowDataProxy(itemIndex).$execution?.customData;
	} catch {
		return undefined;
	}
}

/** Writes the change into the execution's custom data, for the trigger's done promise (channel 2); false when n8n offers none. */
export function recordHandoffInExecution(context: IExecuteFunctions, itemIndex: number, change: HandoffChange): boolean {
	const customData = customDataOf(context, itemIndex);
	if (!customData) return false;
	try {
		const previous = customData.get(HANDOFF_CUSTOM_DATA_KEY);
		customData.set(HANDOFF_CUSTOM_DATA_KEY, handoffCustomDataValue(previous, change));
		return customData.get(HANDOFF_CUSTOM_DATA_KEY) !== undefined;
	} catch {
		return false;
	}
}

// ---------------------------------------------------------------- channel 1: in-process

/** A Chat Trigger of this process: takes changes (applied at its next tick) and shows its live state. */
export interface HandoffInbox {
	take(change: HandoffChange): void;
	/** the trigger's state as of its last tick (changes published since are added by the view) */
	view(): HandoffMirror;
}

const inboxes = new Map<string, Set<HandoffInbox>>();
/** Changes published in this process lately, per workflow, so an execution sees them before the trigger's copy does. */
const published = new Map<string, Map<string, HandoffChange>>();
const PUBLISHED_KEPT_MS = 10 * 60_000;
const PUBLISHED_MAX = 2000;

function remember(workflowId: string, change: HandoffChange): void {
	const changes = published.get(workflowId) ?? new Map<string, HandoffChange>();
	changes.set(change.id, change);
	const now = Date.now();
	for (const [id, old] of changes) if (now - old.at > PUBLISHED_KEPT_MS || changes.size > PUBLISHED_MAX) changes.delete(id);
	published.set(workflowId, changes);
}

/** Channel 1: true when a Chat Trigger of this workflow runs in this process and took the change. */
export function publishHandoff(workflowId: string, change: HandoffChange): boolean {
	remember(workflowId, change);
	const open = inboxes.get(String(workflowId));
	if (!open || open.size === 0) return false;
	for (const inbox of open) inbox.take(change);
	return true;
}

/** The Chat Trigger's side of channel 1; returns the function that closes the inbox. */
export function openHandoffInbox(workflowId: string, inbox: HandoffInbox): () => void {
	const key = String(workflowId);
	const open = inboxes.get(key) ?? new Set<HandoffInbox>();
	open.add(inbox);
	inboxes.set(key, open);
	return () => {
		open.delete(inbox);
		if (open.size === 0 && inboxes.get(key) === open) inboxes.delete(key);
	};
}

// ---------------------------------------------------------------- the view executions read

function mirrorOf(raw: unknown): HandoffMirror | undefined {
	if (!isObject(raw) || raw.v !== 1 || !isObject(raw.phones)) return undefined;
	return {
		v: 1,
		zone: typeof raw.zone === 'string' ? raw.zone : 'UTC',
		phones: raw.phones as unknown as Record<string, HandoffRecord>,
		known: typeof raw.known === 'string' ? raw.known : '',
		savedAt: typeof raw.savedAt === 'number' && Number.isFinite(raw.savedAt) ? raw.savedAt : undefined,
	};
}

/** The trigger's live state when it runs in this process, else its copy in the global static data as of the execution's start. */
function currentMirror(workflowId: string, globalStaticData: IDataObject): HandoffMirror | undefined {
	const open = inboxes.get(String(workflowId));
	if (open && open.size > 0) return [...open][0].view();
	return mirrorOf(globalStaticData[MIRROR_KEY]);
}

/** The record of `phone` with the changes published in this process since applied on top. */
function recordOf(workflowId: string, mirror: HandoffMirror | undefined, phone: string): HandoffRecord | undefined {
	let record = mirror?.phones[phone];
	const changes = [...(published.get(String(workflowId))?.values() ?? [])].filter((change) => change.phone === phone).sort((a, b) => a.at - b.at);
	for (const change of changes) record = applyHandoffChange(record, change) ?? record;
	return record;
}

function isoIn(zone: string, ms: number | undefined): string | undefined {
	return ms === undefined ? undefined : serviceTimeToIsoWithOffset(serviceNow(zone, ms), zone);
}

function stateOf(phone: string, record: HandoffRecord | undefined, mirror: HandoffMirror | undefined, zone: string): ConversationState {
	const known = ` ${mirror?.known ?? ''} `.includes(` ${phone} `) || record !== undefined;
	if (!record) return { phone, holder: 'bot', known };
	if (record.holder === 'person') {
		return {
			phone,
			holder: 'person',
			known,
			since: isoIn(zone, record.handedOverAt ?? record.changeAt),
			until: isoIn(zone, record.untilMs),
			reason: record.reason ?? '',
			silenceMinutes: Math.round((record.silenceMs ?? 0) / 60_000),
			lastPersonActivity: isoIn(zone, record.lastPersonAt),
		};
	}
	const state: ConversationState = { phone, holder: 'bot', known };
	if (record.handedBackAt !== undefined) {
		state.handedBackAt = isoIn(zone, record.handedBackAt);
		state.handBackReason = record.handBackReason;
	}
	return state;
}

/** The state an execution sees of one phone: the trigger's copy as of the execution's start, updated with channel 1. */
export function conversationStateOf(workflowId: string, globalStaticData: IDataObject, phone: string): ConversationState {
	const digits = normalizePhone(phone) ?? String(phone);
	const mirror = currentMirror(workflowId, globalStaticData);
	return stateOf(digits, recordOf(workflowId, mirror, digits), mirror, mirror?.zone ?? 'UTC');
}

/** Every conversation a person has, by hand-over time. */
export function conversationsWithPerson(workflowId: string, globalStaticData: IDataObject): ConversationState[] {
	const mirror = currentMirror(workflowId, globalStaticData);
	const phones = new Set([...Object.keys(mirror?.phones ?? {}), ...[...(published.get(String(workflowId))?.values() ?? [])].map((change) => change.phone)]);
	const zone = mirror?.zone ?? 'UTC';
	const withPerson: Array<{ state: ConversationState; at: number }> = [];
	for (const phone of phones) {
		const record = recordOf(workflowId, mirror, phone);
		if (record?.holder === 'person') withPerson.push({ state: stateOf(phone, record, mirror, zone), at: record.handedOverAt ?? record.changeAt });
	}
	return withPerson.sort((a, b) => a.at - b.at).map(({ state }) => state);
}

/**
 * The late-answer guard's question: whether a bot turn emitted at `turnEmittedAt` may still be
 * answered to `phone`: not when a person has the phone now, nor when a person took it after the
 * turn was emitted (even if handed back since: the person may have answered in between).
 */
export function botMayAnswer(workflowId: string, globalStaticData: IDataObject, phone: string, turnEmittedAt: number): boolean {
	const digits = normalizePhone(phone) ?? String(phone);
	const mirror = currentMirror(workflowId, globalStaticData);
	const record = recordOf(workflowId, mirror, digits);
	if (!record) return true;
	if ((record.handedOverAt ?? -Infinity) >= turnEmittedAt) return false;
	if (record.holder !== 'person') return true;
	// n8n starts an execution with the static data as the database had it, which may be the copy of
	// the emit before this turn's: a person in a copy older than the turn, handed the phone before
	// it, was handed back since (the trigger, knowing more, routed the turn to the bot)
	const live = (inboxes.get(String(workflowId))?.size ?? 0) > 0;
	const copyAsOf = live ? Infinity : (mirror?.savedAt ?? -Infinity);
	return copyAsOf < turnEmittedAt && record.changeAt < turnEmittedAt;
}

/**
 * What Hand Over / Hand Back call once per change: channel 1 (a Chat Trigger of this workflow in
 * this process takes it at its next tick) and channel 2 (the execution's custom data, read by the
 * trigger when the execution it started ends). `reachedTrigger`: channel 1 took it;
 * `carriedByExecution`: channel 2 will, if the Chat Trigger started this execution.
 */
export function announceHandoff(context: IExecuteFunctions, itemIndex: number, change: HandoffChange): { reachedTrigger: boolean; carriedByExecution: boolean } {
	const carriedByExecution = recordHandoffInExecution(context, itemIndex, change);
	const reachedTrigger = publishHandoff(String(context.getWorkflow().id ?? ''), change);
	return { reachedTrigger, carriedByExecution };
}
