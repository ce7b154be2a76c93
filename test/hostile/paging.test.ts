/**
 * Paging that can neither run away nor stop short, against services that page wrongly:
 * one that ignores limit_offset, one that caps limit_rows, one that ignores limit_rows.
 */
import { runNode } from '../harness/runNode';
import {
	sendJson,
	startScriptedServer,
	type ScriptedServer,
	type SeenRequest,
} from './scriptedServer';

let server: ScriptedServer;
beforeAll(async () => (server = await startScriptedServer()));
afterAll(async () => await server.close());

function mailing(id: number) {
	return { message_id: id, name: `Mailing ${id}`, d_create: '2026-03-01 10:00:00', status: 'SENT' };
}

/** getChatMessages over `total` mailings, paged as `page` decides. */
function serveMailings(page: (offset: number, rows: number, request: SeenRequest) => object[]) {
	server.script((request, response) => {
		// getChatMessages carries its parameters in the form body
		const form = new URLSearchParams(request.body);
		const offset = Number(form.get('limit_offset') ?? request.query.get('limit_offset') ?? 0);
		const rows = Number(form.get('limit_rows') ?? request.query.get('limit_rows') ?? 100);
		sendJson(response, 200, { status: 'OK', result: page(offset, rows, request) });
	});
}

function range(from: number, to: number, make: (id: number) => object = mailing) {
	const records: object[] = [];
	for (let id = from; id < to; id++) records.push(make(id));
	return records;
}

async function getMany(parameters: object) {
	const before = server.requests.length;
	const result = await runNode({
		baseUrl: server.url,
		parameters: { resource: 'chatMessage', operation: 'getManyMailings', ...parameters },
	});
	return { ...result, requests: server.requests.length - before };
}

describe('paging against a hostile service', () => {
	it('a service that ignores limit_offset (the same page every time): a clear error after 2 requests', async () => {
		serveMailings(() => range(1, 101));
		const { error, requests } = await getMany({ returnAll: true });
		expect(error?.message).toMatch(
			/same records again at limit_offset 100 \(after 2 requests, 100 records\)/,
		);
		expect(error?.description).toMatch(/ignore limit_offset/);
		expect(requests).toBe(2);
	});

	it('the same page of records without IDs: the same clear error', async () => {
		serveMailings(() => range(1, 101, (n) => ({ name: `Mailing ${n}` })));
		const { error, requests } = await getMany({ returnAll: true });
		expect(error?.message).toMatch(/same records again/);
		expect(requests).toBe(2);
	});

	it('a service that caps limit_rows (50 of 100 asked), 120 records: all 120, one more request than strictly needed', async () => {
		serveMailings((offset, rows) =>
			range(offset + 1, Math.min(121, offset + 1 + Math.min(rows, 50))),
		);
		const { items, error, requests } = await getMany({ returnAll: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.message_id)).toEqual(range(1, 121, (id) => id as never));
		expect(requests).toBe(4); // 50, 50, 20, then an empty page
	});

	it('with a Limit above the cap: reads on past the short pages up to the Limit', async () => {
		serveMailings((offset, rows) =>
			range(offset + 1, Math.min(121, offset + 1 + Math.min(rows, 50))),
		);
		const { items, error } = await getMany({ returnAll: false, limit: 70 });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(70);
	});

	it('records repeated across pages (the list moved while it was read) are output once', async () => {
		// every page starts with the last record of the page before
		serveMailings((offset, rows) => range(Math.max(1, offset), Math.min(251, offset + rows)));
		const { items, error } = await getMany({ returnAll: true });
		expect(error).toBeUndefined();
		const ids = items.map((item) => item.json.message_id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids).toHaveLength(250);
	});

	it('a huge page that ignores limit_rows (60,000 records): all of them, no stack overflow', async () => {
		const all = range(1, 60_001);
		serveMailings((offset) => all.slice(offset));
		const { items, error, requests } = await getMany({ returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(60_000);
		expect(items[59_999].json.message_id).toBe(60_000);
		expect(requests).toBe(2);
	}, 300_000);

	it('a huge page beyond the bound (150,000 records): Return All ends with a clear error, a Limit still works', async () => {
		const all = range(1, 150_001);
		serveMailings((offset) => all.slice(offset));
		const returnAll = await getMany({ returnAll: true });
		expect(returnAll.error?.message).toMatch(
			/Return All stopped at more than 100000 records of getChatMessages/,
		);
		expect(returnAll.error?.description).toMatch(/set a Limit/);
		const limited = await getMany({ returnAll: false, limit: 500 });
		expect(limited.error).toBeUndefined();
		expect(limited.items).toHaveLength(500);
		expect(limited.requests).toBe(1);
	}, 300_000);
});
