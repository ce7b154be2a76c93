/**
 * All that helpers/ keeps in module memory, in one place: it is shared by every workflow and every
 * execution that this n8n process runs (DESIGN.md 4c), and gone when the process ends.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

/** Each mailing sent lately, by account and mailing ID: its phone, and whether a bot turn sent it (chatsSent.ts). */
export const phoneOfMailing = new Map<string, { phone: string; at: number; byBot: boolean }>();
/** The credential's Default Country of a run, read before its items (phone.ts). */
export const credentialCountries = new WeakMap<IExecuteFunctions, string>();
