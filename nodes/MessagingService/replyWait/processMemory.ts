/**
 * All that Send and Wait for Reply keeps in module memory, in one place: it is shared by every
 * workflow and every execution that this n8n process runs (DESIGN.md 4c), and gone when the
 * process ends.
 */
import type { ReplyDesk } from './desk';

/** The reply desk of each account in this process (registry.ts), by a hash of the account. */
export const desks = new Map<string, ReplyDesk>();
