/**
 * 6. Every failure bounded, every outcome stated, against a scriptable hostile server
 * and the emulator: slow answers end at the Timeout, paging faults end with all records or a
 * clear error, unclear answers to a send say "may have been sent", Retry-After is bounded,
 * Retry On Fail sends nothing twice, a JSON batch with a bad item sends nothing.
 * (test/hostile/ and test/node/crossCutting/retryOnFail.test.ts hold the detailed cases; these count.)
 */
import type { ServerResponse } from 'node:http';

import type { IDataObject } from 'n8n-workflow';

import { TEST_API_KEY } from '../../harness/keys';
import { runNode, type RunNodeResult } from '../../harness/runNode';
import {
	sendJson,
	startScriptedServer,
	trickle,
	type ScriptedServer,
} from '../../hostile/scriptedServer';
import { figures } from '../lib/figures';
import { leakWatch } from '../lib/leaks';
import { World, phoneOf } from '../lib/world';

const TIMEOUT_S = 1;

export function boundedFailuresSuite(): void {
	describe('6. every failure bounded, every outcome stated', () => {
		let server: ScriptedServer;
		let world: World;
		beforeAll(async () => {
			server = await startScriptedServer();
			world = await World.start();
		});
		afterAll(async () => {
			await server.close();
			await world.close();
		});

		const run = async (
			where: string,
			parameters: Record<string, unknown>,
			extra: { items?: Array<Record<string, unknown>>; retry?: boolean; baseUrl?: string } = {},
		) => {
			const result: RunNodeResult = await runNode({
				baseUrl: extra.baseUrl ?? server.url,
				apiKey: TEST_API_KEY,
				parameters: parameters as IDataObject,
				items: extra.items,
				...(extra.retry ? { retryOnFail: { maxTries: 3, waitBetweenTries: 0 } } : {}),
			});
			leakWatch.scanRun(where, result);
			return result;
		};
		const sms = (options: Record<string, unknown> = {}): Record<string, unknown> => ({
			resource: 'sms',
			operation: 'send',
			phone: '375291234567',
			message: 'Hello',
			senderNameId: '1001',
			options,
		});

		it('slow answers (headers, then a byte now and then) end at the Timeout, for a send and a read', async () => {
			server.script((_request, response) => trickle(response, 200));
			const cases = [
				{ where: 'slow send', parameters: sms({ timeout: TIMEOUT_S }), unknown: true },
				{
					where: 'slow read',
					parameters: {
						resource: 'sms',
						operation: 'getStatus',
						smsId: '101',
						options: { timeout: TIMEOUT_S },
					},
					unknown: false,
				},
				{
					where: 'slow paged read',
					parameters: {
						resource: 'template',
						operation: 'getMany',
						returnAll: true,
						options: { timeout: TIMEOUT_S },
					},
					unknown: false,
				},
			];
			for (const { where, parameters, unknown } of cases) {
				// from the request's arrival: the engine's start takes seconds on a busy machine
				const before = server.requests.length;
				const result = await run(where, parameters);
				const ms = Date.now() - (server.requests[before]?.at ?? Number.NaN);
				figures.bounded.slow.cases++;
				figures.bounded.slow.longestMs = Math.max(figures.bounded.slow.longestMs, ms);
				expect(result.error?.message).toMatch(/did not answer \w+ within 1 seconds/);
				if (unknown) expect(result.error?.description).toMatch(/may have been sent/);
				expect(ms).toBeLessThan((TIMEOUT_S + 5) * 1000);
			}
		});

		it('paging faults end with all records or a clear error, within a bounded number of requests', async () => {
			const mailings = (from: number, to: number) => {
				const list: object[] = [];
				for (let id = from; id < to; id++) list.push({ message_id: id, name: `M${id}` });
				return list;
			};
			const serve = (page: (offset: number, rows: number) => object[]) =>
				server.script((request, response) => {
					const form = new URLSearchParams(request.body);
					sendJson(response, 200, {
						status: 'OK',
						result: page(Number(form.get('limit_offset')), Number(form.get('limit_rows'))),
					});
				});
			const huge = mailings(1, 30_001);
			const cases: Array<{
				where: string;
				page: (offset: number, rows: number) => object[];
				records?: number;
				error?: RegExp;
			}> = [
				{
					where: 'ignores limit_offset',
					page: () => mailings(1, 101),
					error: /same records again/,
				},
				{
					where: 'caps limit_rows at 50 (120 records)',
					page: (offset, rows) =>
						mailings(offset + 1, Math.min(121, offset + 1 + Math.min(rows, 50))),
					records: 120,
				},
				{
					where: 'ignores limit_rows (30,000 records in one page)',
					page: (offset) => huge.slice(offset),
					records: 30_000,
				},
				{
					where: 'repeats the last record of each page',
					page: (offset, rows) => mailings(Math.max(1, offset), Math.min(251, offset + rows)),
					records: 250,
				},
			];
			for (const { where, page, records, error } of cases) {
				serve(page);
				const before = server.requests.length;
				const result = await run(where, {
					resource: 'chatMessage',
					operation: 'getManyMailings',
					returnAll: true,
				});
				const requests = server.requests.length - before;
				figures.bounded.paging.cases++;
				figures.bounded.paging.requests += requests;
				figures.bounded.paging.mostRequests = Math.max(
					figures.bounded.paging.mostRequests,
					requests,
				);
				expect(requests).toBeLessThanOrEqual(10);
				if (error) {
					expect(result.error?.message).toMatch(error);
					figures.bounded.paging.clearErrors++;
				} else {
					expect(result.error).toBeUndefined();
					const ids = result.items.map((item) => item.json.message_id);
					expect(new Set(ids).size).toBe(records);
					expect(ids).toHaveLength(records!);
					figures.bounded.paging.records += ids.length;
				}
			}
		}, 60_000);

		it('unclear answers to a send say "may have been sent" and are never sent again; clear refusals say refused', async () => {
			const answers: Array<[number, string, 'unknown' | 'refused' | 'ok']> = [
				[200, '', 'unknown'],
				[200, 'null', 'unknown'],
				[200, '[1]', 'unknown'],
				[200, '"sent?"', 'unknown'],
				[200, '{"error":true}', 'unknown'],
				[200, '<html>proxy</html>', 'unknown'],
				[400, '{}', 'unknown'],
				[502, '<html>bad gateway</html>', 'unknown'],
				[200, '{"error":"invalid phone"}', 'refused'],
				[400, '{"error":"invalid request"}', 'refused'],
				[200, '{"sms_id":101,"status":"NEW","error":false}', 'ok'],
				[200, '{"sms_id":12345678901234567890,"status":"NEW","error":0}', 'ok'],
			];
			for (const [status, body, expected] of answers) {
				server.script((_request, response: ServerResponse) => {
					response.writeHead(status, { 'content-type': 'application/json' });
					response.end(body);
				});
				const before = server.requests.length;
				const result = await run(`answer ${status} ${body}`, sms());
				figures.bounded.answers.cases++;
				expect(server.requests.length - before).toBe(1);
				if (expected === 'ok') {
					expect(result.error).toBeUndefined();
					expect(String(result.items[0].json.sms_id)).toBe(
						JSON.parse(body.replace(/(\d{16,})/, '"$1"')).sms_id.toString(),
					);
				} else if (expected === 'unknown') {
					expect(result.error?.description).toMatch(/may have been sent/);
					figures.bounded.answers.unknown++;
				} else {
					expect(result.error?.message).toMatch(/refused/);
					expect(result.error?.description ?? '').not.toMatch(/may have been sent/);
					figures.bounded.answers.refused++;
				}
			}
		}, 60_000);

		it('Retry-After: a past date pauses, a wait beyond 5 minutes (seconds or a date) ends the item at once saying when', async () => {
			const cases: Array<[string, boolean]> = [
				[new Date(Date.now() - 3_600_000).toUTCString(), true],
				['86400', false],
				[new Date(Date.now() + 86_400_000).toUTCString(), false],
			];
			for (const [retryAfter, succeeds] of cases) {
				let seen = 0;
				server.script((_request, response) => {
					if (seen++ === 0)
						sendJson(
							response,
							429,
							{ error: 'request limit exceeded' },
							{ 'retry-after': retryAfter },
						);
					else sendJson(response, 200, { sms_id: 101, status: 'NEW', parts: 1 });
				});
				const before = server.requests.length;
				const result = await run(`Retry-After ${retryAfter}`, sms());
				figures.bounded.retryAfter.cases++;
				if (succeeds) {
					expect(result.error).toBeUndefined();
					const [first, second] = server.requests.slice(before);
					expect(second.at - first.at).toBeGreaterThanOrEqual(900);
				} else {
					expect(result.error?.message).toMatch(/accepts requests again only at/);
					expect(server.requests.length - before).toBe(1);
					// at once after the refusal arrived
					expect(Date.now() - server.requests[before].at).toBeLessThan(10_000);
				}
			}
		}, 60_000);

		it.each([1, 10])(
			'Retry On Fail, 3 tries, a failure at the fifth request of 10 (Concurrency %i): every message once, every item paired',
			async (concurrency) => {
				for (const kind of ['400', '500-after'] as const) {
					world.sandbox.reset();
					world.sandbox.setFaults({
						rules: [{ apiMethod: 'sendQuickSMS', kind, after: 4, count: 1 }],
					});
					const items = Array.from({ length: 10 }, (_, index) => ({
						phone: phoneOf(index, `37529${concurrency}${kind === '400' ? 1 : 2}`),
					}));
					const result = await run(
						`retry on fail ${kind} c${concurrency}`,
						{
							...sms({ concurrency }),
							senderNameId: world.alphanameId,
							phone: '={{ $json.phone }}',
						},
						{ items, retry: true, baseUrl: world.url },
					);
					const counters = world.sandbox.counters();
					figures.bounded.retryOnFail.runs++;
					figures.messages.checked += items.length;
					figures.messages.doubled += counters.duplicates;
					expect(counters.duplicates).toBe(0);
					if (kind === '400') {
						expect(result.error).toBeUndefined();
						expect(result.items.map((item) => item.pairedItem)).toEqual(
							items.map((_, item) => ({ item })),
						);
						expect(counters.messagesSent).toBe(10);
					} else {
						expect(result.error?.description).toMatch(/not sent again by Retry On Fail/);
					}
					world.clearRequests();
				}
			},
			60_000,
		);

		it('a JSON Send Batch whose second item is invalid sends nothing', async () => {
			world.sandbox.reset();
			const mailing = (phone: string) => ({
				name: 'N',
				alphaname_id: world.alphanameId,
				message_type: 'bulk',
				text: 'Hi',
				delivery_list: [phone],
			});
			const result = await run(
				'json batch, bad second item',
				{
					resource: 'sms',
					operation: 'sendBatch',
					buildFrom: 'json',
					messagesJson: '={{ JSON.stringify($json.m) }}',
					callbackUrl: 'http://127.0.0.1:9/cb',
				},
				{ items: [{ m: [mailing('375291234567')] }, { m: [mailing('12ab')] }], baseUrl: world.url },
			);
			figures.bounded.batch.cases++;
			expect(result.error?.description).toMatch(/Nothing was sent before this failure/);
			expect(world.requests()).toHaveLength(0);
			world.clearRequests();
		});
	});
}
