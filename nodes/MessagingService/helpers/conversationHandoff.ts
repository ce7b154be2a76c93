/**
 * Who has a conversation, the bot or a person (issue 40): the change records, the in-process
 * channel that carries them to the Chat Trigger of the same workflow, and the view executions read.
 * The Chat Trigger owns the state (chatTrigger/handoffState.ts) and mirrors it into the workflow's
 * global static data under `conversations`; executions never write it (docs/chatbot.md, Handoff).
 */
import { randomUUID } from 'crypto';
import type { IDataObject, IExecuteFunctions, IWorkflowExecutionCustomData } from 'n8n-workflow';

import { isObject } from '../base/guards';
import { serviceNow, serviceTimeToIsoWithOffset } from '../base/serviceTime';
import { normalizePhone } from './phone';

export type ConversationHolder = 'bot' | 'person';
/** Why a conversation went back to the bot. */
export type HandBackReason = 'handedBack' | 'timeLimit' | 'personSilent';

/** One change of holder, made by Hand Over to Person or Hand Back to Bot; applied once (by `id`), the newest `at` wins per phone. */
export interface HandoffChange {
	/** random, unique per change */
	id: string;
	/** digits, as normalized by helpers/phone.ts */
	phone: string;
	to: ConversationHolder;
	/** epoch ms when the change was made */
	at: number;
	/** to person */
	reason?: string;
	/** to person: the latest end (For at Most) */
	untilMs?: number;
	/** to person: back to the bot after the person has sent nothing for this long; 0 = off */
	silenceMs?: number;
}

/** A phone's holder as the trigger keeps it (epoch ms). */
export interface HandoffRecord {
	holder: ConversationHolder;
	/** the change that set it */
	changeId: string;
	changeAt: number;
	/** when the latest hand-over to a person was made (kept after the hand-back: the late-answer guard reads it) */
	handedOverAt?: number;
	/** person: */
	untilMs?: number;
	reason?: string;
	silenceMs?: number;
	/** the person's latest message to the phone (a mailing the account sent), else the hand-over */
	lastPersonAt?: number;
	/** bot, after a person had it: */
	handedBackAt?: number;
	handBackReason?: HandBackReason;
}

