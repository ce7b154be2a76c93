/**
 * All that the sending guards keeps in module memory, in one place: it is shared by every workflow and every
 * execution that this n8n process runs (DESIGN.md 4c), and gone when the process ends.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { Refusal, Settings } from './sendingGuards';

/** The guards' settings of each node run, worked out once (sendingGuards.ts). */
export const guardsOfRun = new WeakMap<IExecuteFunctions, Promise<Settings | Refusal>>();
