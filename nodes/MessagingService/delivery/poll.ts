import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { loadPiece, savePiece } from '../base/savedPiece';
import { classifyReadError } from '../replies/faults';
import { createApiClient, type ApiClient } from '../transport/client';
import { accountOf } from '../transport/secrets';
import { pollTimeShare } from '../trigger/pollTimeShare';
import { sentAfter } from './announce';
import { readDeliveryConfig, type DeliveryConfig } from './config';
import { newEvents, type Flight } from './events';
import { eventItem } from './items';
import {
	deliveryLedgerOf,
	eventKey,
	noteFinished,
	noteNotRun,
	type DeliveryLedger,
} from './ledger';
import { listedSends } from './listing';
import { dueSends } from './plan';
import { readStatuses } from './status';
import { sampleEvent } from './testEvent';
import { channelOf, isMailing, type Send } from './types';
import {
	enforceBounds,
	sendKey,
	settle,
	watch,
	watchPiece,
	type WatchedSend,
	type WatchState,
} from './watchList';

/** A poll's budget is the requests a minute times the minutes since the last poll, within these. */
const MIN_BUDGET_MINUTES = 1;
const MAX_BUDGET_MINUTES = 15;

export interface DeliveryExecution {
	data: INodeExecutionData[][];
	/** n8n finished it: its events are done */
	finished(): void;
	/** n8n never ran it: its events are emitted again */
	notFinished(): void;
}

export interface DeliveryPollResult {
	execution?: DeliveryExecution;
	testEvent?: INodeExecutionData[][];
}

/** Counts the requests a poll sends, to keep it within its budget. */
function counted(client: ApiClient): { client: ApiClient; used: () => number } {
	let used = 0;
	const count =
		<A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
		async (...args: A) => {
			used++;
			return await call(...args);
		};
	return {
		client: {
			itemIndex: client.itemIndex,
			call: count(client.call.bind(client)),
			one: count(client.one.bind(client)),
			many: count(client.many.bind(client)),
			list: count(client.list.bind(client)),
			paged: count(client.paged.bind(client)),
		},
		used: () => used,
	};
}

/**
 * One poll of the Delivery Trigger: takes the sends announced or listed since the last poll,
 * reads the statuses of those due (plan.ts) within the request budget, and emits one execution
 * with an item per message and new status. An event is in flight until n8n has finished its
 * execution (ledger.ts); emitted again, flagged, after a restart before that.
 */
export async function pollDeliveries(this: IPollFunctions): Promise<DeliveryPollResult> {
	const config = readDeliveryConfig(this);
	if (this.getMode() === 'manual') return { testEvent: await sampleEvent(this, config) };
	const ledger = deliveryLedgerOf(`${this.getWorkflow().id ?? ''}:${this.getNode().id}`);
	// n8n's durable scheduler can start several polls of one trigger at once: one at a time
	if (ledger.polling) return {};
	ledger.polling = true;
	try {
		return await pollOnce.call(this, config, ledger);
	} finally {
		ledger.polling = false;
	}
}

function loadState(staticData: IDataObject, ledger: DeliveryLedger): WatchState {
	const loaded = loadPiece(staticData, watchPiece) ?? { round: 0, sends: [] };
	if (ledger.latest && ledger.latest.round > loaded.round)
		return watchPiece.decode(watchPiece.encode(ledger.latest.form as unknown as WatchState))!;
	return loaded;
}

/** Announced sends this trigger has not taken: from its first poll in this process on, or since its last poll (a republish). */
async function announcedSends(
	context: IPollFunctions,
	state: WatchState,
	ledger: DeliveryLedger,
): Promise<Send[]> {
	const account = await accountOf(context);
	if (ledger.cursor === undefined) {
		const since = state.polledAt;
		const { sends, last } = sentAfter(account, 0);
		ledger.cursor = last;
		return since === undefined ? [] : sends.filter((send) => send.sentAt >= since);
	}
	const { sends, last } = sentAfter(account, ledger.cursor);
	ledger.cursor = last;
	return sends;
}