/** What the Chat Trigger writes to the global static data (key `conversations`) for executions to read. */
export interface HandoffMirror {
	v: 1;
	/** the service's time zone (dates are shown in it) */
	zone: string;
	/** phone → its record (phones a person has or had lately) */
	phones: Record<string, HandoffRecord>;
	/** the phones the trigger knows a conversation of (a reply or a mailing), space-separated */
	known: string;
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

// ---------------------------------------------------------------- the change and its item

export interface HandoffChangeInput {
	phone: string;
	to: ConversationHolder;
	reason?: string;
	untilMs?: number;
	silenceMs?: number;
	at?: number;
}

/** A new change with a fresh id, made now (or at `at`). */
export function newHandoffChange(input: HandoffChangeInput): HandoffChange {
	const change: HandoffChange = { id: randomUUID(), phone: input.phone, to: input.to, at: input.at ?? Date.now() };
	if (input.to === 'person') {
		if (input.reason !== undefined && input.reason !== '') change.reason = input.reason;
		if (input.untilMs !== undefined) change.untilMs = input.untilMs;
		change.silenceMs = input.silenceMs ?? 0;
	}
	return change;
}

/** Where the change travels in an output item (the Chat Trigger reads it back from the run data, channel 2). */
export const CHANGE_FIELD = 'handoffChange';

/** The output json of Hand Over / Hand Back: `extra` (messageSent, reachedTrigger...), the phone, the holder, and the change record. */
export function handoffItemJson(change: HandoffChange, extra: IDataObject = {}): IDataObject {
	return { phone: change.phone, holder: change.to, ...extra, [CHANGE_FIELD]: { ...change } };
}

const finiteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The change an item carries, when it carries a well-formed one. */
export function handoffChangeOf(json: IDataObject): HandoffChange | undefined {
	const raw = json[CHANGE_FIELD];
	if (!isObject(raw)) return undefined;
	const phone = normalizePhone(raw.phone);
	if (typeof raw.id !== 'string' || raw.id === '' || phone === undefined || !finiteNumber(raw.at)) return undefined;
	if (raw.to !== 'bot' && raw.to !== 'person') return undefined;
	const change: HandoffChange = { id: raw.id, phone, to: raw.to, at: raw.at };
	if (raw.to === 'person') {
		if (typeof raw.reason === 'string') change.reason = raw.reason;
		if (finiteNumber(raw.untilMs)) change.untilMs = raw.untilMs;
		change.silenceMs = finiteNumber(raw.silenceMs) && raw.silenceMs > 0 ? raw.silenceMs : 0;
	}
	return change;
}

// ---------------------------------------------------------------- channel 2: the execution's custom data

/**
 * In queue mode n8n hands the trigger's done promise the finished execution without its run data
 * (workflow-runner.ts, enqueueExecution: `runData: {}` from the worker's job result), but with its
 * custom data (`resultData.metadata`, which the worker sends back). So each change is also written
 * there, under one key: the changes of the execution, newest last, as compact JSON of at most
 * CUSTOM_DATA_MAX characters (n8n keeps 512); older ones that do not fit are dropped.
 */
export const HANDOFF_CUSTOM_DATA_KEY = 'messagingServiceHandoff';
const CUSTOM_DATA_MAX = 500;
const REASON_KEPT = 120;

type CompactChange = [id: string, phone: string, to: 'p' | 'b', at: number, untilMs?: number | null, silenceMs?: number, reason?: string];

function compact(change: HandoffChange): CompactChange {
	if (change.to === 'bot') return [change.id, change.phone, 'b', change.at];
	return [change.id, change.phone, 'p', change.at, change.untilMs ?? null, change.silenceMs ?? 0, (change.reason ?? '').slice(0, REASON_KEPT)];
}

function expand(raw: unknown): HandoffChange | undefined {
	if (!Array.isArray(raw)) return undefined;
	const [id, phone, to, at, untilMs, silenceMs, reason] = raw as unknown[];
	return handoffChangeOf({
		[CHANGE_FIELD]: { id, phone, to: to === 'p' ? 'person' : to === 'b' ? 'bot' : undefined, at, untilMs: untilMs ?? undefined, silenceMs, reason },
	} as IDataObject);
}

/** The custom data value with `change` added (older changes dropped while it is too long). */
export function handoffCustomDataValue(previous: string | undefined, change: HandoffChange): string {
	const changes = [...handoffChangesOfCustomData({ [HANDOFF_CUSTOM_DATA_KEY]: previous ?? '' }).filter(({ id }) => id !== change.id), change].map(compact);
	while (changes.length > 1 && JSON.stringify(changes).length > CUSTOM_DATA_MAX) changes.shift();
	return JSON.stringify(changes);
}

/** The changes an execution's custom data carries (`IRun.data.resultData.metadata`). */
export function handoffChangesOfCustomData(metadata: Record<string, unknown> | undefined): HandoffChange[] {
	const value = metadata?.[HANDOFF_CUSTOM_DATA_KEY];
	if (typeof value !== 'string' || value === '') return [];
	try {
		const parsed = JSON.parse(value) as unknown;
		return Array.isArray(parsed) ? parsed.map(expand).filter((change): change is HandoffChange => change !== undefined) : [];
	} catch {
		return [];
	}
}

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

// ---------------------------------------------------------------- applying a change

/** Whether `change` is newer than what set `record` (the newest `at` wins; equal times: the greater id). */
export function isNewer(change: HandoffChange, record: HandoffRecord | undefined): boolean {
	if (!record) return true;
	if (change.id === record.changeId) return false;
	return change.at > record.changeAt || (change.at === record.changeAt && change.id > record.changeId);
}

/**
 * The record after `change`, or undefined when the change is older than the record (or already
 * applied). A hand-back of a phone the bot has is a no-op record (kept so an older hand-over
 * arriving later loses).
 */
export function applyHandoffChange(record: HandoffRecord | undefined, change: HandoffChange): HandoffRecord | undefined {
	if (!isNewer(change, record)) return undefined;
	if (change.to === 'person') {
		return {
			holder: 'person',
			changeId: change.id,
			changeAt: change.at,
			handedOverAt: change.at,
			untilMs: change.untilMs,
			reason: change.reason,
			silenceMs: change.silenceMs ?? 0,
			lastPersonAt: change.at,
		};
	}
	const next: HandoffRecord = { holder: 'bot', changeId: change.id, changeAt: change.at, handedOverAt: record?.handedOverAt };
	if (record?.holder === 'person') {
		next.handedBackAt = change.at;
		next.handBackReason = 'handedBack';
	} else if (record) {
		next.handedBackAt = record.handedBackAt;
		next.handBackReason = record.handBackReason;
	}
	return next;
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
	const record = recordOf(workflowId, currentMirror(workflowId, globalStaticData), digits);
	if (!record) return true;
	if (record.holder === 'person') return false;
	return (record.handedOverAt ?? -Infinity) < turnEmittedAt;
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
