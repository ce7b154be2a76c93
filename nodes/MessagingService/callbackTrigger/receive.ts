/**
 * One callback arriving at the trigger's URL: refused with a status and no execution when it
 * is not signed for this credential (401), too large (413) or not JSON (400); otherwise it
 * starts one execution and n8n answers 200 at once (the webhook's response mode is onReceived).
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { jsonParse } from 'n8n-workflow';

import { verifyCallbackQuery } from '../helpers/callbackSignature';
import { DEFAULT_MAX_BODY_MB, MAX_BODY_MB } from './description';
import { callbackItems, type CallbackOutput } from './items';

/** What the trigger reads of n8n's request: the body as n8n parsed it, and as it came. */
interface CallbackRequest {
	body?: unknown;
	rawBody?: Buffer;
}

/** What the trigger uses of n8n's response, to answer a refusal itself. */
interface CallbackResponse {
	writeHead(status: number, headers: Record<string, string>): unknown;
	end(body: string): unknown;
}

function refuse(context: IWebhookFunctions, status: number, error: string): IWebhookResponseData {
	const response = context.getResponseObject() as unknown as CallbackResponse;
	response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
	response.end(JSON.stringify({ error }));
	// no workflowData: n8n starts no execution
	return { noWebhookResponse: true };
}

function header(headers: IDataObject, name: string): string {
	const value = headers[name];
	return typeof value === 'string' ? value : '';
}

function bodySize(request: CallbackRequest, headers: IDataObject): number {
	if (request.rawBody !== undefined) return request.rawBody.length;
	const declared = Number(header(headers, 'content-length'));
	return Number.isFinite(declared) ? declared : 0;
}

/** The JSON body, or what is wrong with it. n8n has parsed `application/json` already. */
function readBody(
	request: CallbackRequest,
	headers: IDataObject,
): { body: unknown } | { problem: string } {
	const contentType = header(headers, 'content-type').split(';')[0].trim().toLowerCase();
	if (contentType === 'application/json' && request.body !== undefined)
		return { body: request.body };
	const text = request.rawBody?.toString('utf8').replace(/^\uFEFF/, '') ?? '';
	if (text.trim() === '') {
		return {
			problem: `the body is empty or not readable (content type "${contentType || 'none'}"); the callback must be JSON`,
		};
	}
	try {
		return { body: jsonParse(text) };
	} catch {
		return {
			problem: `the body is not JSON (content type "${contentType || 'none'}"); the callback must be JSON`,
		};
	}
}

export async function receiveCallback(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const credentials = await this.getCredentials('messagingServiceApi');
	const apiKey = typeof credentials.apiKey === 'string' ? credentials.apiKey : '';
	if (apiKey.trim() === '')
		return refuse(
			this,
			401,
			"The trigger's credential has no API key, so no callback can be checked.",
		);
	const tag = verifyCallbackQuery(this.getQueryData() as Record<string, unknown>, apiKey);
	if ('problem' in tag)
		return refuse(this, 401, `Not a callback for this trigger: ${tag.problem}.`);

	const request = this.getRequestObject() as unknown as CallbackRequest;
	const headers = this.getHeaderData() as IDataObject;
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const limitMb = Math.min(
		Number(options.maxBodyMb ?? DEFAULT_MAX_BODY_MB) || DEFAULT_MAX_BODY_MB,
		MAX_BODY_MB,
	);
	const size = bodySize(request, headers);
	if (size > limitMb * 1024 * 1024) {
		return refuse(
			this,
			413,
			`The body has ${size} bytes; this trigger accepts at most ${limitMb} MB (option Max Body Size).`,
		);
	}

	const read = readBody(request, headers);
	if ('problem' in read) return refuse(this, 400, `Not a callback: ${read.problem}.`);

	const output = this.getNodeParameter('output', 'mailing') as CallbackOutput;
	const { items } = callbackItems(read.body, tag, output);
	return { workflowData: [this.helpers.returnJsonArray(items)] };
}
