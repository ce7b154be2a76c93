import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, caseParams, type BadItemCase } from '../../harness/badInputCase';
import { TEST_API_KEY } from '../../harness/keys';

const otp = (rest: INodeParameters) => caseParams('verificationCode', 'send', rest);
const given = otp({ codeSource: 'given', code: V });

/** Verification Code > Send (the first app unless the case says otherwise): item 1 of three is bad, refused before any request. */
export const badItems = [
	{
		name: 'Send: given code with letters',
		field: 'Verification Code',
		method: 'sendOtpAppOne',
		parameters: given,
		good: () => ['123456', '654321'],
		bad: '12a456',
	},
	{
		name: 'Send: given code with a space',
		field: 'Verification Code',
		method: 'sendOtpAppOne',
		parameters: given,
		good: () => ['1234', '567890'],
		bad: '12 34',
	},
	{
		name: 'Send: given code with a sign',
		field: 'Verification Code',
		method: 'sendOtpAppOne',
		parameters: given,
		good: () => ['1111', '2222'],
		bad: '-1234',
	},
	{
		name: 'Send: given code of 17 digits',
		field: 'Verification Code',
		method: 'sendOtpAppOne',
		parameters: given,
		good: () => ['1234567890123456', '1'],
		bad: '12345678901234567',
	},
	{
		name: 'Send: given code left empty',
		field: 'Verification Code',
		method: 'sendOtpAppOne',
		parameters: given,
		good: () => ['4321', '9'],
		bad: '',
	},
	{
		name: 'Send: generated code length 0',
		field: 'Code Length',
		method: 'sendOtpAppOne',
		parameters: otp({ codeSource: 'generate', codeLength: V }),
		good: () => [4, 16],
		bad: 0,
	},
	{
		name: 'Send: generated code length 5.5',
		field: 'Code Length',
		method: 'sendOtpAppOne',
		parameters: otp({ codeSource: 'generate', codeLength: V }),
		good: () => [6, 8],
		bad: 5.5,
	},
	{
		name: 'Send: generated code length 17 (second app)',
		field: 'Code Length',
		method: 'sendOtpAppTwo',
		parameters: otp({ channel: 'appTwo', codeLength: V }),
		good: () => [4, 16],
		bad: 17,
	},
	{
		name: 'Send: phone left empty',
		field: 'Phone',
		method: 'sendOtpAppOne',
		parameters: otp({ phone: V }),
		good: () => ['375291000001', '375291000003'],
		bad: '',
	},
	{
		name: 'Send: phone given as words',
		field: 'Phone',
		method: 'sendOtpAppOne',
		parameters: otp({ phone: V }),
		good: () => ['375291000001', '375291000003'],
		bad: 'call me',
	},
	{
		name: 'Send: phone given as words (second app)',
		field: 'Phone',
		method: 'sendOtpAppTwo',
		parameters: otp({ channel: 'appTwo', phone: V }),
		good: () => ['375291000001', '375291000003'],
		bad: 'my mobile',
	},
	{
		name: 'Send: the API key pasted into Verification Code',
		field: 'Verification Code',
		method: 'sendOtpAppOne',
		parameters: given,
		good: () => ['1234', '5678'],
		bad: TEST_API_KEY,
		keyAsValue: true,
	},
	// options of version 3 (a token instead of the code, a resend cooldown), each item to its own phone
	...[
		{
			field: 'Code Valid For (Minutes)',
			option: 'validMinutes',
			good: [1, 60],
			bad: 0,
			range: '1 to 60',
		},
		{
			field: 'Code Valid For (Minutes)',
			option: 'validMinutes',
			good: [5, 30],
			bad: 61,
			range: '1 to 60',
		},
		{
			field: 'Resend Cooldown (Seconds)',
			option: 'resendCooldown',
			good: [0, 3600],
			bad: 1.5,
			range: '0 to 3600',
		},
	].map(({ field, option, good, bad, range }) => ({
		name: `Send: ${field} ${bad}`,
		field,
		method: 'sendOtpAppOne',
		typeVersion: 3,
		parameters: otp({ phone: '={{ $json.phone }}', options: { [option]: V } }),
		good: () => good,
		bad,
		says: [new RegExp(`: a whole number from ${range}$`)],
	})),
] satisfies BadItemCase[];
