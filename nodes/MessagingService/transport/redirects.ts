import type { IN8nHttpFullResponse } from 'n8n-workflow';

import type { Failure } from './errors';

/**
 * A 3xx answer is a failure, never followed: a redirect could carry the key to another host
 * (307 and 308 send the body again, key included) or repeat a send. The failure names the
 * target by its scheme, host and port only: the rest of a Location may carry anything.
 */
export function redirectFailure(
	response: IN8nHttpFullResponse,
	requestUrl: string | undefined,
): Failure | undefined {
	const status = response.statusCode;
	if (status < 300 || status >= 400) return undefined;
	const location = response.headers?.location;
	const raw = Array.isArray(location) ? location[0] : location;
	let target: string | undefined;
	if (typeof raw === 'string' && raw !== '') {
		try {
			const url = new URL(raw, requestUrl);
			target = `${url.protocol}//${url.host}`;
		} catch {
			target = undefined;
		}
	}
	return { kind: 'redirect', status, target };
}
