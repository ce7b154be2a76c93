// The Callback Trigger receiving what the emulator posts for batches sent by Send Batch: one
// execution per request (chunk), split as Get Batch Status splits the status.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { batchMailing, directBatch } from '../../harness/direct';
import { params, RECIPIENTS_FROM_PHONE_FIELD } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { startWebhookHost, type WebhookHost } from '../../harness/webhook';

const fixture = useSandbox();

function phoneOf(index: number): string {
	return `37529${String(1000000 + index).padStart(7, '0')}`;
}

function smsBatch(callbackUrl: string, extra: INodeParameters = {}): INodeParameters {
	return params(fixture.account, 'sms', 'sendBatch', {
		mailingName: 'Spring sale',
		text: 'Sale starts today',
		...RECIPIENTS_FROM_PHONE_FIELD,
		callbackUrl,
		...extra,
	});
}

const recipients = (count: number) =>
	Array.from({ length: count }, (_, index) => ({ phone: phoneOf(index) }));

async function batchStatus(
	resource: 'sms' | 'chatMessage',
	uuid: string,
	output: 'mailing' | 'delivery',
): Promise<IDataObject[]> {
	const { items, error } = await fixture.run({
		parameters: params(fixture.account, resource, 'getBatchStatus', { uuid, options: { output } }),
	});
	expect(error).toBeUndefined();
	return items.map((item) => item.json);
}

