import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { invalidField } from '../../../base/validation';
import { checkPhone, readPhone } from '../../../helpers/fields';
import type { ApiClient } from '../../../transport/client';
import { redact } from '../../../transport/errors';
import { apiKeyOf } from '../../../transport/secrets';
import { asItemError, errorItem } from '../../itemErrors';
import type { ExecutionTools } from '../../types';
import { SendingGuards, type NotSent } from '../../../guards/sendingGuards';
import { formFieldsOf } from './customForm';
import { HAND_BACK_PHONE_LABEL, RESPONSE_TYPES, type ResponseType } from './fields';
import { keepTimedOutItem } from './pending';
import { responseLink, tokenOf } from './responseLink';
import { waitTillOf } from './waitTill';

/** Sends the message that carries `link` (the channel's Send) and returns the question it asked. */
export type SendWithLink = (api: ApiClient, link: string) => Promise<string>;

function responseTypeOf(context: IExecuteFunctions): ResponseType {
	const value = context.getNodeParameter('responseType', 0, 'approval');
	if (!RESPONSE_TYPES.includes(value as ResponseType)) {
		throw invalidField(
			context.getNode(),
			'Response Type',
			value,
			'choose Approval, Free Text or Custom Form',
			0,
		);
	}
	if (value === 'customForm') {
		// The page is built from these fields when the link is opened: a form that cannot be built is refused now.
		const fields = context.getNodeParameter('formFields.values', 0, []);
		const checked = formFieldsOf(fields);
		if ('problem' in checked)
			throw invalidField(context.getNode(), 'Form Fields', fields, checked.problem, 0);
	}
	return value as ResponseType;
}

/** The phone the page may hand back to the bot (Offer Hand Back to Bot for Phone), as digits; undefined when empty. */
function handBackPhoneOf(context: IExecuteFunctions): string | undefined {
	const value = context.getNodeParameter('options.handBackPhone', 0, '');
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
		return undefined;
	return checkPhone(context, value, HAND_BACK_PHONE_LABEL, 0);
}

const LEDGER_KEY = 'sendAndWait';

interface SentQuestion {
	question: string;
	link: string;
}

/** The message, sent once however often n8n's Retry On Fail runs the node (see ItemLedger). */
async function sendOnce(
	context: IExecuteFunctions,
	tools: ExecutionTools,
	sendWithLink: SendWithLink,
): Promise<SentQuestion> {
	const earlier = tools.ledger.earlier(context, LEDGER_KEY, 0);
	if (earlier && 'error' in earlier) throw earlier.error;
	if (earlier)
		return {
			question: String(earlier.records[0]?.question ?? ''),
			link: String(earlier.records[0]?.link ?? ''),
		};
	try {
		const link = responseLink(context);
		const question = await sendWithLink(tools.client(0), link);
		tools.ledger.recordSent(LEDGER_KEY, [{ question, link }]);
		return { question, link };
	} catch (error) {
		tools.ledger.recordFailure(LEDGER_KEY, error);
		throw asItemError(context, error, 0);
	}
}

/**
 * Do Not Send To and Quiet Hours, asked before the link is made: a message not sent is not waited
 * for. Not asked again once an earlier try of Retry On Fail sent it.
 */
async function notSentNow(
	context: IExecuteFunctions,
	tools: ExecutionTools,
): Promise<NotSent | undefined> {
	if (tools.ledger.earlier(context, LEDGER_KEY, 0)) return undefined;
	const phone = readPhone(context, 'phone', 'Phone', 0);
	return (await SendingGuards.of(context, 0)).check(context, 0, phone);
}

/**
 * Send and Wait for Response, as n8n's own nodes do it: one message (for the first item) with
 * a signed link to this node's waiting webhook (see responseLink.ts), then the execution waits.
 * Every check runs before the message is sent; a message that fails is not waited for.
 */
export async function sendAndWait(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	tools: ExecutionTools,
	sendWithLink: SendWithLink,
): Promise<INodeExecutionData[]> {
	let sent: SentQuestion;
	let responseType: ResponseType;
	let waitTill: Date;
	let handBackPhone: string | undefined;
	try {
		responseType = responseTypeOf(context);
		waitTill = waitTillOf(context);
		handBackPhone = handBackPhoneOf(context);
		const notSent = await notSentNow(context, tools);
		if (notSent) return [{ json: notSent, pairedItem: { item: 0 } }];
		sent = await sendOnce(context, tools, sendWithLink);
	} catch (error) {
		const itemError = asItemError(context, error, 0);
		if (context.continueOnFail()) return [errorItem(itemError, 0)];
		throw itemError;
	}
	await context.putExecutionToWait(waitTill);
	// The question is kept for the page and the timed-out output: without a key pasted into it.
	const apiKey = await apiKeyOf(context);
	const question = apiKey ? redact(sent.question, apiKey) : sent.question;
	keepTimedOutItem(context, {
		responseType,
		question,
		linkToken: tokenOf(sent.link),
		waitTill,
		handBackPhone,
	});
	return items.map((item, index) => ({
		json: item.json,
		binary: item.binary,
		pairedItem: { item: index },
	}));
}
