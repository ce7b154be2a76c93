import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { createApiClient, type ApiClient } from '../transport/client';
import { serviceZone } from '../helpers/serviceZone';
import { serviceNow, serviceTimeMs } from '../base/serviceTime';
import { budgetClock } from './budget';
import { readConfig } from './config';
import { combineByConversation } from './conversation';
import { markAsRead } from './markAsRead';
import { specificMailings, type WatchedMailing } from './mailings';
import { makeHot, planRecent, type PlannedRead, type RecentPlan } from './recentPlan';
import { asSeen, compareReplies, replyItem, unreadReplies, type Reply } from './replies';
import { HOT_MS } from './schedule';
import { capSeen, existedBefore, freshState, readState, remember, wasSeen, writeState, type TriggerState } from './state';
import { latestReply } from './testEvent';
import { compareIds } from '../base/ids';

/** Specific Mailings: the given IDs in turn from the cursor, at most `max` of them. */
function specificReads(state: TriggerState, ids: string[], max: number): PlannedRead[] {
	const mailings = specificMailings(ids).mailings;
	const cursor = state.cursor;
	const start = cursor === undefined ? 0 : mailings.findIndex((mailing) => compareIds(mailing.id, cursor) >= 0);
	const order = start > 0 ? [...mailings.slice(start), ...mailings.slice(0, start)] : mailings;
	return order.slice(0, max).map((mailing) => ({ mailing }));
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

/**
 * One poll: reads the unread replies of the watched mailings (bounded per poll), outputs each
 * reply not output before, remembers its ID in the node's static data, and marks it read.
 * The state is written only at the end: a poll that fails changes nothing. Returns the
 * executions to start, each as the data of the trigger's output: none when nothing is new.
 */
export async function pollReplies(this: IPollFunctions): Promise<Array<INodeExecutionData[][]>> {
	const config = readConfig(this);
	if (this.getMode() === 'manual') return [await latestReply(this, config)];

	const client = createApiClient(this);
	const outOfTime = budgetClock(this);
	const staticData = this.getWorkflowStaticData('node');
	const previous = readState(staticData);
	const first = previous === undefined || previous.watch !== config.watch;
	const zone = await serviceZone(this);
	const now = serviceNow(zone);
	const state = first ? freshState(config.watch, previous === undefined && config.includeExisting ? '' : now) : previous;

	const justAdded = new Set<string>();
	let plan: RecentPlan | undefined;
	let reads: PlannedRead[];
	if (config.watch === 'specificMailings') {
		// an ID added to the list later: its replies from before it was added are existing
		const before = first ? undefined : new Set(state.ids ?? []);
		const addedAt: Record<string, string> = {};
		for (const id of config.ids) {
			if (before && !before.has(id)) justAdded.add(id);
			const since = justAdded.has(id) ? now : state.addedAt?.[id];
			if (since) addedAt[id] = since;
		}
		state.addedAt = Object.keys(addedAt).length > 0 ? addedAt : undefined;
		state.ids = config.ids;
		reads = specificReads(state, config.ids, config.maxMailings);
	} else {
		plan = await planRecent(client, state, {
			days: config.days,
			nowMs: serviceTimeMs(now) ?? Date.now(),
			maxReads: config.maxMailings,
			continueWith: state.cursor,
		});
		reads = plan.reads;
	}

	const emitted: Array<{ reply: Reply; mailing: WatchedMailing }> = [];
	const emittedIds = new Set<string>();
	const nowMs = serviceTimeMs(now) ?? Date.now();
	const chunkLeft = new Map(plan?.chunkSizes ?? []);
	let cursor: string | undefined = config.watch === 'specificMailings' ? state.cursor : undefined;
	let scanned = 0;
	for (const { mailing, chunk } of reads) {
		if (scanned >= config.maxMailings || emitted.length >= config.maxReplies) break;
		if (scanned > 0 && outOfTime()) break;
		const replies = await unreadReplies(client, mailing.id);
		scanned++;

		// the first poll records what it reads; later, what was received before activation is
		// known as existing by its time, on whichever poll its mailing is first read
		if ((first && state.activatedAt !== '') || justAdded.has(mailing.id)) remember(state, replies.map(asSeen));
		const unseen = replies.filter(
			(reply) =>
				!emittedIds.has(reply.id) &&
				!wasSeen(state, reply.id, reply.receivedAt) &&
				!existedBefore(state, mailing.id, reply.receivedAt),
		);
		const fresh = unseen.filter((reply, index) => unseen.findIndex((other) => other.id === reply.id) === index);
		const taken = fresh.slice(0, config.maxReplies - emitted.length);
		for (const reply of taken) {
			emitted.push({ reply, mailing });
			emittedIds.add(reply.id);
			if (plan && nowMs - (serviceTimeMs(reply.receivedAt) ?? 0) < HOT_MS) makeHot(state, mailing.id, reply.receivedAt);
		}
		if (chunk !== undefined && state.chunks?.[chunk]) {
			const left = (chunkLeft.get(chunk) ?? 1) - 1;
			chunkLeft.set(chunk, left);
			if (left === 0) state.chunks[chunk].lastRead = state.polls;
		}

		if (taken.length < fresh.length) {
			// the rest of this mailing's replies come first next poll
			cursor = mailing.id;
			break;
		}
		if (config.watch === 'specificMailings') {
			const ids = config.ids;
			cursor = ids[(ids.indexOf(mailing.id) + 1) % ids.length];
		}
	}
	if (plan) {
		state.hotFrom = reads.slice(scanned).find((read) => read.hot)?.mailing.id;
		await describeMailings(client, emitted);
	}
	state.polls++;
	remember(state, emitted.map(({ reply }) => asSeen(reply)));
	state.cursor = cursor;
	capSeen(state);

	const retry = config.markAsRead ? state.pendingRead : [];
	state.pendingRead = [];
	if (config.markAsRead) {
		state.pendingRead = await markAsRead(
			this,
			client,
			emitted.map(({ reply }) => reply.id),
			retry,
		);
	}
	writeState(staticData, state);

	if (emitted.length === 0) return [];
	emitted.sort((a, b) => compareReplies(a.reply, b.reply));
	const items = emitted.map(({ reply, mailing }) => replyItem(reply, mailing, zone));
	if (!config.combineRepliesPerPhone) return [[items]];
	// n8n's AI Agent reads its memory's session from the first item of an execution, so each
	// conversation gets an execution of its own
	return combineByConversation(items).map((conversation) => [[conversation]]);
}
