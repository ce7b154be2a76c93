import { endpoints, type Endpoint } from './endpoints';

export type KeyPlace = Endpoint['token'][number];

/** Where an unknown path (not one of the spec's) gets the key: the query string. */
const UNKNOWN_PATH_PLACES: readonly KeyPlace[] = ['query'];

const byPath: ReadonlyMap<string, readonly KeyPlace[]> = new Map<string, readonly KeyPlace[]>(
	Object.values(endpoints).map((endpoint: Endpoint) => [endpoint.path, endpoint.token]),
);

/** The places of `token` for an API path (`/api/v1/sendQuickSMS`), from the node's own endpoint table. */
export function keyPlacesOf(apiPath: string): readonly KeyPlace[] {
	return byPath.get(apiPath) ?? UNKNOWN_PATH_PLACES;
}

/**
 * The parts of a request that can carry the key, in both shapes n8n hands to `authenticate`:
 * its own `IHttpRequestOptions` (`url`, `qs`, `body` as URLSearchParams, FormData, object) and
 * the legacy request options of the HTTP Request node (`uri`, `form`, `formData`, `body` as
 * object or string).
 */
export interface KeyCarrier {
	qs?: unknown;
	body?: unknown;
	form?: unknown;
	formData?: unknown;
	headers?: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
	const prototype: unknown = Object.getPrototypeOf(value);
	return prototype === Object.prototype || prototype === null;
}

/** a multipart body built by the `form-data` package, as the legacy options may carry it */
function hasAppend(value: unknown): value is { append(name: string, value: string): void } {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as { append?: unknown }).append === 'function'
	);
}

function contentTypeOf(headers: unknown): string {
	if (!isPlainObject(headers)) return '';
	for (const [name, value] of Object.entries(headers)) {
		if (name.toLowerCase() === 'content-type') return String(value).toLowerCase();
	}
	return '';
}

/** A body given as text: urlencoded or JSON text gets the key; anything else is left as it is. */
function withKeyInText(text: string, contentType: string, apiKey: string): string | undefined {
	if (contentType.includes('x-www-form-urlencoded')) {
		const fields = new URLSearchParams(text);
		fields.set('token', apiKey);
		return fields.toString();
	}
	try {
		const parsed: unknown = JSON.parse(text);
		if (isPlainObject(parsed)) return JSON.stringify({ ...parsed, token: apiKey });
	} catch {
		// not JSON
	}
	return undefined;
}

function placeInQuery(request: KeyCarrier, apiKey: string) {
	request.qs = { ...(isPlainObject(request.qs) ? request.qs : {}), token: apiKey };
}

function placeInForm(request: KeyCarrier, apiKey: string) {
	if (request.form !== undefined) {
		if (isPlainObject(request.form)) request.form = { ...request.form, token: apiKey };
		else if (typeof request.form === 'string')
			request.form = withKeyInText(request.form, 'x-www-form-urlencoded', apiKey);
		return;
	}
	if (request.formData !== undefined) {
		const { formData } = request;
		if (isPlainObject(formData)) request.formData = { ...formData, token: apiKey };
		else if (hasAppend(formData)) formData.append('token', apiKey);
		return;
	}
	placeInBody(request, apiKey, 'form');
}

function placeInBody(request: KeyCarrier, apiKey: string, place: 'form' | 'json') {
	const { body } = request;
	if (body instanceof URLSearchParams || body instanceof FormData) {
		body.set('token', apiKey);
	} else if (isPlainObject(body)) {
		request.body = { ...body, token: apiKey };
	} else if (typeof body === 'string') {
		request.body = withKeyInText(body, contentTypeOf(request.headers), apiKey) ?? body;
	} else if (body === undefined || body === null || body === '') {
		request.body = place === 'json' ? { token: apiKey } : new URLSearchParams({ token: apiKey });
	}
	// a Buffer or a stream is sent as it is: the key has no place in it
}

/**
 * Puts the key into exactly the `token` places given, and nowhere else: the places are decided
 * by the path, never by the values of the request, so no value a user sends can become the key.
 */
export function placeApiKey(
	request: KeyCarrier,
	places: readonly KeyPlace[],
	apiKey: string,
): void {
	for (const place of places) {
		if (place === 'query') placeInQuery(request, apiKey);
		if (place === 'form') placeInForm(request, apiKey);
		if (place === 'json') placeInBody(request, apiKey, 'json');
	}
}
