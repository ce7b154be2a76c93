import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { customFormAnswers, formFieldsOf } from './customForm';
import { DEFAULT_APPROVE_LABEL, DEFAULT_DECLINE_LABEL, DEFAULT_SUBMIT_LABEL } from './fields';
import { handBackFromPage } from '../../../handoff/fromPage';
import { HAND_BACK_PHONE_KEY, LINK_TOKEN_KEY, QUESTION_KEY } from './pending';
import { tokenAccepted } from './responseLink';
import {
	answerRefusedPage,
	answerTakenPage,
	MAX_ANSWER_LENGTH,
	PAGE_HEADERS,
	questionPage,
	type AnswerForm,
} from './page';

/** The part of n8n's response object (an Express response) that the page needs. */
interface PageResponse {
	statusCode: number;
	setHeader(name: string, value: string): unknown;
	end(body: string): unknown;
}

function setPageHeaders(context: IWebhookFunctions): PageResponse {
	const response = context.getResponseObject() as unknown as PageResponse;
	for (const [name, value] of Object.entries(PAGE_HEADERS)) response.setHeader(name, value);
	return response;
}

function send(context: IWebhookFunctions, status: number, html: string): void {
	const response = setPageHeaders(context);
	response.statusCode = status;
	response.end(html);
}

/** A parameter read when the link is used; a value that no longer resolves falls back. */
function parameter<T>(context: IWebhookFunctions, name: string, fallback: T): T {
	try {
		return (context.getNodeParameter(name, fallback) as T) ?? fallback;
	} catch {
		return fallback;
	}
}

/** A text kept with the waiting execution (see pending.ts). */
function waitingText(context: IWebhookFunctions, key: string): string {
	try {
		const text = context.evaluateExpression(`{{ $json["${key}"] }}`, 0);
		return typeof text === 'string' ? text : '';
	} catch {
		return '';
	}
}

function label(value: unknown, fallback: string): string {
	return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

function answerFormOf(context: IWebhookFunctions): AnswerForm | undefined {
	const responseType = parameter<string>(context, 'responseType', 'approval');
	const submitLabel = label(
		parameter(context, 'options.responseFormButtonLabel', ''),
		DEFAULT_SUBMIT_LABEL,
	);
	if (responseType === 'freeText') return { kind: 'freeText', submitLabel };
	if (responseType === 'customForm') {
		const fields = formFieldsOf(parameter<unknown>(context, 'formFields.values', []));
		return Array.isArray(fields) ? { kind: 'customForm', fields, submitLabel } : undefined;
	}
	if (responseType !== 'approval') return undefined;
	const approval = parameter<IDataObject>(context, 'approvalOptions.values', {});
	return {
		kind: 'approval',
		approveLabel: label(approval.approveLabel, DEFAULT_APPROVE_LABEL),
		declineLabel:
			approval.approvalType === 'double'
				? label(approval.disapproveLabel, DEFAULT_DECLINE_LABEL)
				: undefined,
	};
}

/** A form field of the POST: urlencoded bodies give it directly, multipart ones under `data`. */
function field(body: IDataObject, name: string): unknown {
	const nested = body.data;
	if (body[name] !== undefined) return body[name];
	return typeof nested === 'object' && nested !== null ? (nested as IDataObject)[name] : undefined;
}

type Decision = { answer: IDataObject } | { refused: string };

/**
 * The page's answer. "Hand back to the bot" (`handBack`, offered only with a phone to hand back)
 * is an answer of its own: a free text may then be empty, an approval has no `approved`.
 */
function decide(form: AnswerForm, body: IDataObject, handBack: boolean): Decision {
	if (handBack && form.kind === 'approval') return { answer: {} };
	if (form.kind === 'customForm')
		return customFormAnswers(form.fields, (name) => field(body, name));
	if (form.kind === 'freeText') {
		const text = field(body, 'text');
		if (handBack && (text === undefined || (typeof text === 'string' && text.trim() === '')))
			return { answer: {} };
		if (typeof text !== 'string' || text.trim() === '')
			return { refused: 'The answer is empty: type an answer before sending it.' };
		if (text.length > MAX_ANSWER_LENGTH) {
			return {
				refused: `The answer has ${text.length} characters; at most ${MAX_ANSWER_LENGTH} are taken.`,
			};
		}
		return { answer: { text } };
	}
	const approved = field(body, 'approved');
	if (approved === 'true') return { answer: { approved: true } };
	if (approved === 'false' && form.declineLabel !== undefined)
		return { answer: { approved: false } };
	return { refused: 'This answer is not one of the choices of the page.' };
}

/**
 * The link's two requests. A GET (the recipient, or an app drawing a link preview) only shows
 * the page; the POST of the page's form decides. n8n has already checked the link's signature
 * (an older n8n signs none: the node checks its own token) and that the execution still waits;
 * an answer that cannot be taken leaves it waiting.
 */
export async function sendAndWaitWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	if (!tokenAccepted(this, waitingText(this, LINK_TOKEN_KEY))) {
		send(
			this,
			403,
			answerRefusedPage('This link is not complete: open the whole link from the message.'),
		);
		return { noWebhookResponse: true };
	}
	const method = this.getRequestObject().method;
	const form = answerFormOf(this);
	if (!form) {
		send(
			this,
			400,
			answerRefusedPage(
				"This link cannot be answered: the node's Response Type or form fields are not valid.",
			),
		);
		return { noWebhookResponse: true };
	}
	const handBackPhone = waitingText(this, HAND_BACK_PHONE_KEY);
	if (method !== 'POST') {
		const page = {
			title: parameter(this, 'options.responseFormTitle', ''),
			text: waitingText(this, QUESTION_KEY),
		};
		send(this, 200, questionPage(page, form, handBackPhone !== ''));
		return { noWebhookResponse: true };
	}

	const body = (this.getBodyData() ?? {}) as IDataObject;
	const handBack = field(body, 'handBack') === 'true';
	if (handBack && handBackPhone === '') {
		send(
			this,
			400,
			answerRefusedPage('This page does not offer to hand the conversation back to the bot.'),
		);
		return { noWebhookResponse: true };
	}
	const decision = decide(form, body, handBack);
	if ('refused' in decision) {
		send(this, 400, answerRefusedPage(decision.refused));
		return { noWebhookResponse: true };
	}
	// only a POST that decides hands back, and before the execution resumes: the trigger runs in this process (docs/chatbot.md, Handoff)
	const data: IDataObject = {
		...decision.answer,
		...(handBack ? handBackFromPage(this, handBackPhone) : {}),
		respondedAt: new Date().toISOString(),
	};
	const item: INodeExecutionData = { json: { data }, pairedItem: { item: 0 } };
	// n8n sends this page only once the execution has really resumed with this answer: of two
	// answers at the same moment, the other one gets n8n's error instead of a false "received".
	setPageHeaders(this);
	return { webhookResponse: answerTakenPage(), workflowData: [[item]] };
}
