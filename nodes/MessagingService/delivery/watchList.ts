import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../base/guards';
import type { SavedPiece } from '../base/savedPiece';
import type { Flight, MessageState } from './events';
import { eventKey, REDELIVER_AFTER_MS, type DeliveryLedger } from './ledger';
import type { ListingState } from './listing';
import type { Send } from './types';

/** Messages watched at once, by default (Max Watched Messages): past it the oldest sends are given up. */
export const DEFAULT_MAX_WATCHED = 10_000;

export interface WatchedSend extends Send {
	/** the last read (this process's clock), successful or not */
	readAt?: number;
	/** failed reads in a row */
	failures?: number;
	/** by recipient phone */
	messages: Record<string, MessageState>;
}

export interface WatchState {
	/** polls that saved it: the newer of two forms has more */
	round: number;
	/** when the last poll began */
	polledAt?: number;
	sends: WatchedSend[];
	/** Recent Mailings: how far the service's mailing lists were read */
	listing?: ListingState;
}

export function sendKey(send: Pick<Send, 'kind' | 'id'>): string {
	return `${send.kind}:${send.id}`;
}

export const watchPiece: SavedPiece<WatchState> = {
	key: 'deliveryWatch',
	version: 1,
	bound: { max: DEFAULT_MAX_WATCHED, of: 'messages (Max Watched Messages)' },
	decode(saved) {
		if (!Array.isArray(saved.sends) || typeof saved.round !== 'number') return undefined;
		const sends = (saved.sends as unknown[]).filter(
			(send): send is WatchedSend =>
				isObject(send) &&
				typeof send.kind === 'string' &&
				typeof send.id === 'string' &&
				typeof send.sentAt === 'number' &&
				isObject(send.messages),
		);
		return {
			round: saved.round,
			sends,
			...(typeof saved.polledAt === 'number' ? { polledAt: saved.polledAt } : {}),
			...(isObject(saved.listing) ? { listing: saved.listing as ListingState } : {}),
		};
	},
	encode(state) {
		return JSON.parse(JSON.stringify(state)) as IDataObject;
	},
};

/** An event to emit again: emitted before and not known to be finished. */
export interface Reemit {
	send: WatchedSend;
	phone: string;
	event: string;
	flight: Flight;
	/** its execution may have run (a restart, or no answer from n8n for REDELIVER_AFTER_MS) */
	redelivered: boolean;
}

/**
 * Brings the watch list up to what this process knows: events whose execution finished become
 * done; those emitted elsewhere or long unsettled, or whose execution n8n never created, are
 * handed back to be emitted again. Sends with nothing left to emit or await are removed.
 */
export function settle(state: WatchState, ledger: DeliveryLedger, now: number): Reemit[] {
	const again: Reemit[] = [];
	for (const send of state.sends) {
		for (const [phone, message] of Object.entries(send.messages)) {
			for (const [event, flight] of Object.entries(message.flight ?? {})) {
				const key = eventKey(sendKey(send), phone, event);
				if (ledger.finished.has(key)) {
					ledger.finished.delete(key);
					delete message.flight![event];
					message.done = [...(message.done ?? []), event];
					continue;
				}
				const heldSince = ledger.inFlight.get(key);
				if (heldSince !== undefined && now - heldSince < REDELIVER_AFTER_MS) continue;
				const neverRan = ledger.notRun.delete(key);
				again.push({ send, phone, event, flight, redelivered: !neverRan });
			}
			if (message.flight && Object.keys(message.flight).length === 0) delete message.flight;
		}
	}
	state.sends = state.sends.filter((send) => !isOver(send));
	return again;
}

/** Nothing more to read or await: every recipient closed, none in flight (a mailing with none yet is not). */
export function isOver(send: WatchedSend): boolean {
	const messages = Object.values(send.messages);
	return messages.length > 0 && messages.every((message) => message.closed && !message.flight);
}

/** How many messages a send counts for the bound: its recipients, at least one. */
function sizeOf(send: WatchedSend): number {
	return Math.max(1, Object.keys(send.messages).length);
}

/**
 * Gives up the sends older than `maxAgeMs`, then the oldest while the list holds more than
 * `maxMessages` messages; returns those given up, to report. A send with events in flight is kept.
 */
export function enforceBounds(
	state: WatchState,
	now: number,
	maxAgeMs: number,
	maxMessages: number,
): WatchedSend[] {
	const inFlight = (send: WatchedSend) => Object.values(send.messages).some((m) => m.flight);
	const dropped: WatchedSend[] = [];
	state.sends = state.sends.filter((send) => {
		const old = now - send.sentAt >= maxAgeMs && !inFlight(send);
		if (old) dropped.push(send);
		return !old;
	});
	let size = state.sends.reduce((sum, send) => sum + sizeOf(send), 0);
	if (size <= maxMessages) return dropped;
	const oldestFirst = [...state.sends].sort((a, b) => a.sentAt - b.sentAt);
	const given = new Set<WatchedSend>();
	for (const send of oldestFirst) {
		if (size <= maxMessages) break;
		if (inFlight(send)) continue;
		given.add(send);
		size -= sizeOf(send);
	}
	state.sends = state.sends.filter((send) => !given.has(send));
	return [...dropped, ...given];
}

/** Adds sends not watched yet (an announcement and a listing may name one send twice). */
export function watch(state: WatchState, sends: Send[]): number {
	const known = new Set(state.sends.map(sendKey));
	let added = 0;
	for (const send of sends) {
		const key = sendKey(send);
		if (known.has(key)) continue;
		known.add(key);
		state.sends.push({ ...send, messages: send.phone ? { [send.phone]: {} } : {} });
		added++;
	}
	return added;
}
