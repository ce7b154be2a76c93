import type { StatusRead } from './status';
import type { PickedEvent } from './types';

/** An event emitted and not yet known to be finished by n8n: what its item said. */
export interface Flight {
	/** when it was emitted (this process's clock) */
	at: number;
	status: string;
	errorCode?: number | string;
	statusAt?: string;
}

/** One recipient's state in the watch list, as saved. */
export interface MessageState {
	/** events whose execution n8n finished */
	done?: string[];
	/** events emitted, by event, whose execution is not known to have finished */
	flight?: Record<string, Flight>;
	/** nothing more to emit: its last status, a failure or the time limit */
	closed?: boolean;
}

/** What the user asked for. */
export interface EventChoice {
	picked: ReadonlySet<PickedEvent>;
	/** Time Limit for timedOut, in ms */
	timeLimitMs: number;
}

/** The event of a status the docs do not list: one per value. */
export function otherStatusEvent(status: string): string {
	return `otherStatus:${status}`;
}

/** The status a message is watched up to: the furthest one picked, else its channel's last. */
function reachedTarget(channel: 'chat' | 'sms', choice: EventChoice, read: StatusRead): boolean {
	if (channel === 'sms') return read.delivered;
	const wantsRead = choice.picked.has('read') || !choice.picked.has('delivered');
	return wantsRead ? read.read : read.delivered;
}

/**
 * The events a fresh read gives one recipient, not emitted before (done or in flight), and whether
 * its watch ends with them. Read implies delivered: a message read between two reads is both.
 */
export function newEvents(
	channel: 'chat' | 'sms',
	choice: EventChoice,
	state: MessageState,
	read: StatusRead,
	ageMs: number,
): { events: string[]; closed: boolean } {
	const known = new Set([...(state.done ?? []), ...Object.keys(state.flight ?? {})]);
	const events: string[] = [];
	const add = (event: string) => {
		if (!known.has(event)) events.push(event);
	};
	if (!read.listed) add(otherStatusEvent(read.status));
	if (read.failed) {
		if (choice.picked.has('failed')) add('failed');
		return { events, closed: true };
	}
	if (read.delivered && choice.picked.has('delivered')) add('delivered');
	if (read.read && choice.picked.has('read')) add('read');
	if (reachedTarget(channel, choice, read)) return { events, closed: true };
	if (choice.picked.has('timedOut') && ageMs >= choice.timeLimitMs) {
		add('timedOut');
		return { events, closed: true };
	}
	return { events, closed: false };
}
