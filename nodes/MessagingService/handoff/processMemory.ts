/**
 * All that handoff keeps in module memory, in one place: it is shared by every workflow and every
 * execution that this n8n process runs (DESIGN.md 4c), and gone when the process ends.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { HandoffChange } from './change';
import type { BotTurn } from './executionTurn';
import type { HandoffInbox } from './inProcess';

/** Channel 1 (inProcess.ts): the open inboxes of the Chat Triggers of this process, by workflow ID. */
export const inboxes = new Map<string, Set<HandoffInbox>>();
/** Changes published in this process lately, per workflow, so an execution sees them before the trigger's copy does (inProcess.ts). */
export const published = new Map<string, Map<string, HandoffChange>>();
/** The bot turn each node run began with, worked out once (executionTurn.ts). */
export const turnOfRun = new WeakMap<IExecuteFunctions, BotTurn | null>();
