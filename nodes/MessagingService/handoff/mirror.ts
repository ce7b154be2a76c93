/**
 * The Chat Trigger's copy of who has each conversation, in the workflow's global static data, for
 * the executions to read (view.ts); the trigger writes it (state.ts), executions never do
 * (docs/chatbot.md, Handoff).
 */
import { isObject } from '../base/guards';
import type { HandoffRecord } from './change';

/** What the Chat Trigger writes to the global static data (key `conversations`) for executions to read. */
export interface HandoffMirror {
	v: 1;
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

export function mirrorOf(raw: unknown): HandoffMirror | undefined {
	if (!isObject(raw) || raw.v !== 1 || !isObject(raw.phones)) return undefined;
	return {
		v: 1,
		zone: typeof raw.zone === 'string' ? raw.zone : 'UTC',
		phones: raw.phones as unknown as Record<string, HandoffRecord>,
		known: typeof raw.known === 'string' ? raw.known : '',
		savedAt:
			typeof raw.savedAt === 'number' && Number.isFinite(raw.savedAt) ? raw.savedAt : undefined,
	};
}
