import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ApiMethod, Effect, Endpoint } from './endpoints';
import { redact } from './redaction';
import { describeSsrfBlock, type SsrfBlock } from './ssrf';

/** kept here too for callers that take it from the errors module */
export { redact };

/** Why a call failed, before it becomes an n8n error. */
export type Failure =
	| { kind: 'status'; status: number; reason?: string }
	| { kind: 'refused'; reason: string }
	| { kind: 'notJson'; status: number }
	/** an answer whose meaning is unknown: `what` it carried instead of one the method gives */
	| { kind: 'unexpected'; status: number; what: string }
	| { kind: 'timeout'; timeoutMs: number }
	| { kind: 'connection'; code: string }
	| { kind: 'cancelled' }
	| { kind: 'rateLimited'; retries: number }
	/** the service asked to wait until `retryAt` (ms since 1970), longer than the node waits */
	| { kind: 'waitTooLong'; retryAt: number; boundMs: number }
	| { kind: 'redirect'; status: number; target: string | undefined }
	/** n8n's SSRF protection refused to send the request to `url` */
	| { kind: 'ssrfBlocked'; block: SsrfBlock; url: string };

/** Connection failures that happen before the request reaches the service. */
export const NEVER_REACHED_CODES: ReadonlySet<string> = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
]);

/**
 * Why the service could not be reached and what to do, in a user's words, for the failures a
 * wrong Base URL causes (the credential's test says the same); undefined for other codes.
 */
export function unreachable(code: string): { reason: string; advice: string } | undefined {
	if (code === 'ECONNREFUSED') {
		return {
			reason: 'the connection was refused',
			advice:
				'Check the Base URL in the credential (host and port) and that the service is running.',
		};
	}
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
		return {
			reason: 'no host of that name was found',
			advice: 'Check the Base URL in the credential for a typing mistake.',
		};
	}
	if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
		return {
			reason: 'no route to that host',
			advice: 'Check the Base URL in the credential and that n8n can reach that network.',
		};
	}
	return undefined;
}

/** The credential fields behind the service's parameters, for a refusal that names one. */
const FIELD_OF_PARAMETER: Record<string, string> = {
	alphaname_id:
		"Sender Name ID (or the credential's Default Sender Name ID): use a sender name of your account",
	chatname_id:
		"Chat Sender ID (or the credential's Default Chat Sender ID): use a chat sender of your account",
	list_id:
		"Subscriber List ID (or the credential's Default Subscriber List ID): use a list of your account",
};

/** What to check when the service refuses an item (400): the field it names, if it names one. */
function refusalAdvice(reason: string | undefined): string {
	const parameter = Object.keys(FIELD_OF_PARAMETER).find((name) => reason?.includes(name));
	if (parameter)
		return `Check the ${FIELD_OF_PARAMETER[parameter]}; the reason above comes from the service.`;
	return 'Check the fields of this item against what the operation expects; the reason above comes from the service.';
}

/** Whether the service may have done the work although the call failed. */
export function outcomeUnknown(failure: Failure): boolean {
	switch (failure.kind) {
		case 'status':
			return failure.status >= 500 || failure.status < 400;
		case 'notJson':
		case 'unexpected':
		case 'timeout':
		case 'cancelled':
			return true;
		case 'connection':
			return !NEVER_REACHED_CODES.has(failure.code);
		default:
			return false;
	}
}

function minutes(ms: number): string {
	const total = Math.round(ms / 60_000);
	return total >= 120 ? `${Math.round(total / 60)} hours` : `${total} minutes`;
}

const UNKNOWN_OUTCOME: Partial<Record<Effect, string>> = {
	send: 'The service may have processed the request before the failure, so the message may have been sent. It was not sent again automatically: check its status (for example with a "Get Many" operation) before sending it again.',
	write:
		'The service may have processed the request before the failure, so it may have been done (created, changed or deleted). It was not done again automatically: check (for example with a "Get" or "Get Many" operation) before trying again.',
};
const RETRIED = 'It was retried and still failed; try again later.';
const NOT_DONE: Record<Effect, string> = {
	send: 'The message was not sent: the service answered with a redirect instead of taking it.',
	write:
		'Nothing was created or changed: the service answered with a redirect instead of doing it.',
	idempotentWrite: 'Nothing was changed: the service answered with a redirect instead of doing it.',
	read: 'Nothing was read: the service answered with a redirect.',
};

function describeStatus(
	method: ApiMethod,
	endpoint: Endpoint,
	status: number,
	reason: string | undefined,
) {
	const said = reason ? `: ${reason}` : '';
	if (
		status === 400 &&
		(method === 'confirmSendMessageByList' || method === 'confirmChatMessage') &&
		reason &&
		/fund|balance/i.test(reason)
	) {
		return {
			message: `Insufficient funds to confirm the mailing${said}`,
			description: 'Top up the balance of your account, then confirm the mailing again.',
		};
	}
	if (status === 400) {
		return {
			message: `The service refused the request as invalid (400)${said}`,
			description: refusalAdvice(reason),
		};
	}
	// The fix is in the message as well: a trigger's activation error shows n8n nothing else.
	if (status === 401 || status === 403) {
		return {
			message: `The service refused the API key (${status})${said}. Check the API Key in the credential.`,
			description:
				'Check the API Key in the Messaging Service credential: copy it again from the settings page of the service.',
		};
	}
	if (status === 404) {
		return {
			message: `The service answered "page not found" (404) for ${endpoint.path}${said}. Check the Base URL in the credential, or the ID you gave.`,
			description:
				'Check the Base URL in the credential: it must be the address of the service without /api/..., e.g. https://api.example.com. If the URL is right, the ID you gave may not exist.',
		};
	}
	if (status === 406) {
		return {
			message: `The service found no content for this request (406)${said}`,
			description: undefined,
		};
	}
	if (status === 429) {
		return {
			message: `The service's request limit was exceeded (429)${said}`,
			description: 'Lower the Concurrency option, or run the workflow again later.',
		};
	}
	if (status >= 500) {
		return {
			message: `The service is unavailable (${status})${said}`,
			description: UNKNOWN_OUTCOME[endpoint.effect] ?? RETRIED,
		};
	}
	return { message: `The service answered with status ${status}${said}`, description: undefined };
}

