import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError, jsonParse, sleep } from 'n8n-workflow';

import { checkBaseUrl } from './auth';
import { unwrapAnswer, type UnwrappedAnswer } from './answer';
import { encodeRequest, type ApiParameters } from './encode';
import { endpoints, type ApiMethod, type Endpoint } from './endpoints';
import { toNodeApiError, type Failure } from './errors';
import { RequestPacer } from './pacer';
import { redirectFailure } from './redirects';
import {
	MAX_RATE_LIMIT_RETRIES,
	MAX_SERVER_ERROR_RETRIES,
	backoffDelay,
	mayRepeatAfterUnknownOutcome,
	parseRetryAfter,
} from './retryPolicy';

export const CREDENTIAL_TYPE = 'messagingServiceApi';
export const DEFAULT_TIMEOUT_MS = 30_000;

export type ApiContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

export interface CallOptions {
	itemIndex?: number;
	/** shared between the calls of one execution; a call without one paces itself alone */
	pacer?: RequestPacer;
	timeoutMs?: number;
}

interface Settings {
	baseUrl: string;
	apiKey: string;
	/** handed to every request, so that n8n does not load and decrypt the credential again */
	credential: ICredentialsDecrypted;
}

type Attempt = { answer: UnwrappedAnswer } | { failure: Failure; retryAfterMs?: number; repeatable: boolean };

const CONNECTION_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN', 'EHOSTUNREACH', 'ERR_SOCKET_CLOSED']);
const NEVER_REACHED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

// One credential read per execution: n8n loads it from its database and decrypts it on every read.
const credentialOfExecution = new WeakMap<ApiContext, Promise<ICredentialDataDecryptedObject>>();

/** The credential's data, read once per execution (a failed read is tried again by the next call). */
export async function readCredential(context: ApiContext, itemIndex = 0): Promise<ICredentialDataDecryptedObject> {
	let read = credentialOfExecution.get(context);
	if (!read) {
		read = context.getCredentials(CREDENTIAL_TYPE, itemIndex);
		credentialOfExecution.set(context, read);
		read.catch(() => credentialOfExecution.delete(context));
	}
	return await read;
}

/** A base URL the credential refuses is reported by each item that meets it, with its own index. */
async function readSettings(context: ApiContext, itemIndex: number | undefined): Promise<Settings> {
	const credentials = await readCredential(context, itemIndex);
	const check = checkBaseUrl(credentials.baseUrl, credentials.allowUnencryptedHttp);
	if (!check.ok) throw new NodeOperationError(context.getNode(), check.problem, { itemIndex });
	return {
		baseUrl: check.baseUrl,
		apiKey: String(credentials.apiKey ?? ''),
		credential: { id: '', name: CREDENTIAL_TYPE, type: CREDENTIAL_TYPE, data: credentials },
	};
}

function errorCodeOf(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && code !== '') return code;
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

function isTimeout(error: unknown, code: string | undefined): boolean {
	if (code === 'ETIMEDOUT' || code === 'ECONNABORTED') return true;
	const message = String((error as Error)?.message ?? '');
	return /timeout/i.test(message);
}

function classifyResponse(endpoint: Endpoint, method: ApiMethod, response: IN8nHttpFullResponse): Attempt {
	const status = response.statusCode;
	const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '');
	let body: unknown;
	let parsed = true;
	try {
		body = text === '' ? undefined : jsonParse(text);
	} catch {
		parsed = false;
	}
	const unknownOutcomeRepeatable = mayRepeatAfterUnknownOutcome(endpoint.effect);

	if (status === 429) {
		return {
			failure: { kind: 'status', status },
			retryAfterMs: parseRetryAfter(response.headers['retry-after']),
			repeatable: true,
		};
	}
	if (status >= 500) {
		const reason = parsed ? reasonFrom(body) : undefined;
		return { failure: { kind: 'status', status, reason }, repeatable: unknownOutcomeRepeatable };
	}
	if (!parsed) return { failure: { kind: 'notJson', status }, repeatable: status < 300 && unknownOutcomeRepeatable };
	if (status < 200 || status >= 300) {
		if (status === 406 && endpoints[method].answer === 'dataList') {
			return { answer: { kind: 'records', records: [] } };
		}
		return { failure: { kind: 'status', status, reason: reasonFrom(body) }, repeatable: false };
	}
	const answer = unwrapAnswer(endpoint.answer, body);
	if (answer.kind === 'refused') return { failure: { kind: 'refused', reason: answer.reason }, repeatable: false };
	return { answer };
}

