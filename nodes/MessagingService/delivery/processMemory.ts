/**
 * All that the Delivery Trigger keeps in module memory, in one place: it is shared by every workflow
 * and every execution that this n8n process runs (DESIGN.md 4c), and gone when the process ends.
 */
import type { DeliveryLedger } from './ledger';
import type { Send } from './types';

/** The sends this process's nodes made lately, by account, in order (announce.ts). */
export const sentLog: Array<{ seq: number; account: string; send: Send }> = [];
/** The last sequence number handed out in `sentLog`. */
export const sentSeq = { last: 0 };
/** What this process knows of each Delivery Trigger's executions, by `workflowId:nodeId` (ledger.ts). */
export const deliveryLedgers = new Map<string, DeliveryLedger>();