function describe(method: ApiMethod, endpoint: Endpoint, failure: Failure) {
	const unknownOutcome = UNKNOWN_OUTCOME[endpoint.effect] ?? RETRIED;
	switch (failure.kind) {
		case 'status':
			return {
				...describeStatus(method, endpoint, failure.status, failure.reason),
				httpCode: String(failure.status),
			};
		case 'refused':
			return {
				message: `The service refused the request: ${failure.reason}`,
				description: refusalAdvice(failure.reason),
				httpCode: undefined,
			};
		case 'notJson':
			return {
				message: `The service answered ${method} with something that is not valid JSON (status ${failure.status})`,
				description: `A proxy or an error page may stand between n8n and the service; check the Base URL. ${unknownOutcome}`,
				httpCode: String(failure.status),
			};
		case 'unexpected':
			return {
				message: `The service answered ${method} with ${failure.what} (status ${failure.status})`,
				description: `The answer does not say whether the request was processed. ${unknownOutcome}`,
				httpCode: String(failure.status),
			};
		case 'timeout':
			return {
				message: `The service did not answer ${method} within ${Math.round(failure.timeoutMs / 1000)} seconds (the Timeout option)`,
				description: `The request was stopped at its deadline. ${unknownOutcome} If the service is slow, raise the Timeout option.`,
				httpCode: undefined,
			};
		case 'cancelled':
			return {
				message: `The execution was cancelled while ${method} was under way`,
				description: unknownOutcome,
				httpCode: undefined,
			};
		case 'waitTooLong':
			return {
				message: `The service's request limit was exceeded (429) and it accepts requests again only at ${new Date(failure.retryAt).toISOString()}`,
				description: `That is more than the node waits (${minutes(failure.boundMs)}); nothing was sent for this item. Run the workflow again after that time.`,
				httpCode: '429',
			};
		case 'connection': {
			const known = unreachable(failure.code);
			if (!known) {
				return {
					message: `The connection to the service failed during ${method} (${failure.code})`,
					description: unknownOutcome,
					httpCode: undefined,
				};
			}
			return {
				message: `The service could not be reached: ${known.reason} (${failure.code} during ${method}). ${known.advice}`,
				description: NEVER_REACHED_CODES.has(failure.code)
					? 'The request did not reach the service: nothing was sent or changed.'
					: unknownOutcome,
				httpCode: undefined,
			};
		}
		case 'redirect':
			return {
				message: `The service answered ${method} with a redirect (${failure.status}) to ${failure.target ?? 'an address it did not give'}; redirects are not followed, and the API key was not sent there`,
				description: `${NOT_DONE[endpoint.effect]} Check the Base URL in the credential: use the address the service answers on directly (for example https:// instead of http://, or its new address).`,
				httpCode: String(failure.status),
			};
		case 'ssrfBlocked':
			return {
				message: `${describeSsrfBlock(failure.block, failure.url)} (${method} was not sent)`,
				description:
					'The request did not leave n8n: nothing was sent or changed. N8N_SSRF_PROTECTION_ENABLED=true turns this protection on; n8n 3.0 blocks more ranges by default.',
				httpCode: undefined,
			};
		case 'rateLimited':
			return {
				message: `The service's request limit was exceeded (429) and still was after ${failure.retries} retries`,
				description: 'Lower the Concurrency option, or run the workflow again later.',
				httpCode: '429',
			};
	}
}

/** An n8n error that says what happened and what to do, carrying nothing but its own words. */
export function toNodeApiError(
	node: INode,
	method: ApiMethod,
	endpoint: Endpoint,
	failure: Failure,
	secret: string,
	itemIndex: number | undefined,
): NodeApiError {
	const { message, description, httpCode } = describe(method, endpoint, failure);
	const clean = {
		message: redact(message, secret),
		description: description === undefined ? undefined : redact(description, secret),
	};
	const error = new NodeApiError(node, { ...clean, httpCode } as JsonObject, {
		...clean,
		httpCode,
		itemIndex,
	});
	// NodeApiError swaps messages that mention a connection code for generic ones; keep ours.
	error.message = clean.message;
	error.description = clean.description;
	error.messages = [];
	// read by the Retry On Fail record (actions/itemLedger.ts): such an item is never sent again
	if (outcomeUnknown(failure) && (endpoint.effect === 'send' || endpoint.effect === 'write'))
		error.context.outcomeUnknown = true;
	if (failure.kind === 'refused' || (failure.kind === 'status' && failure.status === 400))
		error.context.refused = true;
	return error;
}

/**
 * Whether an error is the service refusing the request's content (400, or a 2xx answer whose
 * status is not OK), as opposed to a key, address, limit or availability problem.
 */
export function isRefusal(error: unknown): error is NodeApiError {
	return (
		error instanceof NodeApiError && (error.context.refused === true || error.httpCode === '400')
	);
}
