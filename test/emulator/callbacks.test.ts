import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bulkChat, bulkSms, call, chatBatchBody, smsBatchBody, TOKEN } from './helpers';
import { useEmulator } from './useEmulator';

interface Receiver {
	url: string;
	posts: Array<{ method: string; contentType: string | undefined; body: any }>;
	close(): Promise<void>;
}

async function startReceiver(status = 200): Promise<Receiver> {
	const posts: Receiver['posts'] = [];
	const server: Server = createServer((req, res) => {
		let text = '';
		req.on('data', (chunk) => (text += chunk));
		req.on('end', () => {
			posts.push({
				method: req.method ?? '',
				contentType: req.headers['content-type'],
				body: JSON.parse(text),
			});
			res.writeHead(status).end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
		posts,
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
}

describe('batch callbacks', () => {
	const ctx = useEmulator();

	it('posts {uuid, result} with the batch status to callback_url once the batch is processed', async () => {
		const receiver = await startReceiver();
		try {
			const uuid = await bulkSms(ctx, smsBatchBody(ctx, undefined, { callback_url: receiver.url }));
			await ctx.sandbox.flushCallbacks();
			const status = await call(ctx.sandbox, 'v1/statusBulkSms', { query: { token: TOKEN, uuid } });
			expect(receiver.posts).toEqual([
				{ method: 'POST', contentType: 'application/json', body: { uuid, result: status.json } },
			]);
			expect(ctx.sandbox.callbacks()).toEqual([
				expect.objectContaining({ uuid, url: receiver.url, status: 200, outcome: 'delivered' }),
			]);
		} finally {
			await receiver.close();
		}
	});

	it('posts for sendBulkChat only when callback_url is given', async () => {
		const receiver = await startReceiver();
		try {
			await bulkChat(ctx);
			const uuid = await bulkChat(
				ctx,
				chatBatchBody(ctx, undefined, { callback_url: receiver.url }),
			);
			await ctx.sandbox.flushCallbacks();
			expect(receiver.posts.map((post) => post.body.uuid)).toEqual([uuid]);
		} finally {
			await receiver.close();
		}
	});

	it('records a failed delivery and keeps answering when the receiver is down or refuses', async () => {
		const refusing = await startReceiver(503);
		const down = await startReceiver();
		await down.close();
		try {
			await bulkSms(ctx, smsBatchBody(ctx, undefined, { callback_url: refusing.url }));
			await bulkSms(ctx, smsBatchBody(ctx, undefined, { callback_url: down.url }));
			await ctx.sandbox.flushCallbacks();
			expect(ctx.sandbox.callbacks().map((entry) => [entry.outcome, entry.status])).toEqual([
				['failed', 503],
				['failed', null],
			]);
			expect(
				(await call(ctx.sandbox, 'v2/getTemplateMessages', { query: { token: TOKEN } })).status,
			).toBe(200);
		} finally {
			await refusing.close();
		}
	});

	it('does not post to addresses other than loopback', async () => {
		await bulkSms(
			ctx,
			smsBatchBody(ctx, undefined, { callback_url: 'https://hooks.example.com/batch' }),
		);
		await ctx.sandbox.flushCallbacks();
		expect(ctx.sandbox.callbacks()).toEqual([
			expect.objectContaining({ outcome: 'skipped', status: null }),
		]);
	});

	it('with deliveries set to 2 (a service that retries), posts the same body twice, in order, and reset() goes back to once', async () => {
		const receiver = await startReceiver();
		try {
			ctx.sandbox.setCallbackDeliveries(2);
			const uuid = await bulkSms(ctx, smsBatchBody(ctx, undefined, { callback_url: receiver.url }));
			await ctx.sandbox.flushCallbacks();
			expect(receiver.posts).toHaveLength(2);
			expect(receiver.posts[1].body).toEqual(receiver.posts[0].body);
			expect(receiver.posts[0].body.uuid).toBe(uuid);
			expect(
				ctx.sandbox.callbacks().map((entry) => [entry.uuid, entry.attempt, entry.outcome]),
			).toEqual([
				[uuid, 1, 'delivered'],
				[uuid, 2, 'delivered'],
			]);

			ctx.sandbox.reset();
			await bulkSms(ctx, smsBatchBody(ctx, undefined, { callback_url: receiver.url }));
			await ctx.sandbox.flushCallbacks();
			expect(receiver.posts).toHaveLength(3);
		} finally {
			await receiver.close();
		}
	});

	it('sets the deliveries over HTTP (PUT /__sandbox/callbacks/deliveries) and refuses a bad count', async () => {
		const put = (body: unknown) =>
			fetch(`${ctx.sandbox.url}/__sandbox/callbacks/deliveries`, {
				method: 'PUT',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
		expect((await put({ times: 0 })).status).toBe(400);
		expect((await put({ times: 2 })).status).toBe(200);
		await bulkSms(
			ctx,
			smsBatchBody(ctx, undefined, { callback_url: 'https://hooks.example.com/batch' }),
		);
		await ctx.sandbox.flushCallbacks();
		expect(ctx.sandbox.callbacks().map((entry) => entry.attempt)).toEqual([1, 2]);
	});
});
