/**
 * Where a token's limits are kept: its scope. By default the workflow that sent it; or a
 * Verification Scope named on Send and on Check (such as "signup"), which several workflows of one
 * credential share. A token names its scope (signed, verificationToken.ts), and a Check of another
 * scope answers wrongScope: the counts that decide (attempts, use, the resend cooldown) live in
 * one scope only, so a token checked elsewhere would escape them.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { invalidField } from '../../base/validation';

export type Scope = { kind: 'workflow'; workflowId: string } | { kind: 'named'; name: string };

export const SCOPE_FIELD = 'Verification Scope';

const SCOPE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._:-]{0,63}$/u;
const SCOPE_RULE =
	'a scope is a name of 1 to 64 letters, digits, spaces, dots, dashes, underscores or colons, starting with a letter or a digit';

export const isScopeName = (text: string): boolean => SCOPE_NAME.test(text);

/** The scope of Send or Check for an item: the Verification Scope option, else the node's workflow. */
export function readScope(context: IExecuteFunctions, itemIndex: number): Scope {
	const value = context.getNodeParameter('options.verificationScope', itemIndex, '');
	const text = typeof value === 'string' ? value.trim() : value;
	if (text === '' || text === undefined || text === null)
		return { kind: 'workflow', workflowId: context.getWorkflow().id ?? '' };
	if (typeof text !== 'string' || !isScopeName(text))
		throw invalidField(context.getNode(), SCOPE_FIELD, value, SCOPE_RULE, itemIndex);
	return { kind: 'named', name: text };
}

export function sameScope(a: Scope, b: Scope): boolean {
	return a.kind === 'workflow'
		? b.kind === 'workflow' && a.workflowId === b.workflowId
		: b.kind === 'named' && a.name === b.name;
}

/** A scope in a user's words. */
function named(scope: Scope): string {
	return scope.kind === 'named'
		? `Verification Scope "${scope.name}"`
		: `the workflow with ID "${scope.workflowId}" (no Verification Scope)`;
}

const HOW_TO_SHARE =
	'To send in one workflow and check in another, set the same Verification Scope on both Send and Check.';

/** Check's message for a token of another scope: both scopes named, and what to change. */
export function wrongScopeMessage(token: Scope, check: Scope): string {
	return `This token belongs to ${named(token)}, and this Check to ${named(check)}: it is checked only where it was sent. ${HOW_TO_SHARE}`;
}

/** Check's message for a token of an earlier version, which another scope checked first. */
export function heldElsewhereMessage(holder: Scope, check: Scope): string {
	return `This token, sent by an earlier version of the package, was first checked in ${named(holder)} and is checked only there; this Check belongs to ${named(check)}.`;
}

/** Where the state of a scope lives: in this process's memory, and in each workflow's static data. */
export interface StateLocation {
	scope: Scope;
	/** its name in this process's memory (processMemory.ts); undefined for an unsaved workflow, whose state lives as long as its execution's static data */
	memoryKey: string | undefined;
	/** its key in the workflow's static data (global) */
	staticKey: string;
	/** the scope in a user's words, for messages */
	label: string;
}

/** The static data key of 0.1.0, kept for a workflow's own scope. */
const STATIC_DATA_KEY = 'messagingServiceVerification';

/**
 * A named scope is kept per credential (`credentialId`, from its keys: credentials with one
 * Verification Secret share it, as they share tokens); a workflow's own scope per workflow, as before.
 */
export function stateLocation(scope: Scope, credentialId: string): StateLocation {
	if (scope.kind === 'workflow') {
		return {
			scope,
			memoryKey: scope.workflowId ? `workflow ${scope.workflowId}` : undefined,
			staticKey: STATIC_DATA_KEY,
			label: 'The workflow',
		};
	}
	return {
		scope,
		memoryKey: `scope ${credentialId} ${scope.name}`,
		staticKey: `${STATIC_DATA_KEY} scope ${credentialId} ${scope.name}`,
		label: `Verification Scope "${scope.name}"`,
	};
}
