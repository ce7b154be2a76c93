/**
 * The verification token that Send returns instead of the code, and Check reads.
 *
 * `<payload>.<tokenTag>.<codeTag>`, each part base64url:
 * - payload: JSON `{ v: 2, p: phone, e: expiry (Unix seconds), n: nonce (96 random bits), w | s: scope }`,
 *   the scope being the sending workflow's ID (`w`) or the Verification Scope named on Send (`s`);
 *   earlier versions wrote `v: 1` without a scope, and those tokens are still read (claims.scope undefined)
 * - tokenTag: HMAC-SHA256 of the payload, so Check tells a token of this credential from a
 *   tampered or foreign one without knowing the code (and counts attempts only for real tokens)
 * - codeTag: HMAC-SHA256 of the payload and the code; the code is found again only by someone
 *   holding the secret, so the token may sit in execution data and in the browser.
 * Both tags are cut to 128 bits. Their keys come from the credential (`verificationKeys`).
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'crypto';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { isScopeName, type Scope } from './verificationScope';
import { keysOfCredential } from './processMemory';

export interface VerificationKeys {
	token: Buffer;
	code: Buffer;
	/** names a phone in the resend cooldown without storing the number */
	phone: Buffer;
	/** names the credential's keys in this process's memory (one-way: tells nothing of the key) */
	id: string;
}

export interface TokenClaims {
	phone: string;
	/** Unix seconds */
	expiresAt: number;
	nonce: string;
	/** where the token's limits are kept; undefined for a token of an earlier version, which names none */
	scope: Scope | undefined;
}

export type TokenReading =
	| { ok: true; claims: TokenClaims; payload: string; codeTag: Buffer }
	| { ok: false; status: 'malformed' | 'invalidSignature' };

const TAG_BYTES = 16;
const LABEL = 'n8n-nodes-messaging-service verification v1';

function key(material: string, salt: string, info: string): Buffer {
	return Buffer.from(hkdfSync('sha256', material, salt, info, 32));
}

/**
 * The keys of a credential: from its Verification Secret, or when that is empty from its API key
 * through HKDF with a fixed label (one-way: the key cannot be found from them, and a token of
 * another credential fails).
 */
export function verificationKeys(credentials: ICredentialDataDecryptedObject): VerificationKeys {
	const secret =
		typeof credentials.verificationSecret === 'string' ? credentials.verificationSecret : '';
	const material = secret !== '' ? secret : String(credentials.apiKey ?? '');
	const salt = `${LABEL} ${secret !== '' ? 'secret' : 'api key'}`;
	const known = keysOfCredential.get(credentials);
	if (known && known.material === material && known.salt === salt) return known.keys;
	const keys = {
		token: key(material, salt, 'token'),
		code: key(material, salt, 'code'),
		phone: key(material, salt, 'phone'),
		id: key(material, salt, 'state').subarray(0, 12).toString('base64url'),
	};
	keysOfCredential.set(credentials, { material, salt, keys });
	return keys;
}

function tag(secret: Buffer, ...parts: string[]): Buffer {
	return createHmac('sha256', secret).update(parts.join('\n')).digest().subarray(0, TAG_BYTES);
}

function sameBytes(a: Buffer, b: Buffer): boolean {
	return a.length === b.length && timingSafeEqual(a, b);
}

/** A new token for a code sent to `phone`, valid until `expiresAt` (Unix seconds), checked only in `scope`. */
export function issueToken(
	keys: VerificationKeys,
	phone: string,
	code: string,
	expiresAt: number,
	scope: Scope,
): string {
	const nonce = randomBytes(12).toString('base64url');
	const where = scope.kind === 'workflow' ? { w: scope.workflowId } : { s: scope.name };
	const payload = Buffer.from(
		JSON.stringify({ v: 2, p: phone, e: expiresAt, n: nonce, ...where }),
	).toString('base64url');
	const tokenTag = tag(keys.token, payload).toString('base64url');
	const codeTag = tag(keys.code, payload, code).toString('base64url');
	return `${payload}.${tokenTag}.${codeTag}`;
}

/** n8n's workflow IDs are 16 characters (numbers in older versions); anything longer was not written by Send. */
const MAX_WORKFLOW_ID = 128;

function claimsOf(payload: string): TokenClaims | undefined {
	try {
		const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
			string,
			unknown
		>;
		const { v, p, e, n, w, s } = data;
		if ((v !== 1 && v !== 2) || typeof p !== 'string' || !/^\d{1,20}$/.test(p)) return undefined;
		if (
			typeof e !== 'number' ||
			!Number.isSafeInteger(e) ||
			typeof n !== 'string' ||
			!/^[\w-]{16}$/.test(n)
		)
			return undefined;
		if (v === 1) return { phone: p, expiresAt: e, nonce: n, scope: undefined };
		if (typeof w === 'string' && s === undefined && w.length <= MAX_WORKFLOW_ID) {
			return { phone: p, expiresAt: e, nonce: n, scope: { kind: 'workflow', workflowId: w } };
		}
		if (typeof s === 'string' && w === undefined && isScopeName(s))
			return { phone: p, expiresAt: e, nonce: n, scope: { kind: 'named', name: s } };
		return undefined;
	} catch {
		return undefined;
	}
}

const BASE64URL = /^[\w-]+$/;

/** Reads a token and checks that this credential issued it (not yet the code). */
export function readToken(keys: VerificationKeys, token: unknown): TokenReading {
	const parts = typeof token === 'string' ? token.trim().split('.') : [];
	if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part)))
		return { ok: false, status: 'malformed' };
	const [payload, tokenTag, codeTag] = parts;
	if (!sameBytes(Buffer.from(tokenTag, 'base64url'), tag(keys.token, payload))) {
		return { ok: false, status: 'invalidSignature' };
	}
	const claims = claimsOf(payload);
	if (!claims) return { ok: false, status: 'malformed' };
	return { ok: true, claims, payload, codeTag: Buffer.from(codeTag, 'base64url') };
}

/** Whether `code` is the code the token was issued for, compared in constant time. */
export function codeMatches(
	keys: VerificationKeys,
	reading: { payload: string; codeTag: Buffer },
	code: string,
): boolean {
	return sameBytes(reading.codeTag, tag(keys.code, reading.payload, code));
}

/** A phone's name in the resend cooldown: an HMAC, so static data holds no phone numbers. */
export function phoneKey(keys: VerificationKeys, phone: string): string {
	return createHmac('sha256', keys.phone)
		.update(phone)
		.digest()
		.subarray(0, 12)
		.toString('base64url');
}
