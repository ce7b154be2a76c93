import { createServer as createHttpServer, type Server } from 'http';
import {
	createServer as createTcpServer,
	type AddressInfo,
	type Server as TcpServer,
	type Socket,
} from 'net';

import { closedPort } from '../harness/closedPort';
import { testCredential } from '../harness/credentialTest';
import { TEST_API_KEY } from '../harness/keys';

/** The credential's Test against servers that fail in every way a wrong Base URL can: a sentence each. */

const servers: Array<Server | TcpServer> = [];
const sockets: Socket[] = [];

async function listen<T extends Server | TcpServer>(server: T): Promise<number> {
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return (server.address() as AddressInfo).port;
}

afterAll(async () => {
	for (const socket of sockets) socket.destroy();
	await Promise.all(
		servers.map(async (server) => await new Promise((resolve) => server.close(resolve))),
	);
});

async function test(baseUrl: string) {
	const result = await testCredential({ apiKey: TEST_API_KEY, baseUrl });
	expect(result.status).toBe('Error');
	expect(result.message).not.toContain(TEST_API_KEY);
	return result.message;
}

describe('the credential test says in a sentence why the service cannot be reached', () => {
	it('connection refused', async () => {
		const port = await closedPort();
		expect(await test(`http://127.0.0.1:${port}`)).toBe(
			`The service could not be reached at http://127.0.0.1:${port}: the connection was refused. Check the Base URL in the credential (host and port) and that the service is running.`,
		);
	});

	it('unknown host', async () => {
		expect(await test('https://no-such-host.invalid')).toBe(
			'The service could not be reached at https://no-such-host.invalid: no host of that name was found. Check the Base URL in the credential for a typing mistake.',
		);
	});

	it('TLS failure (https to a server that does not speak it)', async () => {
		const port = await listen(createHttpServer((_request, response) => response.end('{}')));
		expect(await test(`https://127.0.0.1:${port}`)).toMatch(
			new RegExp(
				`^The service could not be reached at https://127\\.0\\.0\\.1:${port}: a secure \\(https\\) connection could not be made \\(.+\\)\\. The server's certificate is not trusted, or the server does not speak https at this address\\.`,
			),
		);
	});

	it('timeout (a server that accepts and never answers)', async () => {
		const port = await listen(createTcpServer((socket) => sockets.push(socket)));
		expect(await test(`http://127.0.0.1:${port}`)).toBe(
			`The service could not be reached at http://127.0.0.1:${port}: it did not answer within 10 seconds. Check the Base URL in the credential and that the service is running.`,
		);
	}, 30_000);

	it('a web page instead of the service, and a redirect that is not followed', async () => {
		let requests = 0;
		const port = await listen(
			createHttpServer((request, response) => {
				requests++;
				if (request.url?.startsWith('/moved/')) {
					response
						.writeHead(302, { location: `https://elsewhere.example.com/api?token=${TEST_API_KEY}` })
						.end();
					return;
				}
				response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Welcome</html>');
			}),
		);
		expect(await test(`http://127.0.0.1:${port}`)).toMatch(
			/^The Base URL answered, but not as the messaging service does \(no JSON\)\./,
		);
		expect(await test(`http://127.0.0.1:${port}/moved`)).toBe(
			'The Base URL answered with a redirect to https://elsewhere.example.com/api, which the node does not follow with the API key. Enter the address it redirects to as the Base URL.',
		);
		expect(requests).toBe(2);
	});
});
