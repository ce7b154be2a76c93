import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { createApiClient, type ApiClient } from '../transport/client';
import { DEFAULT_DAYS, DEFAULT_MAX_MAILINGS, DEFAULT_MAX_REPLIES } from './description';
import { readSpecificMailingIds } from './specificMailings';
import { parseMailingIds, recentMailings, specificMailings, type WatchedList, type WatchedMailing } from './mailings';
import { markAsRead } from './markAsRead';
import { asSeen, compareReplies, replyItem, unreadReplies, type Reply } from './replies';
import {
	capSeen,
	compareIds,
	forgetReadReplies,
	freshState,
	isServiceTime,
	laterTime,
	readState,
	remember,
	wasSeen,
	writeState,
	type MailingMemory,
	type TriggerState,
	type WatchMode,
} from './state';

/** Share of n8n's poll budget spent reading mailings; the rest is left for marking and output. */
const BUDGET_SHARE = 0.5;

export interface TriggerConfig {
	watch: WatchMode;
	days: number;
	ids: string[];
	markAsRead: boolean;
	includeExisting: boolean;
	maxMailings: number;
	maxReplies: number;
}

function positive(value: unknown, fallback: number): number {
	const number = Math.floor(Number(value));
	return Number.isFinite(number) && number >= 1 ? number : fallback;
}

export function readConfig(context: IPollFunctions): TriggerConfig {
	const watch = context.getNodeParameter('watch', 'recentMailings') === 'specificMailings' ? 'specificMailings' : 'recentMailings';
	const options = context.getNodeParameter('options', {}) as {
		includeExisting?: boolean;
		maxMailingsPerPoll?: number;
		maxRepliesPerPoll?: number;
	};
	return {
		watch,
		days: watch === 'recentMailings' ? positive(context.getNodeParameter('days', DEFAULT_DAYS), DEFAULT_DAYS) : DEFAULT_DAYS,
		ids: watch === 'specificMailings' ? parseMailingIds(context.getNode(), readSpecificMailingIds(context)) : [],
		markAsRead: context.getNodeParameter('markAsRead', true) !== false,
		includeExisting: options.includeExisting === true,
		maxMailings: positive(options.maxMailingsPerPoll, DEFAULT_MAX_MAILINGS),
		maxReplies: positive(options.maxRepliesPerPoll, DEFAULT_MAX_REPLIES),
	};
}

function budgetClock(context: IPollFunctions): () => boolean {
	const startedAt = Date.now();
	const budgetMs = typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : undefined;
	return () => typeof budgetMs === 'number' && Date.now() - startedAt >= budgetMs * BUDGET_SHARE;
}

async function watchedMailings(client: ApiClient, config: TriggerConfig, listSkip?: number): Promise<WatchedList> {
	return config.watch === 'recentMailings'
		? await recentMailings(client, config.days, Date.now(), listSkip)
		: specificMailings(config.ids);
}

/**
 * "Fetch Test Event": the latest unread reply to the watched mailings (newest mailings first,
 * at most Max Mailings per Poll of them). Reads no state, writes none, marks nothing read.
 */
async function latestReply(context: IPollFunctions, config: TriggerConfig): Promise<INodeExecutionData[][]> {
	const client = createApiClient(context);
	const outOfTime = budgetClock(context);
	const watched = await watchedMailings(client, config);
	const newestFirst = [...watched.mailings].sort((a, b) => compareIds(b.id, a.id)).slice(0, config.maxMailings);
	if (newestFirst.length === 0) {
		throw new NodeOperationError(
			context.getNode(),
			`No reply yet: no chat mailing was created in the last ${config.days} days`,
			{
				description:
					'Send a chat message (for example with the Messaging Service node, Chat Message > Send), answer it from the phone, then click "Fetch Test Event" again.',
			},
		);
	}
	let latest: { reply: Reply; mailing: WatchedMailing } | undefined;
	let scanned = 0;
	for (const mailing of newestFirst) {
		if (scanned > 0 && outOfTime()) break;
		const replies = await unreadReplies(client, mailing.id);
		scanned++;
		const newest = replies[replies.length - 1];
		if (newest && (!latest || compareReplies(newest, latest.reply) > 0)) latest = { reply: newest, mailing };
	}
	if (!latest) {
		throw new NodeOperationError(
			context.getNode(),
			`No reply yet: none of the ${newestFirst.length} watched chat mailing${newestFirst.length === 1 ? ' has an unread reply' : 's has an unread reply'}`,
			{
				description:
					'Answer one of the watched chat mailings from a phone, then click "Fetch Test Event" again. Replies already marked as read are not shown.',
			},
		);
	}
	return [[replyItem(latest.reply, latest.mailing)]];
}

