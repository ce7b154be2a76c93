import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LoggedRequest, UploadedFile } from '../types';

export type Fields = Record<string, string | string[]>;

export interface ParsedBody {
	type: LoggedRequest['bodyType'];
	/** urlencoded or multipart text fields */
	fields: Fields | null;
	json: unknown;
	files: UploadedFile[];
	/** why the body could not be read, if it could not */
	error: string | null;
}

export const MAX_BODY_BYTES = 50 * 1024 * 1024;

export class BodyTooLarge extends Error {}

export function readRaw(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) {
				reject(new BodyTooLarge());
				req.destroy();
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

export function addField(fields: Fields, name: string, value: string): void {
	const existing = fields[name];
	if (existing === undefined) fields[name] = value;
	else if (Array.isArray(existing)) existing.push(value);
	else fields[name] = [existing, value];
}

export function searchParamsToFields(params: URLSearchParams): Fields {
	const fields: Fields = {};
	for (const [name, value] of params) addField(fields, name, value);
	return fields;
}

function mediaType(contentType: string | null): string {
	return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

async function parseMultipart(raw: Buffer, contentType: string): Promise<ParsedBody> {
	const form = await new Request('http://sandbox.local/', {
		method: 'POST',
		headers: { 'content-type': contentType },
		body: raw,
	}).formData();
	const fields: Fields = {};
	const files: UploadedFile[] = [];
	for (const [name, value] of form.entries()) {
		if (typeof value === 'string') {
			addField(fields, name, value);
			continue;
		}
		const bytes = Buffer.from(await value.arrayBuffer());
		files.push({
			field: name,
			filename: value.name,
			contentType: value.type || 'application/octet-stream',
			size: bytes.length,
			sha256: createHash('sha256').update(bytes).digest('hex'),
		});
	}
	return { type: 'multipart', fields, json: undefined, files, error: null };
}

export async function parseBody(raw: Buffer, contentType: string | null): Promise<ParsedBody> {
	const none: ParsedBody = { type: 'none', fields: null, json: undefined, files: [], error: null };
	if (raw.length === 0) return none;
	const type = mediaType(contentType);
	if (type === 'application/x-www-form-urlencoded') {
		return {
			...none,
			type: 'form',
			fields: searchParamsToFields(new URLSearchParams(raw.toString('utf8'))),
		};
	}
	if (type === 'multipart/form-data') {
		try {
			return await parseMultipart(raw, contentType as string);
		} catch (error) {
			return {
				...none,
				type: 'multipart',
				error: `the multipart/form-data body could not be read (${(error as Error).message})`,
			};
		}
	}
	if (type === 'application/json') {
		try {
			return { ...none, type: 'json', json: JSON.parse(raw.toString('utf8')) };
		} catch {
			return { ...none, type: 'json', error: 'the body is not valid JSON' };
		}
	}
	return { ...none, type: 'other' };
}

/** What the request log shows as the body. */
export function loggedBody(body: ParsedBody): Record<string, unknown> | null {
	if (body.fields) return { ...body.fields };
	if (body.json !== null && typeof body.json === 'object' && !Array.isArray(body.json)) {
		return body.json as Record<string, unknown>;
	}
	return null;
}
