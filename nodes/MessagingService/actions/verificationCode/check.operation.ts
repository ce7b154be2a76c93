import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkPhone } from '../../helpers/fields';
import { readCredential } from '../../transport/request';
import { forOperation } from '../display';
import { holdLegacyToken } from './legacyTokens';
import { readNumberOption } from './numberOption';
import { codeMatches, readToken, verificationKeys } from './verificationToken';
import {
	heldElsewhereMessage,
	readScope,
	sameScope,
	stateLocation,
	wrongScopeMessage,
} from './verificationScope';
import { scopeOption } from './scopeOption';
import { nowInSeconds, VerificationState } from './verificationState';

export const DEFAULT_MAX_WRONG_ATTEMPTS = 5;
const MAX_WRONG_ATTEMPTS = 20;

export type CheckStatus =
	| 'valid'
	| 'wrongCode'
	| 'expired'
	| 'tooManyAttempts'
	| 'alreadyUsed'
	| 'otherPhone'
	| 'wrongScope'
	| 'invalidSignature'
	| 'malformed';

const messages: Record<CheckStatus, string> = {
	valid: 'The code is right',
	wrongCode: 'The code is wrong',
	expired: 'The code has expired: send a new one',
	tooManyAttempts: 'Too many wrong codes for this token: send a new one',
	alreadyUsed: 'This code was already used: send a new one',
	otherPhone: 'The token was issued for another phone',
	wrongScope: 'The token belongs to another workflow or Verification Scope',
	invalidSignature: 'The token was not issued by a Send with this credential, or was changed',
	malformed: 'This is not a verification token',
};

export const description: INodeProperties[] = forOperation('verificationCode', 'check', [
	{
		displayName: 'Verification Token',
		name: 'token',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.body.token }}',
		description: 'The token that Verification Code > Send returned for the code (token)',
		builderHint: {
			propertyHint:
				'Read it from the request of this second execution (e.g. the body of the second Webhook), into which the caller copied the "token" that `verificationCode.send` output in the first; never from a `verificationCode.send` in the same execution.',
		},
	},
	{
		displayName: 'Entered Code',
		name: 'enteredCode',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.body.code }}',
		description: 'The code the person typed; spaces and dashes are ignored',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Max Wrong Attempts',
				name: 'maxWrongAttempts',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_WRONG_ATTEMPTS },
				default: DEFAULT_MAX_WRONG_ATTEMPTS,
				description:
					'How many wrong codes a token takes, across executions of this workflow (or of all workflows with this Verification Scope); after them every check of the token gives tooManyAttempts',
			},
			{
				displayName: 'Phone',
				name: 'phone',
				type: 'string',
				default: '',
				placeholder: 'e.g. +375 29 123-45-67',
				description:
					'Accept only a token sent to this phone (otherPhone otherwise). Empty: any phone.',
			},
			scopeOption('check'),
		],
	},
]);

/** The code as a person types it: spaces and dashes of any kind dropped. */
export function normalizeCode(value: unknown): string {
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
	return text.replace(/[\s\u2010-\u2015\u2212-]/g, '');
}

function outcome(
	status: CheckStatus,
	details: IDataObject = {},
	message = messages[status],
): IDataObject[] {
	return [
		{
			valid: status === 'valid',
			status,
			message,
			phone: null,
			...details,
		},
	];
}

/**
 * Checks a typed code against a token of Send. Every outcome is data (route it with a Switch or
 * an If node); only bad settings are errors.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const maxWrong = readNumberOption(
		this,
		{
			name: 'maxWrongAttempts',
			label: 'Max Wrong Attempts',
			min: 1,
			max: MAX_WRONG_ATTEMPTS,
			fallback: DEFAULT_MAX_WRONG_ATTEMPTS,
		},
		itemIndex,
	);
	const expectedPhone = this.getNodeParameter('options.phone', itemIndex, '');
	const phone =
		expectedPhone === '' ? undefined : checkPhone(this, expectedPhone, 'Phone', itemIndex);
	const code = normalizeCode(this.getNodeParameter('enteredCode', itemIndex, ''));
	const scope = readScope(this, itemIndex);
	const keys = verificationKeys(await readCredential(this, itemIndex));

	const reading = readToken(keys, this.getNodeParameter('token', itemIndex, ''));
	if (!reading.ok) return outcome(reading.status);
	const { claims } = reading;
	const about = {
		phone: claims.phone,
		expiresAt: new Date(claims.expiresAt * 1000).toISOString(),
	};
	// before anything is counted: the token's counts live in its own scope only
	if (claims.scope && !sameScope(claims.scope, scope))
		return outcome('wrongScope', about, wrongScopeMessage(claims.scope, scope));
	if (phone !== undefined && phone !== claims.phone) return outcome('otherPhone', about);

	// from reading the token's record to writing it nothing is awaited: items of one execution cannot interleave here
	const now = nowInSeconds();
	if (now >= claims.expiresAt) return outcome('expired', about);
	const location = stateLocation(scope, keys.id);
	const state = VerificationState.open(this, now, location);
	if (!claims.scope) {
		const holding = holdLegacyToken(keys, claims, location, now);
		if ('holder' in holding)
			return outcome('wrongScope', about, heldElsewhereMessage(holding.holder, scope));
		if (!holding.held) return outcome('tooManyAttempts', { ...about, attemptsLeft: 0 });
	}
	const record = state.checkOf(claims.nonce);
	if (record.used) return outcome('alreadyUsed', about);
	if (record.wrongAttempts >= maxWrong || !state.canRecordCheck(claims.nonce)) {
		return outcome('tooManyAttempts', { ...about, attemptsLeft: 0 });
	}
	if (codeMatches(keys, reading, code)) {
		state.recordCheck(claims.nonce, { ...record, used: true }, claims.expiresAt);
		return outcome('valid', about);
	}
	const wrongAttempts = record.wrongAttempts + 1;
	state.recordCheck(claims.nonce, { wrongAttempts, used: false }, claims.expiresAt);
	return outcome('wrongCode', {
		...about,
		attemptsLeft: maxWrong - wrongAttempts,
	});
}
