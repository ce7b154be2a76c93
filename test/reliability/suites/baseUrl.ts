/**
 * 4. Base URL safety: plain http:// only to this machine (or with the explicit opt-in, and then
 * really used); a path prefix, trailing slashes and whitespace taken as a user means them.
 * (test/transport/retries.test.ts has the basic cases: refusal of http://sms.example.com, a
 * trailing slash with spaces, a /proxy prefix answered 404; these go further.)
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';

import { TEST_API_KEY } from '../../harness/keys';
import { TriggerSession } from '../../harness/poll';
import type { RunNodeResult } from '../../harness/runNode';
import { figures } from '../lib/figures';
import { KEY_FORMS, leakWatch } from '../lib/leaks';
import { World } from '../lib/world';

const GET_ALL = { resource: 'template', operation: 'getMany' };

/** An IPv4 address of this machine that is not a loopback address (undefined when there is none). */
function outsideAddress(): string | undefined {
	for (const entries of Object.values(networkInterfaces())) {
		for (const entry of entries ?? [])
			if (entry.family === 'IPv4' && !entry.internal) return entry.address;
	}
	return undefined;
}

/** A gateway that serves the emulator under /gateway/sms/, as an API gateway or reverse proxy would. */
async function startGateway(target: number): Promise<Server> {
	const server = createServer((req, res) => {
		const prefix = '/gateway/sms';
		if (!req.url?.startsWith(`${prefix}/`)) {
			res
				.writeHead(404, { 'content-type': 'application/json' })
				.end('{"error":"not behind the gateway"}');
			return;
		}
		const upstream = httpRequest(
			{
				host: '127.0.0.1',
				port: target,
				path: req.url.slice(prefix.length),
				method: req.method,
				headers: req.headers,
			},
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		upstream.on('error', () => res.destroy());
		req.pipe(upstream);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return server;
}

export function baseUrlSuite(): void {
	describe('4. Base URL safety', () => {
		let world: World;
		let gateway: Server;
		let port: number;
		const outside = outsideAddress();

		beforeAll(async () => {
			world = await World.start({ host: '::' });
			port = world.sandbox.port;
			gateway = await startGateway(port);
		});
		afterAll(async () => {
			await new Promise((resolve) => gateway.close(resolve));
			await world.close();
		});
		beforeEach(() => {
			world.clearRequests();
			figures.baseUrl.cases++;
		});

		async function run(baseUrl: string, allowUnencryptedHttp = false): Promise<RunNodeResult> {
			const result = await world.run({ baseUrl, allowUnencryptedHttp, parameters: GET_ALL });
			leakWatch.scanRun(`base URL ${JSON.stringify(baseUrl)}`, result);
			return result;
		}

		(outside ? it : it.skip)(
			'plain http:// to another host is refused before any request; with "Allow Unencrypted HTTP" it is used',
			async () => {
				const url = `http://${outside}:${port}`;
				const refused = await run(url);
				expect(refused.error?.message).toMatch(/unencrypted http:\/\/.*Allow Unencrypted HTTP/);
				expect(world.requests()).toEqual([]);

				const allowed = await run(url, true);
				expect(allowed.error).toBeUndefined();
				expect(allowed.items.length).toBeGreaterThan(0);
				expect(world.requests().map((request) => [request.path, request.status])).toEqual([
					['/api/v2/getTemplateMessages', 200],
				]);
			},
		);

		it('every loopback form is accepted without the opt-in: localhost, 127.x.x.x, [::1], in any letter case', async () => {
			for (const url of [
				`http://localhost:${port}`,
				`http://127.0.0.2:${port}`,
				`http://[::1]:${port}`,
				`HTTP://LocalHost:${port}/`,
			]) {
				const result = await run(url);
				expect({ url, error: result.error?.message }).toEqual({ url, error: undefined });
			}
			expect(world.requests()).toHaveLength(4);
		});

		it('hosts that only look like loopback are refused before any request', async () => {
			const lookalikes = [
				`http://127.0.0.1.nip.io:${port}`,
				`http://localhost.example.com:${port}`,
				`http://[::2]:${port}`,
			];
			if (outside)
				lookalikes.push(
					`http://localhost@${outside}:${port}`,
					`http://127.0.0.1:${port}@${outside}:${port}`,
				);
			for (const url of lookalikes) {
				const result = await run(url);
				expect({ url, error: result.error?.message }).toEqual({
					url,
					error: expect.stringMatching(/unencrypted http:\/\//),
				});
			}
			expect(world.requests()).toEqual([]);
		});

		it('a path prefix with trailing slashes and surrounding tabs and new lines reaches the service behind a gateway', async () => {
			const gatewayPort = (gateway.address() as AddressInfo).port;
			const result = await run(`\n\t http://127.0.0.1:${gatewayPort}/gateway/sms/// \t\n`);
			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json.name)).toEqual(
				world.account.templates.map((template) => template.name),
			);
			expect(world.requests().map((request) => request.path)).toEqual([
				'/api/v2/getTemplateMessages',
			]);
		});

		it('a Base URL that already ends in /api/v1 gets a 404 that says to remove it', async () => {
			const result = await run(`http://127.0.0.1:${port}/api/v1`);
			expect(result.error?.message).toMatch(/page not found.*404/);
			expect((result.error as { description?: string }).description).toMatch(
				/without \/api\/\.\.\./,
			);
			expect(world.requests().map((request) => request.path)).toEqual([
				'/api/v1/api/v2/getTemplateMessages',
			]);
		});

		it('a query string or a fragment is refused with a clear message, before any request', async () => {
			for (const url of [`http://127.0.0.1:${port}/?region=eu`, `http://127.0.0.1:${port}/#top`]) {
				const result = await run(url);
				expect(result.error?.message).toMatch(/must not contain a query string or a fragment/);
			}
			expect(world.requests()).toEqual([]);
		});

		it('a Base URL that is empty, has no scheme or another scheme is refused with what to enter', async () => {
			expect((await run('   ')).error?.message).toMatch(
				/Base URL of the Messaging Service credential is empty.*https:\/\/api\.example\.com/,
			);
			expect((await run('api.example.com')).error?.message).toMatch(
				/not a valid URL\. Enter it with its scheme/,
			);
			expect((await run(`ftp://127.0.0.1:${port}`)).error?.message).toMatch(
				/must start with https:\/\//,
			);
			expect(world.requests()).toEqual([]);
		});

		it('the trigger applies the same rule: plain http:// to another host is refused before any request', async () => {
			const outcome = await new TriggerSession({
				baseUrl: `http://${outside ?? 'sms.example.com'}:${port}`,
				parameters: {
					watch: 'specificMailings',
					mailings: { mailing: [{ messageId: '20000001' }] },
					markAsRead: true,
				},
			}).poll();
			leakWatch.scanPoll('trigger with an http:// Base URL', outcome);
			expect(outcome.error?.message).toMatch(/unencrypted http:\/\//);
			expect(world.requests()).toEqual([]);
		});

		it('a Base URL pasted with the key in its query is refused before any request, without showing the key', async () => {
			const result = await run(`http://127.0.0.1:${port}/?token=${TEST_API_KEY}`);
			expect(result.error?.message).toMatch(/must not contain a query string/);
			for (const form of KEY_FORMS)
				expect(
					JSON.stringify([
						result.error?.message,
						(result.error as { description?: string }).description,
					]),
				).not.toContain(form);
			expect(world.requests()).toEqual([]);
		});
	});
}
