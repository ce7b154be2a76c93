import { randomInt } from 'crypto';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readPhone } from '../../helpers/fields';
import { invalidField } from '../../base/validation';
import type { ApiClient } from '../../transport/client';
import { perItemOptions } from '../common';
import { forOperation } from '../display';
import { phoneField } from '../shared/recipients';

/** The spec: a verification code is digits only, at most 16 characters. */
export const MAX_CODE_LENGTH = 16;
export const MIN_GENERATED_LENGTH = 4;
const CODE_RULE = `a verification code is 1 to ${MAX_CODE_LENGTH} digits, with no letters, spaces or signs`;

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
			'Which messenger app delivers the code (not an SMS). Choose the app your users have; both give the same output: sms_id, status and the code.',
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
				description: 'The node makes a random code of digits; it is returned in the output (code) to check later',
			},
			{ name: 'Use My Code', value: 'given', description: 'Send a code you give' },
		],
		default: 'generate',
	},
	{
		displayName: 'Code Length',
		name: 'codeLength',
		type: 'number',
		typeOptions: { minValue: MIN_GENERATED_LENGTH, maxValue: MAX_CODE_LENGTH },
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
	perItemOptions,
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
		const code = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
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

export async function execute(this: IExecuteFunctions, itemIndex: number, api: ApiClient): Promise<IDataObject[]> {
	const channel = this.getNodeParameter('channel', itemIndex, 'appOne') as keyof typeof channels;
	const method = channels[channel];
	if (method === undefined) {
		throw invalidField(this.getNode(), 'Channel', channel, 'choose Messenger App One or Messenger App Two', itemIndex);
	}
	const phone = readPhone(this, 'phone', 'Phone', itemIndex);
	const code = readCode(this, itemIndex);
	const answer = await api.one(method, { phone, message: code });
	return [{ ...answer, code, phone }];
}
