import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ResponseType } from './fields';

/** Where the waiting item keeps the question, so the page shows it as it was sent. */
export const QUESTION_KEY = 'question';
/** Where it keeps the token of a link the node made itself (see responseLink.ts), for the webhook. */
export const LINK_TOKEN_KEY = 'linkToken';
/** Where it keeps the phone whose conversation the page may hand back to the bot (digits). */
export const HAND_BACK_PHONE_KEY = 'handBackPhone';

interface WaitingQuestion {
	responseType: ResponseType;
	question: string;
	linkToken: string | undefined;
	waitTill: Date;
	handBackPhone?: string;
}

/**
 * Makes the item the node outputs if the wait runs out ("Limit Wait Time"). n8n resumes a
 * waiting node whose time is up by passing on the input it is waiting with, so the node puts
 * this item there: `data.timedOut` says that nobody answered, and for an approval
 * `data.approved` is false (an AI Agent's human review reads that as "declined"). An answer
 * replaces it with the webhook's output. The page of the link reads the question from it, and
 * on an n8n that signs no links the token the link must carry.
 */
export function keepTimedOutItem(
	context: IExecuteFunctions,
	{ responseType, question, linkToken, waitTill, handBackPhone }: WaitingQuestion,
): void {
	const data: IDataObject = { timedOut: true, waitedUntil: waitTill.toISOString() };
	if (responseType === 'approval') data.approved = false;
	const json: IDataObject = { data, [QUESTION_KEY]: question };
	if (linkToken) json[LINK_TOKEN_KEY] = linkToken;
	if (handBackPhone) json[HAND_BACK_PHONE_KEY] = handBackPhone;
	context.getExecuteData().data = { main: [[{ json, pairedItem: { item: 0 } }]] };
}
