import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { consentRecognizerOf } from '../../../replies/consent/options';
import { withOptOut } from '../../../replies/items';
import { ANSWERS_KEY } from '../../../replyWait/resume';
import { tokenAccepted } from '../sendAndWait/responseLink';
import { answerItem, answersOf, REPLY_TOKEN_KEY } from './answers';

/** The part of n8n's response object (an Express response) that a refusal needs. */
interface PlainResponse {
	statusCode: number;
	setHeader(name: string, value: string): unknown;
	end(body: string): unknown;
}

function refuse(context: IWebhookFunctions, code: number, error: string): IWebhookResponseData {
	const response = context.getResponseObject() as unknown as PlainResponse;
	response.statusCode = code;
	response.setHeader('content-type', 'application/json');
	response.end(JSON.stringify({ error }));
	return { noWebhookResponse: true };
}

/** The node's own token, kept with the first waiting item on an n8n without resume tokens. */
function ownToken(context: IWebhookFunctions): string | undefined {
	try {
		const token = context.evaluateExpression(`{{ $json["${REPLY_TOKEN_KEY}"] }}`, 0);
		return typeof token === 'string' && token !== '' ? token : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Send and Wait for Reply resumed by the reply desk (replyWait/desk.ts): n8n has checked the
 * execution's resume token and that the execution still waits; the body holds each item's answer.
 */
export async function replyWaitWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	if (this.getRequestObject().method !== 'POST' || !tokenAccepted(this, ownToken(this)))
		return refuse(this, 403, 'Not a reply to this waiting execution');
	const body = (this.getBodyData() ?? {}) as IDataObject;
	const answers = answersOf(body[ANSWERS_KEY]);
	if (!answers) return refuse(this, 400, `The body holds no "${ANSWERS_KEY}" list`);
	// an answer that opts out still resumes the wait (the workflow asked): marked as the triggers mark it
	const recognizer = consentRecognizerOf({}, () => undefined);
	const items = answers
		.map(answerItem)
		.map((item) => (item.json.replied === true ? withOptOut(item, recognizer) : item));
	return { webhookResponse: { resumed: true }, workflowData: [items] };
}
