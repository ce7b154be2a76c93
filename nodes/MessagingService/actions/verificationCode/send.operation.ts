import { randomInt } from 'crypto';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { readPhone } from '../../helpers/fields';
import { invalidField } from '../../base/validation';
import type { ApiClient } from '../../transport/client';
import { readCredential } from '../../transport/request';
import { redactDeep } from '../../transport/redaction';
import { withoutKey } from '../../transport/secrets';
import { optionsCollection } from '../common';
import { forOperation } from '../display';
import { phoneField } from '../shared/recipients';
import { doNotSendToOptions, ignoreDoNotSendToOption } from '../../guards/options';
import { SendingGuards } from '../../guards/sendingGuards';
import { readNumberOption } from './numberOption';
import { reserveResend } from './resendCooldown';
import { scopeOption } from './scopeOption';
import { issueToken, verificationKeys } from './verificationToken';
import { readScope, stateLocation } from './verificationScope';
import { nowInSeconds } from './verificationState';

/** The spec: a verification code is digits only, at most 16 characters. */
export const MAX_CODE_LENGTH = 16;
export const MIN_GENERATED_LENGTH = 4;
const CODE_RULE = `a verification code is 1 to ${MAX_CODE_LENGTH} digits, with no letters, spaces or signs`;

/** Node version 3 returns the token and not the code, and refuses a resend within the cooldown by default. */
const TOKEN_ONLY_VERSION = 3;
export const DEFAULT_VALID_MINUTES = 10;
export const MAX_VALID_MINUTES = 60;
export const DEFAULT_COOLDOWN_SECONDS = 60;
const MAX_COOLDOWN_SECONDS = 3600;

const channels = {
	appOne: 'sendOtpAppOne',
	appTwo: 'sendOtpAppTwo',
} as const;

export const description: INodeProperties[] = forOperation('verificationCode', 'send', [
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'options',
		options: [
			{
				name: 'Messenger App One',
				value: 'appOne',
				description:
					'The code arrives as a message in the first of the two messenger apps the service delivers codes through (sendOtpAppOne); the recipient needs that app on this phone number',
			},
			{
				name: 'Messenger App Two',
				value: 'appTwo',
				description:
					'The code arrives as a message in the second of the two messenger apps the service delivers codes through (sendOtpAppTwo); the recipient needs that app on this phone number',
			},
		],
		default: 'appOne',
		description:
			'Which messenger app delivers the code (not an SMS). Choose the app your users have; both give the same output: sms_id, status, the phone and the verification token.',
	},
	phoneField('send the code to'),
	{
		displayName: 'Code',
		name: 'codeSource',
		type: 'options',
		options: [
			{
				name: 'Generate a Random Code',
				value: 'generate',
				description:
					'The node makes a random code of digits; the output holds a verification token that Check compares the typed code with',
			},
			{
				name: 'Use My Code',
				value: 'given',
				description: 'Send a code you give',
			},
		],
		default: 'generate',
	},
	{
		displayName: 'Code Length',
		name: 'codeLength',
		type: 'number',
		typeOptions: {
			minValue: MIN_GENERATED_LENGTH,
			maxValue: MAX_CODE_LENGTH,
		},
		default: 6,
		description: `How many digits the generated code has, from ${MIN_GENERATED_LENGTH} to ${MAX_CODE_LENGTH}`,
		displayOptions: { show: { codeSource: ['generate'] } },
	},
	{
		displayName: 'Verification Code',
		name: 'code',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 482913',
		description: `The code to send: digits only, at most ${MAX_CODE_LENGTH}`,
		displayOptions: { show: { codeSource: ['given'] } },
	},
	optionsCollection([
		{
			displayName: 'Code Valid For (Minutes)',
			name: 'validMinutes',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_VALID_MINUTES },
			default: DEFAULT_VALID_MINUTES,
			description: `How long Check accepts the code, from 1 to ${MAX_VALID_MINUTES} minutes; the time is signed into the token`,
		},
		{
			displayName: 'Resend Cooldown (Seconds)',
			name: 'resendCooldown',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: MAX_COOLDOWN_SECONDS },
			default: DEFAULT_COOLDOWN_SECONDS,
			description:
				'Refuse another code to the same phone for this long, across executions of this workflow (or of all workflows with this Verification Scope; 0: no limit). Node versions 1 and 2 have no cooldown unless this is set.',
		},
		{
			displayName: 'Include Code in Output',
			name: 'includeCode',
			type: 'boolean',
			default: false,
			description:
				'Whether to put the code itself in the output (code). Anyone who can see the execution data can then read it: leave off and check codes with Verification Code > Check. Node versions 1 and 2 include it unless this is set.',
		},
		scopeOption('send'),
		...doNotSendToOptions,
		ignoreDoNotSendToOption,
	]),
]);