describe("Messaging Service Callback Trigger, with the emulator's callbacks", () => {
	let host: WebhookHost;
	afterEach(async () => {
		await host?.close();
	});

	it('starts one execution per chunk: one item per mailing result, as Get Batch Status gives it, with uuid, ref, chunk and chunks', async () => {
		host = await startWebhookHost();
		const sent = await fixture.run({
			parameters: smsBatch(host.url, { options: { chunkSize: 2 } }),
			items: recipients(5),
		});
		expect(sent.error).toBeUndefined();
		await fixture.sandbox.flushCallbacks();

		expect(fixture.sandbox.callbacks().map((entry) => [entry.outcome, entry.status])).toEqual([
			['delivered', 200],
			['delivered', 200],
			['delivered', 200],
		]);
		expect(host.executions).toHaveLength(3);
		const refs = new Set(host.executions.map((items) => items[0].ref));
		expect(refs.size).toBe(1);
		const sorted = [...host.executions].sort((a, b) => Number(a[0].chunk) - Number(b[0].chunk));
		for (const [index, items] of sorted.entries()) {
			const { uuid } = sent.items[index].json as { uuid: string };
			const status = await batchStatus('sms', uuid, 'mailing');
			expect(items).toEqual(
				status.map((record) => ({
					uuid,
					ref: [...refs][0],
					chunk: index + 1,
					chunks: 3,
					...record,
				})),
			);
			expect(items[0]).toMatchObject({
				name: `Spring sale (part ${index + 1} of 3)`,
				message_id: expect.any(Number),
			});
		}
	});

	it('with Output "One Item per Delivery", one item per recipient, exactly as Get Batch Status splits them', async () => {
		host = await startWebhookHost({ parameters: { output: 'delivery' } });
		const sent = await fixture.run({ parameters: smsBatch(host.url), items: recipients(3) });
		await fixture.sandbox.flushCallbacks();

		expect(host.executions).toHaveLength(1);
		const { uuid } = sent.items[0].json as { uuid: string };
		const status = await batchStatus('sms', uuid, 'delivery');
		expect(status).toHaveLength(3);
		expect(host.executions[0]).toEqual(
			status.map((record) => ({ uuid, ref: expect.any(String), chunk: 1, chunks: 1, ...record })),
		);
		expect(host.executions[0].map((item) => item.phone)).toEqual(
			recipients(3).map((recipient) => recipient.phone),
		);
	});

	it('turns an error entry of a chat batch into an item {failed, error, errors}, next to the mailing that was sent', async () => {
		host = await startWebhookHost();
		// Send Batch refuses an image URL that is not http(s) before sending; the service reports such
		// a mailing as an error entry. So the batch goes to the emulator directly, with the signed
		// callback URL that Send Batch gave the service for an earlier batch.
		const first = await fixture.run({
			parameters: params(fixture.account, 'chatMessage', 'sendBatch', {
				mailingName: 'Promo',
				chatText: 'Hello',
				...RECIPIENTS_FROM_PHONE_FIELD,
				callbackUrl: host.url,
			}),
			items: recipients(1),
		});
		expect(first.error).toBeUndefined();
		const signedUrl = (fixture.sandbox.requests()[0].body as { callback_url: string }).callback_url;
		await fixture.sandbox.flushCallbacks();

		const uuid = await directBatch(fixture, 'sendBulkChat', {
			callback_url: signedUrl,
			messages: [
				batchMailing(fixture.account, 'Broken image', {
					content: { type: 'image', image_url: 'ftp://cdn.example.com/a.png' },
					delivery_list: [phoneOf(1)],
				}),
				batchMailing(fixture.account, 'Fine', {
					content: { type: 'text', text: 'Hi' },
					delivery_list: [phoneOf(2)],
				}),
			],
		});
		await fixture.sandbox.flushCallbacks();

		expect(host.executions).toHaveLength(2);
		const items = host.executions[1];
		expect(items).toEqual([
			{
				uuid,
				ref: expect.any(String),
				chunk: 1,
				chunks: 1,
				failed: true,
				error: 'The service did not send this mailing: Broken image content url is not valid',
				errors: ['Broken image content url is not valid'],
			},
			expect.objectContaining({
				uuid,
				name: 'Fine',
				message_id: expect.any(Number),
				success: [expect.objectContaining({ phone: phoneOf(2) })],
			}),
		]);
		expect(items).toEqual(
			(await batchStatus('chatMessage', uuid, 'mailing')).map((record) =>
				expect.objectContaining(record),
			),
		);
	});

	it('a callback that arrives twice starts two executions whose items carry the same uuid, ref and chunk, so a workflow can drop the second', async () => {
		host = await startWebhookHost();
		fixture.sandbox.setCallbackDeliveries(2);
		await fixture.run({
			parameters: smsBatch(host.url, { options: { chunkSize: 2 } }),
			items: recipients(3),
		});
		await fixture.sandbox.flushCallbacks();

		expect(fixture.sandbox.callbacks().map((entry) => entry.attempt)).toEqual([1, 2, 1, 2]);
		expect(host.executions).toHaveLength(4);
		const identity = (items: IDataObject[]) =>
			`${String(items[0].uuid)}|${String(items[0].ref)}|${String(items[0].chunk)}`;
		const keys = host.executions.map(identity);
		expect(new Set(keys).size).toBe(2);
		const byKey = new Map<string, IDataObject[][]>();
		for (const items of host.executions)
			byKey.set(identity(items), [...(byKey.get(identity(items)) ?? []), items]);
		for (const [, twice] of byKey) {
			expect(twice).toHaveLength(2);
			expect(twice[1]).toEqual(twice[0]);
		}
	});

	it('at scale: 10,000 recipients in chunks of 5,000 give two executions of 5,000 delivery items each', async () => {
		host = await startWebhookHost({ parameters: { output: 'delivery' } });
		const sent = await fixture.run({
			parameters: smsBatch(host.url, { options: { chunkSize: 5000 } }),
			items: recipients(10000),
		});
		expect(sent.error).toBeUndefined();
		await fixture.sandbox.flushCallbacks();

		expect(host.executions.map((items) => items.length)).toEqual([5000, 5000]);
		const phones = host.executions.flatMap((items) => items.map((item) => item.phone)).sort();
		expect(phones).toEqual(
			recipients(10000)
				.map((recipient) => recipient.phone)
				.sort(),
		);
		expect(new Set(host.executions.map((items) => items[0].chunk))).toEqual(new Set([1, 2]));
	}, 120000);
});
