import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { createApiClient, type ApiClient } from '../transport/client';
import { serviceZone } from '../helpers/serviceZone';
import { laterTime, serviceNow, serviceTimeMs } from '../base/serviceTime';
import { budgetClock } from './budget';
import { readConfig } from './config';
import { combineByConversation } from './conversation';
import { markAsRead } from './markAsRead';
import { specificMailings, type WatchedMailing } from './mailings';
import { makeHot, planRecent, type PlannedRead } from './recentPlan';
import { classifyReadError, faultReport, isDue, noteFailure, unreported, type Faults } from './readFaults';
import { asSeen, compareReplies, replyItem, unreadReplies, type Reply } from './replies';
import { HOT_MS } from './schedule';
import { activationMoment, capSeen, existedBefore, freshState, readState, remember, wasSeen, writeState, type TriggerState } from './state';
import { latestReply } from './testEvent';
import { compareIds } from '../base/ids';

/**
 * Specific Mailings: the mailings left over from the last poll, then the given IDs in turn from
 * the cursor, those due only, at most `max` of them. `next` is where the turn goes on after it.
 */
function specificReads(state: TriggerState, ids: string[], max: number, due: (id: string) => boolean): PlannedRead[] {
	const mailings = specificMailings(ids).mailings;
	const cursor = state.cursor;
	const start = cursor === undefined ? 0 : Math.max(0, mailings.findIndex((mailing) => compareIds(mailing.id, cursor) >= 0));
	const turn = [...mailings.slice(start), ...mailings.slice(0, start)];
	const next = (id: string) => ids[(ids.indexOf(id) + 1) % ids.length];
	const first = (state.continueWith ?? []).filter((id) => ids.includes(id));
	const reads: PlannedRead[] = first.map((id) => ({ mailing: { id } }));
	for (const mailing of turn) if (!first.includes(mailing.id)) reads.push({ mailing, next: next(mailing.id) });
	return reads.filter((read) => due(read.mailing.id)).slice(0, max);
}

/**
 * Hot mailings are read by ID: the mailing an output item tells about is fetched once
 * (getChatMessageData) for those with replies to output. A failure leaves just the ID.
 */
async function describeMailings(client: ApiClient, emitted: Array<{ mailing: WatchedMailing }>): Promise<void> {
	const described = new Map<string, WatchedMailing>();
	for (const entry of emitted) {
		if (entry.mailing.record) continue;
		let mailing = described.get(entry.mailing.id);
		if (!mailing) {
			try {
				const record = await client.one('getChatMessageData', { message_id: entry.mailing.id });
				mailing = { id: entry.mailing.id, record };
			} catch {
				mailing = entry.mailing;
			}
			described.set(entry.mailing.id, mailing);
		}
		entry.mailing = mailing;
	}
}

export interface PollResult {
	/** the executions to start, each as the data of the trigger's output: none when nothing is new */
	executions: Array<INodeExecutionData[][]>;
	/** mailings whose replies are not coming in, to tell the user about once */
	report?: Error;
}

/**
 * One poll: reads the unread replies of the watched mailings (bounded per poll), outputs each
 * reply not output before, oldest first, remembers its ID in the node's static data, and marks
 * it read. A mailing that cannot be read is skipped (readFaults.ts); only when every read fails
 * in Specific Mailings (the service or the key is at fault) does the poll fail, changing nothing.
 * `mayReport`: whether this poll may tell about failing mailings (see the trigger node).
 */
