/**
 * All that transport/ keeps in module memory, in one place: it is shared by every workflow and every
 * execution that this n8n process runs (DESIGN.md 4c), and gone when the process ends.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { BaseUrlCheck } from './auth';
import type { ApiContext } from './request';

/**
 * One check per credential of an execution (auth.ts; n8n hands the same decrypted object to every
 * request): parsing the Base URL twice per request was a visible share of the node's CPU per item.
 */
export const checkOfCredential = new WeakMap<
	object,
	{ raw: unknown; allow: unknown; check: BaseUrlCheck }
>();

/** One credential read per execution (request.ts): n8n loads it from its database and decrypts it on every read. */
export const credentialOfExecution = new WeakMap<
	ApiContext,
	Promise<ICredentialDataDecryptedObject>
>();