function reasonFrom(body: unknown): string | undefined {
	if (typeof body !== 'object' || body === null) return typeof body === 'string' ? body : undefined;
	const record = body as IDataObject;
	const parts: string[] = [];
	for (const key of ['error', 'message', 'parameter', 'rule']) {
		const value = record[key];
		if (typeof value === 'string' && value !== '' && !parts.includes(value)) {
			parts.push(key === 'parameter' ? `parameter "${value}"` : value);
		}
	}
	return parts.length > 0 ? parts.join(', ') : undefined;
}

async function attempt(
	context: ApiContext,
	method: ApiMethod,
	request: IHttpRequestOptions,
	timeoutMs: number,
	credential: ICredentialsDecrypted,
): Promise<Attempt> {
	const endpoint: Endpoint = endpoints[method];
	try {
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			CREDENTIAL_TYPE,
			{ ...request, timeout: timeoutMs, returnFullResponse: true, ignoreHttpStatusErrors: true, encoding: 'text', json: false, disableFollowRedirect: true },
			{ credentialsDecrypted: credential },
		)) as IN8nHttpFullResponse;
		const redirect = redirectFailure(response, request.url);
		if (redirect) return { failure: redirect, repeatable: false };
		return classifyResponse(endpoint, method, response);
	} catch (error) {
		const code = errorCodeOf(error);
		if (code === 'ERR_CANCELED') {
			throw new NodeOperationError(context.getNode(), `The execution was cancelled while ${method} was under way`);
		}
		const repeatable = mayRepeatAfterUnknownOutcome(endpoint.effect) || (code !== undefined && NEVER_REACHED_CODES.has(code));
		if (isTimeout(error, code)) return { failure: { kind: 'timeout', timeoutMs }, repeatable };
		return {
			failure: { kind: 'connection', code: code && CONNECTION_CODES.has(code) ? code : (code ?? 'unknown error') },
			repeatable,
		};
	}
}

/**
 * Calls one API method: encodes it from the endpoint table, lets the credential add the key,
 * retries what may be retried (DESIGN 2.8), and returns the answer without its wrapping.
 * Every failure becomes a NodeApiError that names the cause and never carries the key.
 */
export async function callApi(
	this: ApiContext,
	method: ApiMethod,
	parameters: ApiParameters,
	options: CallOptions = {},
): Promise<UnwrappedAnswer> {
	const endpoint: Endpoint = endpoints[method];
	const { baseUrl, apiKey, credential } = await readSettings(this, options.itemIndex);
	const pacer = options.pacer ?? new RequestPacer(1);
	const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
	let rateLimitRetries = 0;
	let otherRetries = 0;

	for (;;) {
		// A fresh request per attempt: a multipart body cannot be sent twice.
		const request = encodeRequest(method, endpoint, baseUrl, parameters);
		await pacer.acquire();
		let outcome: Attempt | undefined;
		try {
			outcome = await attempt(this, method, request, timeoutMs, credential);
		} finally {
			if (!outcome) pacer.release('failed');
		}
		if ('answer' in outcome) {
			pacer.release('ok');
			return outcome.answer;
		}
		const { failure } = outcome;
		const rateLimited = failure.kind === 'status' && failure.status === 429;
		if (rateLimited && rateLimitRetries < MAX_RATE_LIMIT_RETRIES) {
			pacer.release('rateLimited', outcome.retryAfterMs ?? backoffDelay(rateLimitRetries));
			rateLimitRetries++;
			continue;
		}
		if (!rateLimited && outcome.repeatable && otherRetries < MAX_SERVER_ERROR_RETRIES) {
			pacer.release('failed');
			await sleep(backoffDelay(otherRetries));
			otherRetries++;
			continue;
		}
		pacer.release('failed');
		const reported: Failure = rateLimited ? { kind: 'rateLimited', retries: rateLimitRetries } : failure;
		throw toNodeApiError(this.getNode(), method, endpoint, reported, apiKey, options.itemIndex);
	}
}
