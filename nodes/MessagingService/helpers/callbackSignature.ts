/**
 * The secret part of a batch callback URL. The spec shows no signature on callbacks, so Send
 * Batch appends to the callback URL of each request (chunk) what identifies it (`ref`, `chunk`,
 * `chunks`) and `sig`, an HMAC-SHA256 of those made with the credential's API key. The Callback
 * Trigger recomputes it with the key of its own credential and compares in constant time: only
 * someone holding the key (n8n, the service) can make a URL that starts the workflow, and the
 * chunk number cannot be changed on the way.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'crypto';

/** What Send Batch appends to each request's callback URL, and the trigger puts on its items. */
export interface CallbackTag {
	/** one Send Batch run (random); all its chunks share it */
	ref: string;
	/** this request's number in the run, from 1 */
	chunk: number;
	/** how many requests the run sent */
	chunks: number;
}

export const CALLBACK_QUERY = { ref: 'ref', chunk: 'chunk', chunks: 'chunks', sig: 'sig' } as const;

const REF = /^[A-Za-z0-9_-]{8,64}$/;

/** A new reference for one Send Batch run: 96 random bits. */
export function newCallbackRef(): string {
	return randomBytes(12).toString('base64url');
}

function signatureOf(apiKey: string, tag: CallbackTag): Buffer {
	return createHmac('sha256', apiKey)
		.update(`messaging-service-callback\n${tag.ref}\n${tag.chunk}\n${tag.chunks}`)
		.digest();
}

/** The callback URL with the tag and its signature in the query (members of the same name replaced). */
export function signedCallbackUrl(url: string, apiKey: string, tag: CallbackTag): string {
	const signed = new URL(url);
	signed.searchParams.set(CALLBACK_QUERY.ref, tag.ref);
	signed.searchParams.set(CALLBACK_QUERY.chunk, String(tag.chunk));
	signed.searchParams.set(CALLBACK_QUERY.chunks, String(tag.chunks));
	signed.searchParams.set(CALLBACK_QUERY.sig, signatureOf(apiKey, tag).toString('base64url'));
	return signed.toString();
}

function single(value: unknown): string | undefined {
	return typeof value === 'string' ? value : undefined;
}

function count(value: string | undefined): number | undefined {
	if (value === undefined || !/^[1-9]\d{0,8}$/.test(value)) return undefined;
	return Number(value);
}

/**
 * Checks the query of a callback: the tag when its signature is right, else what is wrong (in
 * plain words, naming no secret).
 */
export function verifyCallbackQuery(
	query: Record<string, unknown>,
	apiKey: string,
): CallbackTag | { problem: string } {
	const sig = single(query[CALLBACK_QUERY.sig]);
	if (sig === undefined || sig === '') {
		return {
			problem:
				'the callback URL carries no signature (sig); use the URL Send Batch was given, with the query it added',
		};
	}
	const ref = single(query[CALLBACK_QUERY.ref]);
	const chunk = count(single(query[CALLBACK_QUERY.chunk]));
	const chunks = count(single(query[CALLBACK_QUERY.chunks]));
	const expected = signatureOf(apiKey, { ref: ref ?? '', chunk: chunk ?? 0, chunks: chunks ?? 0 });
	const given = Buffer.from(sig, 'base64url');
	const matches = given.length === expected.length && timingSafeEqual(given, expected);
	if (
		!matches ||
		ref === undefined ||
		!REF.test(ref) ||
		chunk === undefined ||
		chunks === undefined ||
		chunk > chunks
	) {
		return {
			problem:
				"the signature does not match: the URL was changed, or the batch was sent with the API key of another credential than this trigger's",
		};
	}
	return { ref, chunk, chunks };
}