/** The mailings in reading order: those still to baseline, then the others in turn from the cursor. */
function readingOrder(state: TriggerState, mailings: WatchedMailing[]): { order: WatchedMailing[]; others: WatchedMailing[] } {
	const baseline = mailings.filter((mailing) => mailing.id in state.baseline);
	const others = mailings.filter((mailing) => !(mailing.id in state.baseline));
	const cursor = state.cursor;
	const start = cursor === undefined ? 0 : others.findIndex((mailing) => compareIds(mailing.id, cursor) >= 0);
	const rotated = start > 0 ? [...others.slice(start), ...others.slice(0, start)] : others;
	return { order: [...baseline, ...rotated], others };
}

/**
 * One poll: reads the unread replies of the watched mailings (bounded per poll), outputs each
 * reply not output before, remembers it in the node's static data, and marks it read.
 * The state is written only at the end: a poll that fails changes nothing.
 */
export async function pollReplies(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const config = readConfig(this);
	if (this.getMode() === 'manual') return await latestReply(this, config);

	const client = createApiClient(this);
	const outOfTime = budgetClock(this);
	const staticData = this.getWorkflowStaticData('node');
	const previous = readState(staticData);
	const first = previous === undefined || previous.watch !== config.watch;
	const state = first ? freshState(config.watch) : previous;
	if (first && previous) state.clock = previous.clock;

	const watched = await watchedMailings(client, config, first ? 0 : state.listSkip);
	state.clock = laterTime(state.clock, watched.clock);
	state.listSkip = watched.listSkip;
	const watchedIds = new Set(watched.mailings.map((mailing) => mailing.id));

	// Mailings whose existing replies are recorded, not output: all of them at activation
	// (unless Include Existing Replies), and IDs added to Specific Mailings later.
	const newBaseline = new Set<string>();
	if (first) {
		if (!(previous === undefined && config.includeExisting)) {
			for (const id of watchedIds) newBaseline.add(id);
		}
	} else if (config.watch === 'specificMailings') {
		const before = new Set(state.ids ?? []);
		for (const id of watchedIds) if (!before.has(id)) newBaseline.add(id);
	}
	for (const id of newBaseline) state.baseline[id] = '';
	state.ids = config.watch === 'specificMailings' ? [...watchedIds] : undefined;
	if (watched.complete) {
		for (const id of Object.keys(state.mailings)) if (!watchedIds.has(id)) delete state.mailings[id];
		for (const id of Object.keys(state.baseline)) if (!watchedIds.has(id)) delete state.baseline[id];
	}

	const { order, others } = readingOrder(state, watched.mailings);
	const emitted: Array<{ reply: Reply; mailing: WatchedMailing }> = [];
	let cursor = state.cursor;
	let scanned = 0;
	for (const mailing of order) {
		if (scanned >= config.maxMailings || emitted.length >= config.maxReplies) break;
		if (scanned > 0 && outOfTime()) break;
		const replies = await unreadReplies(client, mailing.id);
		scanned++;
		for (const reply of replies) state.clock = laterTime(state.clock, reply.receivedAt);

		const memory: MailingMemory = state.mailings[mailing.id] ?? { seen: [] };
		let candidates = replies;
		const inBaseline = mailing.id in state.baseline;
		if (inBaseline) {
			const before = newBaseline.has(mailing.id) ? '' : state.baseline[mailing.id];
			const existing = (reply: Reply) => before === '' || !isServiceTime(reply.receivedAt) || reply.receivedAt <= before;
			remember(memory, replies.filter(existing).map(asSeen));
			candidates = replies.filter((reply) => !existing(reply));
			delete state.baseline[mailing.id];
		}
		const unseen = candidates.filter((reply) => !wasSeen(memory, reply.id, reply.receivedAt));
		const taken = unseen.slice(0, config.maxReplies - emitted.length);
		remember(memory, taken.map(asSeen));
		for (const reply of taken) emitted.push({ reply, mailing });
		forgetReadReplies(memory, replies.map(asSeen));
		if (memory.seen.length > 0 || memory.floor !== undefined) state.mailings[mailing.id] = memory;
		else delete state.mailings[mailing.id];

		if (taken.length < unseen.length) {
			// the rest of this mailing's replies come first next poll
			cursor = mailing.id;
			break;
		}
		if (!inBaseline) {
			const next = others[others.indexOf(mailing) + 1];
			cursor = next?.id;
		}
	}

	// A mailing of this poll's baseline that was not read yet: what arrives after now is new.
	for (const id of newBaseline) if (id in state.baseline) state.baseline[id] = state.clock ?? '';
	state.cursor = cursor;
	capSeen(state.mailings);

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

	if (emitted.length === 0) return null;
	emitted.sort((a, b) => compareReplies(a.reply, b.reply));
	return [emitted.map(({ reply, mailing }) => replyItem(reply, mailing))];
}
