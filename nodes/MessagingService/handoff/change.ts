/**
 * A change of who has a conversation (issue 40): the record Hand Over to Person and Hand Back to
 * Bot make, how it travels in an item, and how it applies to a phone's record. inProcess.ts and
 * executionData.ts carry it to the Chat Trigger.
 */
import { randomUUID } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../base/guards';
import { normalizePhone } from '../helpers/phone';

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
	const change: HandoffChange = {
		id: randomUUID(),
		phone: input.phone,
		to: input.to,
		at: input.at ?? Date.now(),
	};
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

const finiteNumber = (value: unknown): value is number =>
	typeof value === 'number' && Number.isFinite(value);

/** The change an item carries, when it carries a well-formed one. */
export function handoffChangeOf(json: IDataObject): HandoffChange | undefined {
	const raw = json[CHANGE_FIELD];
	if (!isObject(raw)) return undefined;
	const phone = normalizePhone(raw.phone);
	if (typeof raw.id !== 'string' || raw.id === '' || phone === undefined || !finiteNumber(raw.at))
		return undefined;
	if (raw.to !== 'bot' && raw.to !== 'person') return undefined;
	const change: HandoffChange = { id: raw.id, phone, to: raw.to, at: raw.at };
	if (raw.to === 'person') {
		if (typeof raw.reason === 'string') change.reason = raw.reason;
		if (finiteNumber(raw.untilMs)) change.untilMs = raw.untilMs;
		change.silenceMs = finiteNumber(raw.silenceMs) && raw.silenceMs > 0 ? raw.silenceMs : 0;
	}
	return change;
}

// ---------------------------------------------------------------- applying a change

/** Whether `change` is newer than what set `record` (the newest `at` wins; equal times: the greater id). */
export function isNewer(change: HandoffChange, record: HandoffRecord | undefined): boolean {
	if (!record) return true;
	if (change.id === record.changeId) return false;
	return (
		change.at > record.changeAt || (change.at === record.changeAt && change.id > record.changeId)
	);
}

/**
 * The record after `change`, or undefined when the change is older than the record (or already
 * applied). A hand-back of a phone the bot has is a no-op record (kept so an older hand-over
 * arriving later loses).
 */
export function applyHandoffChange(
	record: HandoffRecord | undefined,
	change: HandoffChange,
): HandoffRecord | undefined {
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
	const next: HandoffRecord = {
		holder: 'bot',
		changeId: change.id,
		changeAt: change.at,
		handedOverAt: record?.handedOverAt,
	};
	if (record?.holder === 'person') {
		next.handedBackAt = change.at;
		next.handBackReason = 'handedBack';
	} else if (record) {
		next.handedBackAt = record.handedBackAt;
		next.handBackReason = record.handBackReason;
	}
	return next;
}
