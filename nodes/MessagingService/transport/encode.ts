import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import type { Endpoint } from './endpoints';

/** A file sent as a multipart part, e.g. the `image` of a chat message. */
export interface ApiFile {
	data: Buffer;
	fileName: string;
	mimeType: string;
}

export type ApiParameterValue =
	| string
	| number
	| boolean
	| IDataObject
	| IDataObject[]
	| ApiFile
	| undefined;

export type ApiParameters = Record<string, ApiParameterValue>;

export function isApiFile(value: unknown): value is ApiFile {
	return (
		typeof value === 'object' &&
		value !== null &&
		Buffer.isBuffer((value as ApiFile).data) &&
		'fileName' in value
	);
}

function asText(value: Exclude<ApiParameterValue, ApiFile | undefined>): string {
	if (typeof value === 'boolean') return value ? '1' : '0';
	if (typeof value === 'object') return JSON.stringify(value);
	return String(value);
}

/**
 * The query in the URL itself, not in `qs`: n8n serialises `qs` with qs.stringify, which encodes
 * in chunks of 1,024 UTF-16 units and breaks a character outside the BMP that straddles two.
 */
function queryString(query: Array<[string, string]>): string {
	if (query.length === 0) return '';
	return `?${query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&')}`;
}

/**
 * Builds the request for one call from the endpoint table: every parameter in the place the
 * table gives it; the credential's `authenticate` adds the API key (transport/keyPlacement.ts).
 * Unknown parameters are a programming error, caught here rather than sent.
 */
export function encodeRequest(
	methodName: string,
	endpoint: Endpoint,
	baseUrl: string,
	parameters: ApiParameters,
): IHttpRequestOptions {
	const query: Array<[string, string]> = [];
	const form: Array<[string, string]> = [];
	const files: Array<[string, ApiFile]> = [];
	const json: IDataObject = {};

	for (const [name, value] of Object.entries(parameters)) {
		if (value === undefined) continue;
		const place = endpoint.parameters[name];
		if (place === undefined) {
			throw new Error(`Parameter "${name}" is not part of the ${methodName} method`);
		}
		if (place === 'file') {
			if (!isApiFile(value)) throw new Error(`Parameter "${name}" of ${methodName} must be a file`);
			files.push([name, value]);
		} else if (isApiFile(value)) {
			throw new Error(`Parameter "${name}" of ${methodName} cannot be a file`);
		} else if (place === 'json') {
			json[name] = value;
		} else if (place === 'query') {
			query.push([name, asText(value)]);
		} else {
			form.push([name, asText(value)]);
		}
	}

	const request: IHttpRequestOptions = {
		method: endpoint.verb,
		url: `${baseUrl}${endpoint.path}${queryString(query)}`,
		qs: {},
		headers: { Accept: 'application/json' },
	};

	if (endpoint.token.includes('json')) {
		request.body = json;
		request.headers = { ...request.headers, 'Content-Type': 'application/json' };
	} else if (files.length > 0) {
		const multipart = new FormData();
		for (const [name, value] of form) multipart.append(name, value);
		for (const [name, file] of files) {
			multipart.append(
				name,
				new Blob([new Uint8Array(file.data)], { type: file.mimeType }),
				file.fileName,
			);
		}
		request.body = multipart;
	} else if (form.length > 0) {
		request.body = new URLSearchParams(form);
	}
	return request;
}
