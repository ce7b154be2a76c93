import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { phoneKey, type VerificationKeys } from './verificationToken';
import type { StateLocation } from './verificationScope';
import { MAX_ENTRIES, nowInSeconds, VerificationState } from './verificationState';

function refusal(
	context: IExecuteFunctions,
	phone: string,
	reason: string,
	description: string,
	itemIndex: number,
) {
	return new NodeOperationError(
		context.getNode(),
		`No code sent to Phone "${phone}" in item ${itemIndex}: ${reason}`,
		{
			itemIndex,
			description: `Nothing was sent. ${description}`,
		},
	);
}

/**
 * Starts the phone's resend cooldown before its code goes out, or refuses the send while one runs.
 * Returns what releases it when the service refused the send. Nothing is awaited from the check to
 * the start, and all executions of the scope (the workflow, or every workflow naming the
 * Verification Scope) in this n8n process share the state, so two sends at once cannot both pass.
 */
export function reserveResend(
	context: IExecuteFunctions,
	keys: VerificationKeys,
	phone: string,
	cooldown: number,
	itemIndex: number,
	location: StateLocation,
): () => void {
	if (cooldown === 0) return () => {};
	const now = nowInSeconds();
	const state = VerificationState.open(context, now, location);
	const name = phoneKey(keys, phone);
	const running = state.cooldownOf(name);
	if (running !== undefined) {
		const reason = `a code went to this phone less than ${cooldown} s ago (Resend Cooldown)`;
		const wait = `Another code can be sent to this phone in ${running - now} s; until then the code already sent stays valid.`;
		throw refusal(context, phone, reason, wait, itemIndex);
	}
	if (!state.canStartCooldown()) {
		const wait = `${location.label} keeps at most ${MAX_ENTRIES} phones in the cooldown; try again when older cooldowns have ended.`;
		throw refusal(context, phone, 'too many phones are in their resend cooldown', wait, itemIndex);
	}
	const until = state.startCooldown(name, now + cooldown);
	return () =>
		VerificationState.open(context, nowInSeconds(), location).releaseCooldown(name, until);
}
