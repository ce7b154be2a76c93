// The Messaging Service Callback Trigger in a real n8n (the package installed from its tarball):
// the example workflow sends a batch in chunks with Send Batch, whose callback URL is the
// published trigger's production URL; the emulator's callbacks start one execution per chunk.
import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';
import { readExampleWorkflows, withCredential } from '../../scripts/demo/examples';
import { startSandbox, type Sandbox } from '../sandbox';
import { executionError, nodeOutput } from './lib/execution-data';
import { host } from './lib/host';
import type { N8nClient } from './lib/n8n-client';
import type { ExecutionDetails, ExecutionSummary, WorkflowData } from './lib/n8n-types';
import { sharedN8n, type SharedN8n } from './lib/shared-n8n';
import { waitUntilListening } from './lib/webhooks';

const TOKEN = 'e2e-callback-trigger-token';
const EXAMPLE = 'examples/batch-outcome-callback.json';
const TRIGGER = 'Delivery outcomes';

function example(): WorkflowData {
	const found = readExampleWorkflows(host.repoRoot).find((entry) => entry.file === EXAMPLE);
	if (!found) throw new Error(`${EXAMPLE} is missing`);
	return found.workflow;
}

describe('Messaging Service Callback Trigger in a real n8n', () => {
	let sandbox: Sandbox;
	let n8n: SharedN8n;
	let client: N8nClient;
	let workflowId: string;
	let productionUrl: string;

	/** The executions the trigger started (not the manual runs), oldest first. */
	async function triggered(count: number): Promise<ExecutionSummary[]> {
		const deadline = Date.now() + 120000;
		for (;;) {
			const all = (await client.listExecutions(workflowId)).filter(
				(execution) => execution.mode !== 'manual',
			);
			const done = all.filter((execution) => execution.stoppedAt);
			if (done.length >= count) return done.sort((a, b) => Number(a.id) - Number(b.id));
			if (Date.now() > deadline)
				throw new Error(`the trigger started ${all.length} executions, wanted ${count}`);
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	}

	async function details(executions: ExecutionSummary[]): Promise<ExecutionDetails[]> {
		return await Promise.all(
			executions.map(async (execution) => await client.getExecution(execution.id)),
		);
	}

	/** A callback URL Send Batch signed (from the emulator's request log). */
	function signedUrl(): string {
		const request = sandbox.requests().find((entry) => entry.apiMethod === 'sendBulkSms');
		if (!request) throw new Error('no sendBulkSms request was logged');
		return (request.body as { callback_url: string }).callback_url;
	}

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], clock: 'real', quiet: true });
		({ n8n, client } = await sharedN8n());
		// Not the example's credential name: examples.test.ts has that one, and n8n finds a
		// credential by its name only when no other has it.
		const credential = await client.createCredential({
			name: 'Callback trigger: Messaging Service (emulator)',
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
		const workflow = withCredential(example(), credential);
		const created = await client.createWorkflow({
			...workflow,
			name: `${workflow.name} (callback-trigger e2e)`,
		});
		workflowId = created.id;
		await client.activateWorkflow(workflowId);
		const trigger = created.nodes.find((node) => node.name === TRIGGER)!;
		productionUrl = `${n8n.baseUrl}/webhook/${trigger.webhookId}/callback`;
		// the emulator posts each callback once: the webhook must be there before the first batch goes out
		await waitUntilListening(productionUrl);
	});

	afterAll(async () => {
		if (workflowId) await client.deactivateWorkflow(workflowId);
		await sandbox?.close();
	});

	let seen = 0;
	/** Waits for `count` more executions started by the trigger. */
	async function next(count: number): Promise<ExecutionDetails[]> {
		const all = await triggered(seen + count);
		const fresh = all.slice(seen);
		seen = all.length;
		return await details(fresh);
	}

	it("the example sends 5 contacts in 3 chunks; the emulator's 3 callbacks start 3 executions, one per chunk, with the expected items", async () => {
		const run = await client.runManually(workflowId);
		const sent = nodeOutput(run, 'Send SMS batch');
		expect(sent.map((item) => [item.chunk, item.chunks, item.recipients])).toEqual([
			[1, 3, 2],
			[2, 3, 2],
			[3, 3, 1],
		]);
		const callbackUrls = sandbox
			.requests()
			.map((request) => (request.body as { callback_url: string }).callback_url);
		for (const [index, url] of callbackUrls.entries()) {
			expect(url.startsWith(`${productionUrl}?`)).toBe(true);
			expect(new URL(url).searchParams.get('chunk')).toBe(String(index + 1));
		}

		const executions = await next(3);
		expect(executions.map((execution) => [execution.status, executionError(execution)])).toEqual([
			['success', undefined],
			['success', undefined],
			['success', undefined],
		]);
		const byChunk = new Map<number, IDataObject[]>();
		for (const execution of executions) {
			const items = nodeOutput(execution, TRIGGER);
			byChunk.set(Number(items[0].chunk), items);
		}
		expect([...byChunk.keys()].sort()).toEqual([1, 2, 3]);
		for (const [chunk, items] of byChunk) {
			const { uuid, recipients } = sent[chunk - 1] as { uuid: string; recipients: number };
			expect(items).toHaveLength(recipients);
			for (const item of items) {
				expect(item).toEqual(
					expect.objectContaining({
						uuid,
						chunk,
						chunks: 3,
						ref: expect.any(String),
						phone: expect.stringMatching(/^\d+$/),
					}),
				);
			}
		}
		expect(new Set([...byChunk.values()].flat().map((item) => item.ref)).size).toBe(1);
		const phones = [...byChunk.values()]
			.flat()
			.map((item) => item.phone)
			.sort();
		expect(phones).toEqual([
			'375291234567',
			'375291234568',
			'375291234569',
			'375291234570',
			'375291234571',
		]);
		const updated = executions.flatMap((execution) =>
			nodeOutput(execution, 'Update the contact list'),
		);
		expect(updated.map((contact) => contact.phone).sort()).toEqual(phones);
		expect(updated.map((contact) => contact.name).sort()).toEqual([
			'Anna',
			'Boris',
			'Chen',
			'Dana',
			'Emil',
		]);
		for (const contact of updated) {
			expect(contact).toEqual(
				expect.objectContaining({
					mailing: `Spring sale (part ${String(contact.chunk)} of 3)`,
					status: 'NEW',
					uuid: expect.any(String),
				}),
			);
		}
	});

	it("a callback that arrives twice (the emulator's switch) starts two executions whose items carry the same uuid, ref and chunk", async () => {
		sandbox.clearRequests();
		sandbox.setCallbackDeliveries(2);
		try {
			await client.runManually(workflowId);
			const executions = await next(6);
			const byKey = new Map<string, IDataObject[][]>();
			for (const execution of executions) {
				const items = nodeOutput(execution, TRIGGER);
				const key = `${String(items[0].uuid)}|${String(items[0].ref)}|${String(items[0].chunk)}`;
				byKey.set(key, [...(byKey.get(key) ?? []), items]);
			}
			expect([...byKey.values()].map((twice) => twice.length)).toEqual([2, 2, 2]);
			for (const [first, second] of byKey.values()) expect(second).toEqual(first);
			// the contact list is updated by phone: the second copy sets the same statuses again
			const updates = executions.map((execution) =>
				JSON.stringify(nodeOutput(execution, 'Update the contact list')),
			);
			expect(new Set(updates).size).toBe(3);
		} finally {
			sandbox.setCallbackDeliveries(1);
		}
	});

	it('refuses a call without the signature (401), a tampered chunk (401), text that is not JSON (400), broken JSON (n8n itself: 422), an oversized body (413): none starts an execution', async () => {
		const signed = signedUrl();
		const before = (await client.listExecutions(workflowId)).length;
		// fetch sends the bytes as given (axios would turn a string that is not JSON into a JSON string)
		const post = async (url: string, body: string, contentType = 'application/json') =>
			(await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body })).status;
		const tampered = new URL(signed);
		tampered.searchParams.set('chunk', '2');

		expect(await post(productionUrl, '{"uuid":"x","result":[]}')).toBe(401);
		expect(await post(`${productionUrl}?chunk=1`, '{"uuid":"x","result":[]}')).toBe(401);
		expect(await post(tampered.toString(), '{"uuid":"x","result":[]}')).toBe(401);
		expect(await post(signed, 'delivered', 'text/plain')).toBe(400);
		expect(await post(signed, '{"uuid": broken', 'application/json')).toBe(422);
		expect(await post(signed, `{"padding":"${'a'.repeat(5 * 1024 * 1024)}"}`)).toBe(413);

		await new Promise((resolve) => setTimeout(resolve, 3000));
		expect((await client.listExecutions(workflowId)).length).toBe(before);
	});

	it('gives a body of an unknown shape as one item, as it came', async () => {
		const answer = await axios.post(
			signedUrl(),
			{ event: 'finished', mailings: 3 },
			{ validateStatus: () => true },
		);
		expect(answer.status).toBe(200);
		const [execution] = await next(1);
		expect(nodeOutput(execution, TRIGGER)).toEqual([
			{
				ref: expect.any(String),
				chunk: 1,
				chunks: expect.any(Number),
				body: { event: 'finished', mailings: 3 },
			},
		]);
		expect(nodeOutput(execution, 'Update the contact list')).toEqual([
			expect.objectContaining({ unknownCallback: true, body: { event: 'finished', mailings: 3 } }),
		]);
	});
});
