import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
	ITriggerFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { UNICODE_RULE, firstMalformedText } from '../base/unicode';
import { invalidField } from '../base/validation';
import { checkCredentialBaseUrl } from './auth';
import { classifyAnswer, type UnwrappedAnswer } from './answer';
import { encodeRequest, type ApiParameters } from './encode';
import { endpoints, type ApiMethod, type Endpoint } from './endpoints';
import { NEVER_REACHED_CODES, toNodeApiError, type Failure } from './errors';
import { RequestPacer } from './pacer';
import { redirectFailure } from './redirects';
import { ssrfBlockOf } from './ssrf';
import {
	MAX_RATE_LIMIT_RETRIES,
	MAX_RETRY_AFTER_MS,
	MAX_SERVER_ERROR_RETRIES,
	MAX_TOTAL_RATE_LIMIT_WAIT_MS,
	backoffDelay,
	mayRepeatAfterUnknownOutcome,
	parseRetryAfter,
} from './retryPolicy';
import { credentialOfExecution } from './processMemory';

export const CREDENTIAL_TYPE = 'messagingServiceApi';
export const DEFAULT_TIMEOUT_MS = 30_000;

export type ApiContext =
	| IExecuteFunctions
	| IPollFunctions
	| ITriggerFunctions
	| ILoadOptionsFunctions;

export interface CallOptions {
	itemIndex?: number;
	/** shared between the calls of one execution; a call without one paces itself alone */
	pacer?: RequestPacer;
	timeoutMs?: number;
	/** called as each request goes out (the pacer let it through); `changes`: it sends or changes something (not a read) */
	onRequest?: (changes: boolean) => void;
}

interface Settings {
	baseUrl: string;
	apiKey: string;
	/** handed to every request, so that n8n does not load and decrypt the credential again */
	credential: ICredentialsDecrypted;
}

type Attempt =
	| { answer: UnwrappedAnswer }
	| { failure: Failure; retryAfterMs?: number; repeatable: boolean };

const CONNECTION_CODES: ReadonlySet<string> = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ENOTFOUND',
	'EPIPE',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ERR_SOCKET_CLOSED',
]);

/** The credential's data, read once per execution (a failed read is tried again by the next call). */
export async function readCredential(
	context: ApiContext,
	itemIndex = 0,
): Promise<ICredentialDataDecryptedObject> {
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
	const check = checkCredentialBaseUrl(credentials);
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

function executionCancelSignal(context: ApiContext): AbortSignal | undefined {
	return 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;
}

/**
 * The `this` handed to n8n's httpRequestWithAuthentication. n8n sets the request's abort signal to
 * `this.getExecutionCancelSignal()`; this one answers with the request's own signal, which fires
 * at the deadline or when the execution is cancelled, whichever comes first.
 */
function withRequestSignal(context: ApiContext, signal: AbortSignal): ApiContext {
	const caller = {
		helpers: context.helpers,
		logger: context.logger,
		getNode: () => context.getNode(),
		getCredentials: async (type: string, itemIndex?: number) =>
			await context.getCredentials(type, itemIndex),
		getExecutionCancelSignal: () => signal,
	};
	return caller as unknown as ApiContext;
}

async function attempt(
	context: ApiContext,
	method: ApiMethod,
	request: IHttpRequestOptions,
	timeoutMs: number,
	credential: ICredentialsDecrypted,
): Promise<Attempt> {
	const endpoint: Endpoint = endpoints[method];
	const unknownOutcomeRepeatable = mayRepeatAfterUnknownOutcome(endpoint.effect);
	// The deadline covers the whole exchange (connect, headers, body), whatever the server does:
	// n8n's `timeout` alone only measures silence on the socket.
	const deadline = AbortSignal.timeout(timeoutMs);
	const cancel = executionCancelSignal(context);
	const signal = cancel ? AbortSignal.any([cancel, deadline]) : deadline;
	try {
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			withRequestSignal(context, signal),
			CREDENTIAL_TYPE,
			{
				...request,
				timeout: timeoutMs,
				abortSignal: signal,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				encoding: 'text',
				json: false,
				disableFollowRedirect: true,
			},
			{ credentialsDecrypted: credential },
		)) as IN8nHttpFullResponse;
		const redirect = redirectFailure(response, request.url);
		if (redirect) return { failure: redirect, repeatable: false };
		const text =
			typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '');
		const classified = classifyAnswer(endpoint, response.statusCode, text);
		switch (classified.kind) {
			case 'answer':
				return { answer: classified.answer };
			case 'rateLimited':
				return {
					failure: { kind: 'status', status: 429 },
					retryAfterMs: parseRetryAfter(response.headers['retry-after']),
					repeatable: true,
				};
			case 'refused':
				return { failure: classified.failure, repeatable: false };
			case 'unknown':
				return { failure: classified.failure, repeatable: unknownOutcomeRepeatable };
		}
	} catch (error) {
		if (cancel?.aborted) return { failure: { kind: 'cancelled' }, repeatable: false };
		// n8n refused to send it: trying again changes nothing until its settings do
		const block = ssrfBlockOf(error);
		if (block)
			return {
				failure: { kind: 'ssrfBlocked', block, url: String(request.url) },
				repeatable: false,
			};
		const code = errorCodeOf(error);
		const repeatable =
			unknownOutcomeRepeatable || (code !== undefined && NEVER_REACHED_CODES.has(code));
		// The Timeout is the user's bound for the item: a request that used it up is not tried again.
		if (deadline.aborted || isTimeout(error, code))
			return { failure: { kind: 'timeout', timeoutMs }, repeatable: false };
		return {
			failure: {
				kind: 'connection',
				code: code && CONNECTION_CODES.has(code) ? code : (code ?? 'unknown error'),
			},
			repeatable,
		};
	}
}

