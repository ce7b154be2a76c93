import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

/**
 * The transport marks each place where the endpoint table puts the API key with this
 * placeholder; the credential's `authenticate` replaces every mark with the real key. So the
 * key enters a request only through the credential, exactly where the spec wants it, and a
 * request that somehow skipped authentication carries no secret.
 */
export const API_KEY_SLOT = '{{messagingServiceApiKey}}';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

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
			problem: 'The Base URL of the Messaging Service credential is empty. Enter the address of the service, e.g. https://api.example.com',
		};
	}
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return { ok: false, problem: `The Base URL "${text.replace(/[?#].*$/, '')}" is not a valid URL. Enter it with its scheme, e.g. https://api.example.com` };
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
	if (url.search || url.hash) {
		return { ok: false, problem: `The Base URL "${shown}" must not contain a query string or a fragment (not shown here); remove everything from "?" or "#" on` };
	}
	return { ok: true, baseUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

function fillSlots(target: Record<string, unknown> | undefined, apiKey: string) {
	if (!target) return;
	for (const [name, value] of Object.entries(target)) {
		if (value === API_KEY_SLOT) target[name] = apiKey;
	}
}

function fillBodySlots(body: unknown, apiKey: string) {
	if (body instanceof URLSearchParams || body instanceof FormData) {
		for (const [name, value] of [...body.entries()]) {
			if (value === API_KEY_SLOT) body.set(name, apiKey);
		}
		return;
	}
	if (body && typeof body === 'object' && !Array.isArray(body)) {
		fillSlots(body as Record<string, unknown>, apiKey);
	}
}

/**
 * The credential's `authenticate`: puts the key into the marked places. A request with a
 * `baseURL` (the credential test) gets the checked Base URL; the refusal is returned so that
 * the caller can raise it.
 */
export function fillApiKey(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): BaseUrlCheck {
	const check = checkBaseUrl(credentials.baseUrl, credentials.allowUnencryptedHttp);
	if (!check.ok) return check;
	if (requestOptions.baseURL !== undefined) requestOptions.baseURL = check.baseUrl;
	const apiKey = String(credentials.apiKey ?? '');
	fillSlots(requestOptions.qs, apiKey);
	fillBodySlots(requestOptions.body, apiKey);
	return check;
}
