/**
 * All that Send and Check keep in module memory, in one place: it is shared by every workflow and
 * every execution that this n8n process runs (DESIGN.md 4c). Each workflow's static data is the
 * durable copy (verificationState.ts merges it in and writes it back); another process (a queue-mode
 * worker, a restarted n8n) has its own memory: docs/verification-codes.md states the bound that leaves.
 */
import type { Scope } from './verificationScope';
import type { VerificationKeys } from './verificationToken';
import type { VerificationState } from './verificationState';

/** The keys of a credential, derived once per credential object (n8n hands one to every item of an execution), not per item. */
export const keysOfCredential = new WeakMap<
	object,
	{ material: string; salt: string; keys: VerificationKeys }
>();

export const sharedInThisProcess = {
	/**
	 * One state per place where counts live: `workflow <ID>` (a workflow's own scope) or
	 * `scope <credential> <name>` (a Verification Scope that several workflows may share).
	 */
	states: new Map<string, VerificationState>(),
	/**
	 * Tokens of earlier versions name no scope: the scope that first checked one in this process
	 * holds it until it expires. By `<credential> <nonce>`; at most MAX_ENTRIES live ones.
	 */
	legacyTokenHolders: new Map<string, { holder: Scope; holderKey: string; expiresAt: number }>(),
};
