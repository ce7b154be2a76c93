/** What a watched send is: one message (read alone) or a mailing (its recipients read in one list). */
export type UnitKind = 'chatMessage' | 'chatMailing' | 'sms' | 'smsMailing';

/** A send announced by one of this package's nodes, or found in the service's mailing lists. */
export interface Send {
	kind: UnitKind;
	/** message_id (chat, mailings) or sms_id (SMS) */
	id: string;
	/** the recipient of a single message, when the sender knew it */
	phone?: string;
	/** when it was sent (this process's clock) */
	sentAt: number;
}

/** The events a user can pick; a status the docs do not list is emitted as `otherStatus`. */
export const EVENTS = ['delivered', 'read', 'failed', 'timedOut'] as const;
export type PickedEvent = (typeof EVENTS)[number];

export function channelOf(kind: UnitKind): 'chat' | 'sms' {
	return kind === 'chatMessage' || kind === 'chatMailing' ? 'chat' : 'sms';
}

export function isMailing(kind: UnitKind): boolean {
	return kind === 'chatMailing' || kind === 'smsMailing';
}
