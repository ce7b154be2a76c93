import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a hostile test server saw it: everything, raw. */
export interface SeenRequest {
	method: string;
	/** path and query as sent */
	url: string;
	headers: IncomingMessage['headers'];
	body: string;
}

export interface RecordingServer {
	readonly port: number;
	readonly seen: SeenRequest[];
	close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

async function listen(server: Server, host: string): Promise<number> {
	await new Promise<void>((resolve) => server.listen(0, host, resolve));
	return (server.address() as AddressInfo).port;
}

/**
 * Starts a server that records every request and answers it with `answer(request, port)`:
 * the "service" that redirects, or the "other host" that a redirect points to (which answers
 * like the real service would, so that a followed redirect would look like a success).
 */
export async function startRecordingServer(
	answer: (
		request: SeenRequest,
		port: number,
	) => { status: number; headers?: Record<string, string>; body?: string },
	host = '127.0.0.1',
): Promise<RecordingServer> {
	const seen: SeenRequest[] = [];
	let port = 0;
	const server = createServer((req, res) => {
		void readBody(req).then((body) => {
			const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
			seen.push(request);
			const { status, headers, body: text } = answer(request, port);
			res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text ?? '');
		});
	});
	port = await listen(server, host);
	return {
		port,
		seen,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** What the other host answers: what the service would, for every kind of method. */
export function looksLikeSuccess(): { status: number; body: string } {
	return {
		status: 200,
		body: JSON.stringify({
			status: 'OK',
			result: { message_id: 1 },
			sms_id: 1,
			message_id: 1,
			uuid: '00000000-0000-4000-8000-000000000000',
		}),
	};
}

export type RedirectTarget =
	| 'other host'
	| 'other host over http'
	| 'same URL (a loop)'
	| 'same host, relative';

/**
 * The Location a hostile service gives for each target. It copies the request's own path and
 * query (the key included, where it was in the query) into the Location, as a careless or
 * hostile server would.
 */
export function locationFor(
	target: RedirectTarget,
	request: SeenRequest,
	servicePort: number,
	otherPort: number,
): string {
	switch (target) {
		case 'other host':
			return `http://127.0.0.1:${otherPort}${request.url}`;
		case 'other host over http':
			return `http://localhost:${otherPort}${request.url}`;
		case 'same URL (a loop)':
			return `http://127.0.0.1:${servicePort}${request.url}`;
		case 'same host, relative':
			return `/moved${request.url}`;
	}
}