export async function pollReplies(this: IPollFunctions, mayReport: boolean): Promise<PollResult> {
	const config = readConfig(this);
	if (this.getMode() === 'manual') return { executions: [await latestReply(this, config)] };

	const client = createApiClient(this);
	const outOfTime = budgetClock(this);
	const staticData = this.getWorkflowStaticData('node');
	const previous = readState(staticData);
	const first = previous === undefined || previous.watch !== config.watch;
	const zone = await serviceZone(this);
	const now = serviceNow(zone);
	const nowMs = serviceTimeMs(now) ?? Date.now();
	const state = first ? freshState(config.watch, previous === undefined && config.includeExisting ? '' : activationMoment(nowMs)) : previous;
	const faults: Faults = (state.faults ??= {});
	const due = (id: string) => isDue(faults, id, state.polls);

	const justAdded = new Set<string>();
	let reads: PlannedRead[];
	let chunkLeft = new Map<number, number>();
	if (config.watch === 'specificMailings') {
		// an ID added to the list later: its replies from before it was added are existing
		const before = first ? undefined : new Set(state.ids ?? []);
		const addedAt: Record<string, string> = {};
		for (const id of config.ids) {
			if (before && !before.has(id)) justAdded.add(id);
			const since = justAdded.has(id) ? activationMoment(nowMs) : state.addedAt?.[id];
			if (since) addedAt[id] = since;
		}
		for (const id of Object.keys(faults)) if (!config.ids.includes(id)) delete faults[id];
		state.addedAt = Object.keys(addedAt).length > 0 ? addedAt : undefined;
		state.ids = config.ids;
		reads = specificReads(state, config.ids, config.maxMailings, due);
	} else {
		const plan = await planRecent(client, state, {
			days: config.days,
			nowMs,
			maxReads: config.maxMailings,
			continueWith: state.continueWith ?? [],
			retry: Object.keys(faults).filter(due),
			isDue: due,
		});
		reads = plan.reads;
		chunkLeft = new Map(plan.chunkSizes);
	}

	const found: Array<{ reply: Reply; mailing: WatchedMailing }> = [];
	const foundIds = new Set<string>();
	const failures: Array<{ id: string; error: Error; failure: 'failed' | 'gone' }> = [];
	let readOk = 0;
	let scanned = 0;
	let stop: Error | undefined;
	let newestSeen: string | undefined;
	for (const read of reads) {
		const { mailing, chunk } = read;
		if (scanned >= config.maxMailings || (scanned > 0 && outOfTime())) break;
		let replies: Reply[] | undefined;
		try {
			replies = await unreadReplies(client, mailing.id, nowMs);
		} catch (error) {
			const failure = classifyReadError(error);
			// the service's request limit holds for every mailing: the rest wait for the next poll
			if (failure === 'rateLimited') {
				stop = error as Error;
				break;
			}
			failures.push({ id: mailing.id, error: error as Error, failure });
		}
		scanned++;
		if (read.next !== undefined) state.cursor = read.next;
		// a group counts as read when each of its mailings was read or had its failure noted
		if (chunk !== undefined && state.chunks?.[chunk]) {
			const left = (chunkLeft.get(chunk) ?? 1) - 1;
			chunkLeft.set(chunk, left);
			if (left === 0) state.chunks[chunk].lastRead = state.polls;
		}
		if (replies === undefined) continue;
		readOk++;
		delete faults[mailing.id];

		// the first poll records what it reads; later, what was received before activation is
		// known as existing by its time, on whichever poll its mailing is first read
		if ((first && state.activatedAt !== '') || justAdded.has(mailing.id)) {
			remember(state, replies.map(asSeen));
			for (const reply of replies) newestSeen = laterTime(newestSeen, reply.receivedAt);
		}
		for (const reply of replies) {
			if (foundIds.has(reply.id) || wasSeen(state, reply.id, reply.receivedAt) || existedBefore(state, mailing.id, reply.receivedAt)) continue;
			foundIds.add(reply.id);
			found.push({ reply, mailing });
		}
	}
	if (readOk === 0 && (stop || (config.watch === 'specificMailings' && failures.some(({ failure }) => failure === 'failed')))) {
		// not one mailing could be read: the service or the key is at fault, not a mailing
		throw stop ?? failures.find(({ failure }) => failure === 'failed')!.error;
	}
	if (first && state.activatedAt !== '') state.activatedAt = activationMoment(nowMs, newestSeen);
	for (const { id, error, failure } of failures) {
		noteFailure(faults, id, failure, error.message, state.polls);
		if (failure === 'gone' && state.hot) delete state.hot[id];
		this.logger.warn(`Messaging Service Trigger: the replies to mailing ${id} could not be read; the other mailings were read: ${error.message}`);
	}

	// oldest first over all mailings, so that Max Replies per Poll never lets a customer's later
	// message out before an earlier one: what does not fit is read again first by the next poll
	found.sort((a, b) => compareReplies(a.reply, b.reply));
	const emitted = found.slice(0, config.maxReplies);
	state.continueWith = [...new Set(found.slice(config.maxReplies).map(({ mailing }) => mailing.id))];
	if (config.watch === 'recentMailings') {
		for (const { reply, mailing } of emitted) {
			if (nowMs - (serviceTimeMs(reply.receivedAt) ?? nowMs) < HOT_MS) makeHot(state, mailing.id, reply.receivedAt || now);
		}
		state.hotFrom = reads.slice(scanned).find((read) => read.hot)?.mailing.id;
		await describeMailings(client, emitted);
	}
	state.polls++;
	remember(state, emitted.map(({ reply }) => asSeen(reply)));
	capSeen(state);

	const pending = config.markAsRead ? state.pendingRead : [];
	state.pendingRead = config.markAsRead
		? await markAsRead(
				this,
				client,
				emitted.map(({ reply }) => reply.id),
				pending,
			)
		: [];
	const toTell = mayReport ? unreported(faults) : [];
	const report = toTell.length > 0 ? faultReport(this.getNode(), toTell) : undefined;
	writeState(staticData, state);

	const items = emitted.map(({ reply, mailing }) => replyItem(reply, mailing, zone));
	if (items.length === 0) return { executions: [], report };
	// n8n's AI Agent reads its memory's session from the first item of an execution, so each
	// conversation gets an execution of its own
	const executions = config.combineRepliesPerPhone ? combineByConversation(items).map((conversation) => [[conversation]]) : [[items]];
	return { executions, report };
}