async function pollOnce(
	this: IPollFunctions,
	config: DeliveryConfig,
	ledger: DeliveryLedger,
): Promise<DeliveryPollResult> {
	const now = Date.now();
	const staticData = this.getWorkflowStaticData('node');
	const state = loadState(staticData, ledger);
	const again = settle(state, ledger, now);
	const minutes = (now - (ledger.lastPollAt ?? now)) / 60_000;
	const budget = Math.floor(
		config.requestsPerMinute * Math.min(MAX_BUDGET_MINUTES, Math.max(MIN_BUDGET_MINUTES, minutes)),
	);
	ledger.lastPollAt = now;
	const { client, used } = counted(createApiClient(this));
	const warn = (message: string) => this.logger.warn(`Delivery Trigger: ${message}`);

	if (config.watch === 'sentHere') watch(state, await announcedSends(this, state, ledger));
	else {
		try {
			const listed = await listedSends(client, state.listing, config.channels, now);
			state.listing = listed.listing;
			watch(state, listed.sends);
		} catch (error) {
			warn(
				`the service's mailing lists could not be read (${(error as Error).message}); tried again at the next poll`,
			);
		}
	}
	const dropped = enforceBounds(state, now, config.watchMs, config.maxWatched);
	if (dropped.length > 0)
		warn(
			`${dropped.length} sends are no longer watched (older than Stop Watching After, or past Max Watched Messages): ${dropped
				.slice(0, 5)
				.map(sendKey)
				.join(', ')}${dropped.length > 5 ? ', ...' : ''}`,
		);

	const emitted: Array<{
		send: WatchedSend;
		phone: string;
		event: string;
		flight: Flight;
		redelivered: boolean;
	}> = again.map((entry) => ({ ...entry, flight: { ...entry.flight, at: now } }));
	const outOfTime = pollTimeShare(this);
	const timeLimit = Number.isFinite(config.choice.timeLimitMs)
		? config.choice.timeLimitMs
		: undefined;
	let reads = 0;
	const gone = new Set<WatchedSend>();
	for (const send of dueSends(state.sends, now, timeLimit)) {
		if (used() >= budget || (reads > 0 && outOfTime())) break;
		reads++;
		let statuses;
		try {
			statuses = await readStatuses(client, send.kind, send.id, send.phone);
		} catch (error) {
			const failure = classifyReadError(error);
			// the service's request limit holds for every send: the rest wait for the next poll
			if (failure === 'rateLimited') break;
			if (failure === 'gone') {
				gone.add(send);
				warn(
					`${sendKey(send)} is not on this account (${(error as Error).message}); no longer watched`,
				);
				continue;
			}
			send.readAt = now;
			send.failures = (send.failures ?? 0) + 1;
			if (send.failures === 3)
				warn(
					`${sendKey(send)} could not be read 3 times in a row (${(error as Error).message}); read less often`,
				);
			continue;
		}
		send.readAt = now;
		delete send.failures;
		for (const read of statuses) {
			const phone = isMailing(send.kind) ? read.phone : (send.phone ??= read.phone);
			const message = (send.messages[phone] ??= {});
			if (message.closed) continue;
			const found = newEvents(
				channelOf(send.kind),
				config.choice,
				message,
				read,
				now - send.sentAt,
			);
			for (const event of found.events) {
				const flight: Flight = {
					at: now,
					status: read.status,
					...(read.errorCode !== undefined ? { errorCode: read.errorCode } : {}),
					...(read.statusAt ? { statusAt: read.statusAt } : {}),
				};
				emitted.push({ send, phone, event, flight, redelivered: false });
			}
			if (found.closed) message.closed = true;
		}
	}
	state.sends = state.sends.filter((send) => !gone.has(send));
	for (const { send, phone, event, flight } of emitted)
		(send.messages[phone].flight ??= {})[event] = flight;

	state.round++;
	state.polledAt = now;
	const form = savePiece(staticData, watchPiece, state);
	ledger.latest = { round: state.round, form: JSON.parse(JSON.stringify(form)) as IDataObject };
	if (emitted.length === 0) return {};

	const keys = emitted.map(({ send, phone, event }) => eventKey(sendKey(send), phone, event));
	for (const key of keys) ledger.inFlight.set(key, now);
	emitted.sort((a, b) => a.send.sentAt - b.send.sentAt);
	return {
		execution: {
			data: [
				emitted.map(({ send, phone, event, flight, redelivered }) =>
					eventItem(send, phone, event, flight, config.watch, redelivered),
				),
			],
			finished: () => noteFinished(ledger, keys),
			notFinished: () => noteNotRun(ledger, keys),
		},
	};
}
