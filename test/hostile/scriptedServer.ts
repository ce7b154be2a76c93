import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { PATIENT } from '../sandbox/patient';

/** One request as the hostile server saw it. */
export interface SeenRequest {
	method: string;
	/** the path without the query */
	path: string;
	/** the API method: the last path segment */
	apiMethod: string;
	query: URLSearchParams;
	body: string;
	at: number;
}

export type Script = (request: SeenRequest, response: ServerResponse) => void | Promise<void>;

export interface ScriptedServer {
	readonly url: string;
	readonly requests: SeenRequest[];
	/** what the server does with each request from now on */
	script(handler: Script): void;
	close(): Promise<void>;
}

/**
 * A server that answers however a test scripts it: slowly, wrongly, with the same page forever.
 * It plays the service where the emulator behaves too well. Every request is recorded.
 */
export async function startScriptedServer(): Promise<ScriptedServer> {
	const requests: SeenRequest[] = [];
	const sockets = new Set<Socket>();
	let handler: Script = (_request, response) => {
		response.writeHead(500).end();
	};
	const server: Server = createServer(
		PATIENT,
		(incoming: IncomingMessage, response: ServerResponse) => {
			const chunks: Buffer[] = [];
			incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
			incoming.on('end', () => {
				const url = new URL(incoming.url ?? '/', 'http://localhost');
				const seen: SeenRequest = {
					method: incoming.method ?? 'GET',
					path: url.pathname,
					apiMethod: url.pathname.split('/').pop() ?? '',
					query: url.searchParams,
					body: Buffer.concat(chunks).toString('utf8'),
					at: Date.now(),
				};
				requests.push(seen);
				Promise.resolve(handler(seen, response)).catch(() => response.destroy());
			});
		},
	);
	server.on('connection', (socket: Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		script: (next) => {
			handler = next;
		},
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** Answers JSON at once. */
export function sendJson(
	response: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): void {
	const text = typeof body === 'string' ? body : JSON.stringify(body);
	response.writeHead(status, { 'content-type': 'application/json', ...headers });
	response.end(text);
}

/**
 * Sends the headers at once, then one byte of the body every `everyMs`, for as long as the
 * client listens: no socket ever stays silent long enough for an idle timeout.
 */
export function trickle(response: ServerResponse, everyMs = 500): void {
	response.writeHead(200, { 'content-type': 'application/json' });
	response.write('{');
	const timer = setInterval(() => {
		if (response.destroyed || response.writableEnded) {
			clearInterval(timer);
			return;
		}
		response.write(' ');
	}, everyMs);
	response.on('close', () => clearInterval(timer));
}
