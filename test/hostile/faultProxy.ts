import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { PATIENT } from '../sandbox/patient';

/** A request as the proxy saw it: the API method and its parameters (query and form merged). */
export interface ProxiedRequest {
	apiMethod: string;
	params: URLSearchParams;
}

export interface ProxyAnswer {
	status: number;
	body: unknown;
}

export interface FaultProxy {
	readonly url: string;
	readonly requests: ProxiedRequest[];
	/** answers a request itself instead of passing it on (undefined: pass it on) */
	intercept: (request: ProxiedRequest) => ProxyAnswer | undefined;
	/** changes the JSON the service answered before it goes back */
	rewrite: (request: ProxiedRequest, body: unknown) => unknown;
	/** how long the answer to a request takes (real milliseconds; 0 = at once) */
	delayMs: (request: ProxiedRequest) => number;
	close(): Promise<void>;
}

/**
 * A hostile service built on the emulator: every request goes on to it unless the test answers
 * it itself (a mailing that always fails, a refusal for one ID), and its answers can be rewritten
 * (odd dates, an object where a list belongs). The emulator keeps the state; the proxy only lies.
 */
export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
	const sockets = new Set<Socket>();
	const proxy: FaultProxy = {
		url: '',
		requests: [],
		intercept: () => undefined,
		rewrite: (_request, body) => body,
		delayMs: () => 0,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
	const answer = (response: ServerResponse, status: number, body: unknown) => {
		response.writeHead(status, { 'content-type': 'application/json' });
		response.end(JSON.stringify(body));
	};
	const server: Server = createServer(
		PATIENT,
		(incoming: IncomingMessage, response: ServerResponse) => {
			const chunks: Buffer[] = [];
			incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
			incoming.on('end', () => {
				void (async () => {
					const body = Buffer.concat(chunks);
					const url = new URL(incoming.url ?? '/', 'http://localhost');
					const params = new URLSearchParams(url.searchParams);
					const type = String(incoming.headers['content-type'] ?? '');
					if (type.includes('x-www-form-urlencoded'))
						for (const [key, value] of new URLSearchParams(body.toString('utf8')))
							params.append(key, value);
					const request: ProxiedRequest = {
						apiMethod: url.pathname.split('/').pop() ?? '',
						params,
					};
					proxy.requests.push(request);
					const delay = proxy.delayMs(request);
					if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
					const scripted = proxy.intercept(request);
					if (scripted) return answer(response, scripted.status, scripted.body);
					const forwarded = await fetch(`${targetUrl}${incoming.url ?? '/'}`, {
						method: incoming.method,
						headers: type ? { 'content-type': type } : {},
						body: incoming.method === 'GET' || incoming.method === 'HEAD' ? undefined : body,
					});
					const text = await forwarded.text();
					let json: unknown;
					try {
						json = JSON.parse(text);
					} catch {
						response.writeHead(forwarded.status, {
							'content-type': forwarded.headers.get('content-type') ?? 'text/plain',
						});
						return response.end(text);
					}
					answer(response, forwarded.status, proxy.rewrite(request, json));
				})().catch(() => response.destroy());
			});
		},
	);
	server.on('connection', (socket: Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	(proxy as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return proxy;
}
