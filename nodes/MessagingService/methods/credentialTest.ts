import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { authenticateRequest } from '../transport/auth';
import { unreachable } from '../transport/errors';
import { describeSsrfBlock, ssrfBlockOf } from '../transport/ssrf';

/**
 * The credential's "Test" (`testedBy` on both nodes): the harmless read getTemplateMessages, with
 * every outcome told in a sentence. n8n's declarative credential test would show a refused
 * connection, an unknown host or a TLS failure only by its error code.
 */

export const CREDENTIAL_TEST_TIMEOUT_S = 10;

const CHECK_URL = 'Check the Base URL in the credential';

interface Answer {
	statusCode: number;
	body: unknown;
	headers?: IDataObject;
}

function codeOf(error: unknown): string {
	let current: unknown = error;
	for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string' && code !== '') return code;
		current = (current as { cause?: unknown }).cause;
	}
	return '';
}

/** What a failed connection means, in a sentence. */
export function describeConnectionFailure(error: unknown, where: string): string {
	const code = codeOf(error);
	const message = error instanceof Error ? error.message : String(error);
	const reached = `The service could not be reached at ${where}`;
	const block = ssrfBlockOf(error);
	if (block) return `${reached}: ${describeSsrfBlock(block, where)}`;
	const known = unreachable(code);
	if (known) return `${reached}: ${known.reason}. ${known.advice}`;
	if (
		/CERT|SSL|TLS|EPROTO|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/i.test(code) ||
		/certificate|ssl|tls|wrong version number/i.test(message)
	) {
		return `${reached}: a secure (https) connection could not be made (${code || 'TLS error'}). The server's certificate is not trusted, or the server does not speak https at this address. ${CHECK_URL}.`;
	}
	if (
		code === 'ETIMEDOUT' ||
		code === 'ECONNABORTED' ||
		code === 'ESOCKETTIMEDOUT' ||
		/timeout/i.test(message)
	) {
		return `${reached}: it did not answer within ${CREDENTIAL_TEST_TIMEOUT_S} seconds. ${CHECK_URL} and that the service is running.`;
	}
	if (code === 'ECONNRESET' || /socket hang up/i.test(message)) {
		return `${reached}: the connection was closed before an answer came. ${CHECK_URL}.`;
	}
	return `${reached} (${code || message}). ${CHECK_URL}.`;
}

/** What the service's answer to the test read means, in a sentence. */
export function describeAnswer(answer: Answer): INodeCredentialTestResult {
	const { statusCode, body } = answer;
	if (statusCode === 401 || statusCode === 403) {
		return {
			status: 'Error',
			message: 'The service refused the API key. Check the API Key field of this credential.',
		};
	}
	if (statusCode === 404) {
		return {
			status: 'Error',
			message:
				'The service answered "page not found". Check the Base URL: the address of the service without /api/..., e.g. https://api.example.com',
		};
	}
	if (statusCode >= 300 && statusCode < 400) {
		const location =
			typeof answer.headers?.location === 'string'
				? ` to ${answer.headers.location.replace(/[?#].*$/, '')}`
				: '';
		return {
			status: 'Error',
			message: `The Base URL answered with a redirect${location}, which the node does not follow with the API key. Enter the address it redirects to as the Base URL.`,
		};
	}
	if (statusCode === 429) {
		return {
			status: 'Error',
			message:
				'The service answered "request limit exceeded" (429). Try the test again in a minute.',
		};
	}
	if (statusCode >= 500) {
		return {
			status: 'Error',
			message: `The service answered with an error (${statusCode}, server unavailable). Try again later.`,
		};
	}
	if (statusCode < 200 || statusCode >= 300) {
		return {
			status: 'Error',
			message: `The service answered with status ${statusCode}. ${CHECK_URL} and the API Key.`,
		};
	}
	const json = typeof body === 'string' ? parse(body) : body;
	if (typeof json !== 'object' || json === null) {
		return {
			status: 'Error',
			message: `The Base URL answered, but not as the messaging service does (no JSON). ${CHECK_URL}: the address of the service without /api/..., e.g. https://api.example.com`,
		};
	}
	return { status: 'OK', message: 'Connection successful!' };
}

function parse(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

export async function messagingServiceApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted<ICredentialDataDecryptedObject>,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	// n8n applies no `authenticate` to a node's own credential test: the same placement is asked for here.
	const authenticated = authenticateRequest(data, {
		method: 'POST',
		url: '/api/v2/getTemplateMessages',
		baseURL: String(data.baseUrl ?? ''),
		qs: {},
	});
	if (!authenticated.ok) return { status: 'Error', message: authenticated.problem };
	const { baseURL, url, qs } = authenticated.request;
	// Credential tests get only n8n's legacy request helper (ICredentialTestFunctions).
	const { request } = this.helpers;
	try {
		const answer = (await request({
			method: 'POST',
			uri: `${baseURL}${url}`,
			qs,
			timeout: CREDENTIAL_TEST_TIMEOUT_S * 1000,
			followRedirect: false,
			followAllRedirects: false,
			simple: false,
			resolveWithFullResponse: true,
		})) as Answer;
		return describeAnswer(answer);
	} catch (error) {
		return { status: 'Error', message: describeConnectionFailure(error, String(baseURL)) };
	}
}
