import { randomBytes } from 'crypto';
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { WAIT_INDEFINITELY } from 'n8n-workflow';

import { numberOption } from '../../../base/numberOption';
import { invalidField } from '../../../base/validation';
import type { WhichReply } from '../../../replyWait/desk';
import { limitWaitTimeOption } from '../sendAndWait/fields';
import { LINK_TOKEN_PARAM } from '../sendAndWait/responseLink';
import { waitTillOf } from '../sendAndWait/waitTill';

export const DEFAULT_QUIET_SECONDS = 3;
export const DEFAULT_REQUESTS_PER_MINUTE = 300;

/** Limit Wait Time as in Send and Wait for Response, the same option, with the reply's outcome. */
export const limitWaitTimeReplyOption: INodeProperties = {
	...limitWaitTimeOption,
	description:
		'Whether to stop waiting after a while; the execution then goes on with "replied" false. Without it, the execution waits until the phone replies.',
	default: { values: { limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'hours' } },
};

export const replyOptions: INodeProperties[] = [
	{
		displayName: 'Which Reply Counts',
		name: 'whichReply',
		type: 'options',
		options: [
			{
				name: 'A Reply to This Message',
				value: 'thisMessage',
				description: 'Only what the phone writes in answer to this question',
			},
			{
				name: 'Any Message From This Phone',
				value: 'anyMessage',
				description:
					'Also what the phone writes in answer to a chat message this n8n sends it while the execution waits',
			},
		],
		default: 'thisMessage',
	},
	{
		displayName: 'Quiet Window (Seconds)',
		name: 'quietWindowSeconds',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 60 },
		default: DEFAULT_QUIET_SECONDS,
		description:
			'How long the phone must stay silent before its messages count as one reply (customers often write in several messages)',
	},
	{
		displayName: 'Max Requests per Minute',
		name: 'maxRequestsPerMinute',
		type: 'number',
		typeOptions: { minValue: 10 },
		default: DEFAULT_REQUESTS_PER_MINUTE,
		description:
			'How many reads a minute all the executions of this account waiting in this n8n may make together (the lowest set applies). A new question is read every 2 seconds, one waiting for 30 minutes once a minute; past the budget, every reply is found later.',
	},
];

export interface ReplyWaitSettings {
	/** n8n's wait: the limit, or WAIT_INDEFINITELY */
	until: Date;
	/** the desk's: the limit, or Infinity */
	untilMs: number;
	quietMs: number;
	which: WhichReply;
	perMinute: number;
}

/** The wait's settings, from the first item, checked before anything is sent. */
export function replyWaitSettings(context: IExecuteFunctions, now = Date.now()): ReplyWaitSettings {
	const until = waitTillOf(context, now);
	const which = String(context.getNodeParameter('options.whichReply', 0, 'thisMessage'));
	if (which !== 'thisMessage' && which !== 'anyMessage')
		throw invalidField(
			context.getNode(),
			'Which Reply Counts',
			which,
			'choose A Reply to This Message or Any Message From This Phone',
			0,
		);
	const quietSeconds = numberOption(
		context.getNodeParameter('options.quietWindowSeconds', 0, DEFAULT_QUIET_SECONDS),
		{ min: 1, max: 60, fallback: DEFAULT_QUIET_SECONDS, outOfRange: 'clamp' },
	);
	const perMinute = numberOption(
		context.getNodeParameter('options.maxRequestsPerMinute', 0, DEFAULT_REQUESTS_PER_MINUTE),
		{
			min: 10,
			max: 100_000,
			fallback: DEFAULT_REQUESTS_PER_MINUTE,
			whole: true,
			outOfRange: 'clamp',
		},
	);
	return {
		until,
		untilMs: until === WAIT_INDEFINITELY ? Infinity : until.getTime(),
		quietMs: quietSeconds * 1000,
		which,
		perMinute,
	};
}

/**
 * Where the reply desk resumes the execution: n8n's resume URL of the execution (with its
 * per-execution token) and this node's ID, the path of its waiting webhook. An n8n without
 * resume tokens gets the node's own random token, checked by the webhook (`token`).
 */
export function replyResumeUrl(context: IExecuteFunctions): { url: string; token?: string } {
	const url = new URL(String(context.evaluateExpression('{{ $execution.resumeUrl }}', 0)));
	url.pathname = `${url.pathname.replace(/\/+$/, '')}/${context.getNode().id}`;
	if (url.searchParams.has('signature')) return { url: url.toString() };
	const token = randomBytes(24).toString('base64url');
	url.searchParams.set(LINK_TOKEN_PARAM, token);
	return { url: url.toString(), token };
}
