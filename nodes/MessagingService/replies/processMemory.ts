/**
 * All that the reply kernel keeps in module memory, in one place: it is shared by every workflow and every
 * execution that this n8n process runs (DESIGN.md 4c), and gone when the process ends.
 */
import type { Ledger } from './acknowledgment';

/** The ledger of each trigger in this process, by `workflowId:nodeId` (acknowledgment.ts). */
export const ledgers = new Map<string, Ledger>();