/** A code of `length` digits from a cryptographically secure source. */
export function generateCode(length: number): string {
	let code = '';
	for (let i = 0; i < length; i++) code += String(randomInt(0, 10));
	return code;
}

function readCode(context: IExecuteFunctions, itemIndex: number): string {
	const node = context.getNode();
	if (context.getNodeParameter('codeSource', itemIndex, 'generate') === 'given') {
		const value = context.getNodeParameter('code', itemIndex, '');
		const code =
			typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
		if (!new RegExp(`^\\d{1,${MAX_CODE_LENGTH}}$`).test(code)) {
			throw invalidField(node, 'Verification Code', value, CODE_RULE, itemIndex);
		}
		return code;
	}
	const lengthValue = context.getNodeParameter('codeLength', itemIndex, 6);
	const length = Number(lengthValue);
	if (!Number.isInteger(length) || length < MIN_GENERATED_LENGTH || length > MAX_CODE_LENGTH) {
		throw invalidField(
			node,
			'Code Length',
			lengthValue,
			`a generated code has ${MIN_GENERATED_LENGTH} to ${MAX_CODE_LENGTH} digits`,
			itemIndex,
		);
	}
	return generateCode(length);
}

/**
 * After a failed send: a send the service clearly refused releases the phone's cooldown; one that
 * may have gone out (a 5xx, a cut connection, a timeout) keeps it, or a second code could follow
 * the first at once. The error's description says which.
 */
function settleCooldown(error: unknown, releaseResend: () => void): void {
	const mayHaveBeenSent = !(error instanceof NodeApiError) || error.context.outcomeUnknown === true;
	if (!mayHaveBeenSent) releaseResend();
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		const said = mayHaveBeenSent ? COOLDOWN_KEPT : COOLDOWN_RELEASED;
		error.description = error.description ? `${error.description} ${said}` : said;
	}
}

const COOLDOWN_KEPT =
	'The code may have reached the phone, so its Resend Cooldown stays: another code can be sent when it ends.';
const COOLDOWN_RELEASED =
	'No code went out, so the Resend Cooldown of this phone was released: another code can be sent at once.';

/** The service's answer without the code, should it echo the message it sent. */
function answerWithoutCode(answer: IDataObject, code: string): IDataObject {
	return Object.fromEntries(
		Object.entries(redactDeep(answer, code)).filter(([, value]) => String(value) !== code),
	);
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
): Promise<IDataObject[]> {
	const channel = this.getNodeParameter('channel', itemIndex, 'appOne') as keyof typeof channels;
	const method = channels[channel];
	if (method === undefined) {
		throw invalidField(
			this.getNode(),
			'Channel',
			channel,
			'choose Messenger App One or Messenger App Two',
			itemIndex,
		);
	}
	const tokenOnly = this.getNode().typeVersion >= TOKEN_ONLY_VERSION;
	const phone = readPhone(this, 'phone', 'Phone', itemIndex);
	// no Quiet Hours here: a code is asked for by the person who gets it, at the hour they choose
	const guards = await SendingGuards.of(this, itemIndex);
	const notSent = guards.check(this, itemIndex, phone);
	if (notSent) return [notSent];
	const code = readCode(this, itemIndex);
	const validMinutes = readNumberOption(
		this,
		{
			name: 'validMinutes',
			label: 'Code Valid For (Minutes)',
			min: 1,
			max: MAX_VALID_MINUTES,
			fallback: DEFAULT_VALID_MINUTES,
		},
		itemIndex,
	);
	const cooldown = readNumberOption(
		this,
		{
			name: 'resendCooldown',
			label: 'Resend Cooldown (Seconds)',
			min: 0,
			max: MAX_COOLDOWN_SECONDS,
			fallback: tokenOnly ? DEFAULT_COOLDOWN_SECONDS : 0,
		},
		itemIndex,
	);
	const includeCode = this.getNodeParameter('options.includeCode', itemIndex, !tokenOnly) === true;
	const scope = readScope(this, itemIndex);
	const keys = verificationKeys(await readCredential(this, itemIndex));

	const releaseResend = reserveResend(
		this,
		keys,
		phone,
		cooldown,
		itemIndex,
		stateLocation(scope, keys.id),
	);
	let answer: IDataObject;
	try {
		answer = await api.one(method, { phone, message: code });
	} catch (error) {
		if (cooldown > 0) settleCooldown(error, releaseResend);
		throw withoutKey(error, code);
	}
	const expiresAt = nowInSeconds() + validMinutes * 60;
	return [
		{
			...answerWithoutCode(answer, code),
			phone,
			token: issueToken(keys, phone, code, expiresAt, scope),
			expiresAt: new Date(expiresAt * 1000).toISOString(),
			...(includeCode ? { code } : {}),
			...guards.sentFields(phone),
		},
	];
}
