/**
 * Who has a conversation, the bot or a person (issue 40), as an execution sees it: the Chat
 * Trigger's copy (mirror.ts) as of the execution's start, or its live state when it runs in this
 * process, with the changes published in this process since (inProcess.ts) applied on top.
 * The Chat Trigger owns the state (state.ts); executions never write it (docs/chatbot.md, Handoff).
 */
import type { IDataObject } from 'n8n-workflow';

import { loadPiece } from '../base/savedPiece';
import { serviceNow, serviceTimeToIsoWithOffset } from '../base/serviceTime';
import { normalizePhone } from '../helpers/phone';
import {
	applyHandoffChange,
	type ConversationHolder,
	type HandBackReason,
	type HandoffRecord,
} from './change';
import { liveMirror, publishedChanges, triggerRunsHere } from './inProcess';
import { MIRROR, type HandoffMirror } from './mirror';

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

/** The trigger's live state when it runs in this process, else its copy in the global static data as of the execution's start. */
function currentMirror(
	workflowId: string,
	globalStaticData: IDataObject,
): HandoffMirror | undefined {
	return liveMirror(workflowId) ?? loadPiece(globalStaticData, MIRROR);
}

/** The record of `phone` with the changes published in this process since applied on top. */
function recordOf(
	workflowId: string,
	mirror: HandoffMirror | undefined,
	phone: string,
): HandoffRecord | undefined {
	let record = mirror?.phones[phone];
	const changes = publishedChanges(workflowId)
		.filter((change) => change.phone === phone)
		.sort((a, b) => a.at - b.at);
	for (const change of changes) record = applyHandoffChange(record, change) ?? record;
	return record;
}

/** A time as the package writes it: ISO with the service zone's offset. */
export function isoIn(zone: string, ms: number | undefined): string | undefined {
	return ms === undefined ? undefined : serviceTimeToIsoWithOffset(serviceNow(zone, ms), zone);
}

function stateOf(
	phone: string,
	record: HandoffRecord | undefined,
	mirror: HandoffMirror | undefined,
	zone: string,
): ConversationState {
	// a hand-over's record counts (made on the turn's phone before the trigger's copy knew it); a
	// bare hand-back's does not
	const known =
		` ${mirror?.known ?? ''} `.includes(` ${phone} `) || record?.handedOverAt !== undefined;
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
export function conversationStateOf(
	workflowId: string,
	globalStaticData: IDataObject,
	phone: string,
): ConversationState {
	const digits = normalizePhone(phone) ?? String(phone);
	const mirror = currentMirror(workflowId, globalStaticData);
	return stateOf(digits, recordOf(workflowId, mirror, digits), mirror, mirror?.zone ?? 'UTC');
}

/** Every conversation a person has, by hand-over time. */
export function conversationsWithPerson(
	workflowId: string,
	globalStaticData: IDataObject,
): ConversationState[] {
	const mirror = currentMirror(workflowId, globalStaticData);
	const phones = new Set([
		...Object.keys(mirror?.phones ?? {}),
		...publishedChanges(workflowId).map((change) => change.phone),
	]);
	const zone = mirror?.zone ?? 'UTC';
	const withPerson: Array<{ state: ConversationState; at: number }> = [];
	for (const phone of phones) {
		const record = recordOf(workflowId, mirror, phone);
		if (record?.holder === 'person')
			withPerson.push({
				state: stateOf(phone, record, mirror, zone),
				at: record.handedOverAt ?? record.changeAt,
			});
	}
	return withPerson.sort((a, b) => a.at - b.at).map(({ state }) => state);
}

/**
 * The late-answer guard's question: whether a bot turn emitted at `turnEmittedAt` may still be
 * answered to `phone`: not when a person has the phone now, nor when a person took it after the
 * turn was emitted (even if handed back since: the person may have answered in between).
 */
export function botMayAnswer(
	workflowId: string,
	globalStaticData: IDataObject,
	phone: string,
	turnEmittedAt: number,
): boolean {
	const digits = normalizePhone(phone) ?? String(phone);
	const mirror = currentMirror(workflowId, globalStaticData);
	const record = recordOf(workflowId, mirror, digits);
	if (!record) return true;
	if ((record.handedOverAt ?? -Infinity) >= turnEmittedAt) return false;
	if (record.holder !== 'person') return true;
	// n8n starts an execution with the static data as the database had it, which may be the copy of
	// the emit before this turn's: a person in a copy older than the turn, handed the phone before
	// it, was handed back since (the trigger, knowing more, routed the turn to the bot)
	const live = triggerRunsHere(workflowId);
	const copyAsOf = live ? Infinity : (mirror?.savedAt ?? -Infinity);
	return copyAsOf < turnEmittedAt && record.changeAt < turnEmittedAt;
}