/**
 * Calls one API method: encodes it from the endpoint table, lets the credential add the key,
 * retries what may be retried (a 429 always, other failures only for methods that change nothing,
 * so a message is never sent twice), and returns the answer without its wrapping.
 * Every failure becomes a NodeApiError that names the cause and never carries the key.
 */
export async function callApi(
	this: ApiContext,
	method: ApiMethod,
	parameters: ApiParameters,
	options: CallOptions = {},
): Promise<UnwrappedAnswer> {
	const endpoint: Endpoint = endpoints[method];
	const malformed = firstMalformedText(parameters);
	if (malformed)
		throw invalidField(
			this.getNode(),
			`text in "${malformed.path}"`,
			malformed.value,
			UNICODE_RULE,
			options.itemIndex ?? 0,
		);
	const { baseUrl, apiKey, credential } = await readSettings(this, options.itemIndex);
	const pacer = options.pacer ?? new RequestPacer(1);
	const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
	const changes = endpoint.effect === 'send' || endpoint.effect === 'write';
	let rateLimitRetries = 0;
	let rateLimitWaitedMs = 0;
	let otherRetries = 0;

	for (;;) {
		// A fresh request per attempt: a multipart body cannot be sent twice.
		const request = encodeRequest(method, endpoint, baseUrl, parameters);
		await pacer.acquire();
		options.onRequest?.(changes);
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
			const waitMs = outcome.retryAfterMs ?? backoffDelay(rateLimitRetries);
			if (
				waitMs > MAX_RETRY_AFTER_MS ||
				rateLimitWaitedMs + waitMs > MAX_TOTAL_RATE_LIMIT_WAIT_MS
			) {
				pacer.release('failed');
				const tooLong: Failure = {
					kind: 'waitTooLong',
					retryAt: Date.now() + waitMs,
					boundMs: waitMs > MAX_RETRY_AFTER_MS ? MAX_RETRY_AFTER_MS : MAX_TOTAL_RATE_LIMIT_WAIT_MS,
				};
				throw toNodeApiError(this.getNode(), method, endpoint, tooLong, apiKey, options.itemIndex);
			}
			pacer.release('rateLimited', waitMs);
			rateLimitWaitedMs += waitMs;
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
		const reported: Failure = rateLimited
			? { kind: 'rateLimited', retries: rateLimitRetries }
			: failure;
		throw toNodeApiError(this.getNode(), method, endpoint, reported, apiKey, options.itemIndex);
	}
}
