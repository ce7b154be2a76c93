import type { INodeProperties } from 'n8n-workflow';

import { SCOPE_FIELD } from './verificationScope';

/** The Verification Scope option, the same on Send and Check (verificationScope.ts). */
export function scopeOption(operation: 'send' | 'check'): INodeProperties {
	const where =
		operation === 'send'
			? 'Check accepts the token only in this workflow, or with the same scope named on its Check'
			: 'This Check accepts only tokens sent in this workflow, or by a Send that names the same scope';
	return {
		displayName: SCOPE_FIELD,
		name: 'verificationScope',
		type: 'string',
		noDataExpression: true,
		default: '',
		placeholder: 'e.g. signup',
		description: `${where}. Name one scope on Send and Check to send in one workflow and check in another: the workflows with that scope share one attempt count and one resend cooldown. Empty: this workflow only.`,
	};
}
