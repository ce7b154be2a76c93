import type { ServerResponse } from 'node:http';

export function sendJson(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): void {
	sendText(res, status, JSON.stringify(body), 'application/json; charset=utf-8', headers);
}

export function sendText(
	res: ServerResponse,
	status: number,
	text: string,
	contentType: string,
	headers: Record<string, string> = {},
): void {
	if (res.writableEnded || res.destroyed) return;
	const payload = Buffer.from(text, 'utf8');
	res.writeHead(status, {
		...headers,
		'content-type': contentType,
		'content-length': String(payload.length),
	});
	res.end(payload);
}

export const HTML_ERROR_PAGE =
	'<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>' +
	'<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n';
