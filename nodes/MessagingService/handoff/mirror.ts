/**
 * The Chat Trigger's copy of who has each conversation, in the workflow's global static data, for
 * the executions to read (view.ts); the trigger writes it (state.ts), executions never do
 * (docs/chatbot.md, Handoff).
 */
import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../base/guards';
import type { SavedPiece } from '../base/savedPiece';
import type { HandoffRecord } from './change';

/** Phones kept with a holder record (a person has it, or had it within RECORD_KEPT_MS, or its catch-up is not delivered yet). */
export const MAX_HANDOFF_PHONES = 2000;

/** What the Chat Trigger writes to the global static data (MIRROR) for executions to read. */
export interface HandoffMirror {
	/** the service's time zone (dates are shown in it) */
	zone: string;
	/** phone → its record (phones a person has or had lately) */
	phones: Record<string, HandoffRecord>;
	/** the phones the trigger knows a conversation of (a reply or a mailing), space-separated */
	known: string;
	/** when the trigger wrote this copy (epoch ms, its clock): an execution may start with the copy of an earlier emit */
	savedAt?: number;
}

export const MIRROR_KEY = 'conversations';

/** The copy in the global static data (saved with `v: 1` until issue 50, still read). */
export const MIRROR: SavedPiece<HandoffMirror> = {
	key: MIRROR_KEY,
	version: 1,
	bound: { max: MAX_HANDOFF_PHONES, of: 'phones' },
	decode: (raw) =>
		isObject(raw.phones)
			? {
					zone: typeof raw.zone === 'string' ? raw.zone : 'UTC',
					phones: raw.phones as unknown as Record<string, HandoffRecord>,
					known: typeof raw.known === 'string' ? raw.known : '',
					savedAt:
						typeof raw.savedAt === 'number' && Number.isFinite(raw.savedAt)
							? raw.savedAt
							: undefined,
				}
			: undefined,
	encode: (mirror) => ({ ...mirror }) as unknown as IDataObject,
};
