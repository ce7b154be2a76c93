import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { keyPlacesOf, placeApiKey, type KeyCarrier } from './keyPlacement';
import { checkOfCredential } from './processMemory';

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
	return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export type BaseUrlCheck = { ok: true; baseUrl: string } | { ok: false; problem: string };

/**
 * Turns the Base URL field into the prefix every API path is appended to: trimmed, without
 * trailing slashes, and only `https://` unless the host is a loopback address or the user
 * allowed unencrypted HTTP. A refusal says what to fix.
 */
export function checkBaseUrl(raw: unknown, allowUnencryptedHttp: unknown): BaseUrlCheck {
	const text = typeof raw === 'string' ? raw.trim() : '';
	if (text === '') {
		return {
			ok: false,
			problem:
				'The Base URL of the Messaging Service credential is empty. Enter the address of the service, e.g. https://api.example.com',
		};
	}
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return {
			ok: false,
			problem: `The Base URL "${text.replace(/[?#].*$/, '')}" is not a valid URL. Enter it with its scheme, e.g. https://api.example.com`,
		};
	}
	// A URL copied from a browser may carry the key in its query: never repeat the query.
	const shown = `${url.protocol}//${url.host}${url.pathname}`;
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		return { ok: false, problem: `The Base URL "${shown}" must start with https://` };
	}
	if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && allowUnencryptedHttp !== true) {
		return {
			ok: false,
			problem: `The Base URL "${shown}" uses unencrypted http://, which would send the API key in clear text. Use https://, or turn on "Allow Unencrypted HTTP" in the credential if this server is on a network you trust.`,
		};
	}
	if (url.username || url.password) {
		return {
			ok: false,
			problem: `The Base URL "${shown}" must not contain a user name or password ("user:pass@"): the service takes only the API key, and n8n would drop them without a word. Remove everything from "//" up to "@".`,
		};
	}
	if (url.search || url.hash) {
		return {
			ok: false,
			problem: `The Base URL "${shown}" must not contain a query string or a fragment (not shown here); remove everything from "?" or "#" on`,
		};
	}
	return { ok: true, baseUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** checkBaseUrl of the credential's Base URL, worked out once per credential object. */
export function checkCredentialBaseUrl(credentials: ICredentialDataDecryptedObject): BaseUrlCheck {
	const { baseUrl: raw, allowUnencryptedHttp: allow } = credentials;
	const known = checkOfCredential.get(credentials);
	if (known && known.raw === raw && known.allow === allow) return known.check;
	const check = checkBaseUrl(raw, allow);
	checkOfCredential.set(credentials, { raw, allow, check });
	return check;
}

/** The request options as `authenticate` receives them, in either of n8n's two shapes. */
type IncomingRequest = IHttpRequestOptions &
	KeyCarrier & {
		uri?: unknown;
		followRedirect?: boolean;
		followAllRedirects?: boolean;
	};

function isAbsolute(url: string): boolean {
	return /^[a-z][a-z\d+.-]*:\/\//i.test(url);
}

/** The URL the request goes to, as n8n's client resolves it (a relative url is appended to baseURL). */
function targetOf(request: IncomingRequest, baseUrl: string): string {
	const url = String(request.url ?? request.uri ?? '');
	if (isAbsolute(url)) return url;
	const base = request.baseURL !== undefined ? baseUrl : '';
	return `${base}/${url.replace(/^\/+/, '')}`;
}

/**
 * The API path of a request (`/api/v2/getTemplateMessages`): what follows the Base URL. A request
 * to any other place (another host, scheme or port, another path prefix, a `user:pass@`) is
 * refused, so the key goes to the service of the credential and nowhere else.
 */
function apiPathOf(
	target: string,
	baseUrl: string,
): { ok: true; apiPath: string } | { ok: false; problem: string } {
	let url: URL;
	try {
		url = new URL(target);
	} catch {
		return {
			ok: false,
			problem:
				'The request has no valid URL: enter the Base URL of the credential followed by an API path, e.g. /api/v2/getTemplateMessages',
		};
	}
	const base = new URL(baseUrl);
	const basePath = base.pathname.replace(/\/+$/, '');
	const shown = `${url.protocol}//${url.host}${url.pathname}`;
	if (url.username || url.password) {
		return {
			ok: false,
			problem: `The URL "${shown}" must not contain a user name or password ("user:pass@"); the Messaging Service credential sends only its API key`,
		};
	}
	if (
		url.origin !== base.origin ||
		!(url.pathname === basePath || url.pathname.startsWith(`${basePath}/`))
	) {
		return {
			ok: false,
			problem: `The Messaging Service credential sends its API key only to its Base URL (${base.origin}${basePath}), not to "${shown}". Use a URL that starts with the Base URL, e.g. ${base.origin}${basePath}/api/v2/getTemplateMessages`,
		};
	}
	return { ok: true, apiPath: url.pathname.slice(basePath.length) };
}

/** A `token` typed into the URL itself goes away: the credential puts the key where it belongs. */
function withoutTokenInUrl(request: IncomingRequest) {
	for (const field of ['url', 'uri'] as const) {
		const value = request[field];
		if (typeof value !== 'string' || !isAbsolute(value) || !/[?&]token=/.test(value)) continue;
		const url = new URL(value);
		url.searchParams.delete('token');
		request[field] = url.toString();
	}
}

/**
 * The credential's `authenticate`, for the node's requests and for the HTTP Request node (Custom
 * API Call) alike: checks the Base URL, finds the API method by the path of the request in the
 * node's endpoint table, and puts the key exactly where the spec puts `token` for it (the query
 * string for a path that is not one of the spec's). Redirects are never followed: a redirect
 * could carry the key to another host, or repeat a send. A refusal says what to fix; the
 * credential raises it.
 */
export function authenticateRequest(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): { ok: true; request: IHttpRequestOptions } | { ok: false; problem: string } {
	const check = checkCredentialBaseUrl(credentials);
	if (!check.ok) return check;
	const request = requestOptions as IncomingRequest;
	const target = apiPathOf(targetOf(request, check.baseUrl), check.baseUrl);
	if (!target.ok) return target;
	if (request.baseURL !== undefined) request.baseURL = check.baseUrl;
	withoutTokenInUrl(request);
	placeApiKey(request, keyPlacesOf(target.apiPath), String(credentials.apiKey ?? ''));
	request.disableFollowRedirect = true;
	request.maxRedirects = 0;
	request.followRedirect = false;
	request.followAllRedirects = false;
	return { ok: true, request };
}
