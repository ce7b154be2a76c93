// The end-to-end driver (test/e2e/lib/n8n-client.ts) against a server that closes every kept-alive
// connection the moment a second request arrives on it: the race of a busy n8n closing an idle
// connection just as the next request is written to it ("socket hang up").
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { N8nClient } from '../e2e/lib/n8n-client';

interface Hostile {
	url: string;
	/** Requests that arrived, by method and path, whether answered or not. */
	arrived: string[];
	/** Requests answered 200. */
	answered: string[];
	/** Requests that came on a reused connection, which the server closed without answering. */
	closedOnReuse: string[];
	close(): Promise<void>;
}

async function startHostileServer(): Promise<Hostile> {
	const arrived: string[] = [];
	const answered: string[] = [];
	const closedOnReuse: string[] = [];
	const requestsBySocket = new WeakMap<object, number>();
	const server = http.createServer((request, response) => {
		const label = `${request.method} ${request.url}`;
		arrived.push(label);
		const count = (requestsBySocket.get(request.socket) ?? 0) + 1;
		requestsBySocket.set(request.socket, count);
		if (count > 1) {
			closedOnReuse.push(label);
			request.socket.destroy();
			return;
		}
		request.resume();
		request.on('end', () => {
			answered.push(label);
			response.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
			response.end(JSON.stringify({ data: { label } }));
		});
	});
	server.keepAliveTimeout = 60_000;
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		arrived,
		answered,
		closedOnReuse,
		close: async () => {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
}

describe('the end-to-end client, when n8n closes a kept-alive connection as it is reused', () => {
	let server: Hostile;

	beforeEach(async () => {
		server = await startHostileServer();
	});

	afterEach(async () => {
		await server.close();
	});

	it('sends a write after a read exactly once, and it succeeds', async () => {
		const client = new N8nClient(server.url);
		await client.request('get', '/rest/first-read');
		await expect(client.request('post', '/rest/workflows', { name: 'w' })).resolves.toEqual({
			label: 'POST /rest/workflows',
		});
		expect(server.arrived.filter((label) => label.startsWith('POST'))).toEqual([
			'POST /rest/workflows',
		]);
		expect(server.answered).toContain('POST /rest/workflows');
	});

	it('sends every write exactly once when writes follow one another', async () => {
		const client = new N8nClient(server.url);
		for (const method of ['post', 'patch', 'put', 'delete'] as const) {
			await expect(client.request(method, `/rest/${method}`, {})).resolves.toEqual({
				label: `${method.toUpperCase()} /rest/${method}`,
			});
		}
		expect(server.arrived).toEqual([
			'POST /rest/post',
			'PATCH /rest/patch',
			'PUT /rest/put',
			'DELETE /rest/delete',
		]);
		expect(server.closedOnReuse).toEqual([]);
	});

	it('reads again over a new connection when the kept-alive one was closed under it', async () => {
		const client = new N8nClient(server.url);
		await client.request('get', '/rest/first-read');
		await expect(client.request('get', '/rest/second-read')).resolves.toEqual({
			label: 'GET /rest/second-read',
		});
		await expect(client.executionAsText('7')).resolves.toContain('GET /rest/executions/7');
		// the reads were reused and closed at least once: the retry is what made them pass
		expect(server.closedOnReuse.length).toBeGreaterThan(0);
	});
});
