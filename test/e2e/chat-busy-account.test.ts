// start-order: 4
// A Chat Trigger switched on in a real n8n over a busy account (issue 49): 300 chat mailings, one
// phone each, sent over the 6 hours before the activation, all within Created Within. Right after
// the trigger's first listing, the customers answer the 15 oldest, the 5 newest and every tenth
// between. Each answer gets exactly one turn, within the stated bound (docs/chat-trigger.md, "A busy
// account": a minute plus a minute per 120 mailings watched, 4 minutes for 300). The emulator runs
// on the real clock; the bound is the documented figure, the test's only time limit beside hangs.
import type { INode } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../sandbox';
import { nodeOutput } from './lib/execution-data';
import type { N8nClient } from './lib/n8n-client';
import { waitUntil } from './lib/polls';
import { sharedN8n } from './lib/shared-n8n';

const TOKEN = 'e2e-chat-busy-account-key-Pz7r';
const MAILINGS = 300;
const SPAN_MS = 6 * 60 * 60_000;
const TRIGGER = 'New chat reply';
/** docs/chat-trigger.md, "A busy account" */
const BOUND_MS = (60 + Math.ceil(MAILINGS / 120) * 60) * 1000;

jest.setTimeout(15 * 60_000);

/** The positions answered: the 15 oldest, the 5 newest and every tenth between (as busyAccount.test.ts). */
function answered(count: number): number[] {
	const picked = new Set<number>();
	for (let n = 0; n < 15; n++) picked.add(n);
	for (let n = count - 5; n < count; n++) picked.add(n);
	for (let n = 0; n < count; n += Math.floor(count / 10)) picked.add(n);
	return [...picked].sort((a, b) => a - b);
}

describe('the Chat Trigger switched on over 300 recent chat mailings, in a real n8n', () => {
	let sandbox: Sandbox;
	let client: N8nClient;

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], clock: 'real', quiet: true });
		({ client } = await sharedN8n());
	});

	afterAll(async () => {
		await sandbox?.close();
	});

	it('every answer to the oldest, the newest and mailings between gets one turn within the stated bound', async () => {
		const phones = Array.from({ length: MAILINGS }, (_, n) => `3752${String(93000000 + n)}`);
		const now = Date.now();
		const mailings = sandbox.seedChatMailings(TOKEN, MAILINGS, {
			oldestAt: now - SPAN_MS,
			newestAt: now - 60_000,
			phones,
		});
		const credential = await client.createCredential({
			name: 'Messaging Service (busy account e2e)',
			type: 'messagingServiceApi',
			data: { apiKey: TOKEN, baseUrl: sandbox.url, allowUnencryptedHttp: false },
		});
		const trigger: INode = {
			id: 'busy-account-trigger',
			name: TRIGGER,
			type: 'n8n-nodes-messaging-service.messagingServiceChatTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: { days: 7, checkEverySeconds: 2, quietWindowSeconds: 3, options: {} },
			credentials: { messagingServiceApi: credential },
		};
		const workflow = await client.createWorkflow({
			name: 'Chat Trigger over a busy account (e2e)',
			nodes: [trigger],
			connections: {},
		});
		await client.activateWorkflow(workflow.id);
		// n8n 2.x publishes the activation after the REST call returned: the trigger has started once it lists
		await waitUntil(
			() => sandbox.requests().some((request) => request.apiMethod === 'getChatMessages'),
			120_000,
			'listing by the activated trigger',
		);

		const written = new Map<string, { position: number; at: number }>();
		for (const n of answered(MAILINGS)) {
			sandbox.injectReply(TOKEN, {
				message_id: mailings[n],
				phone: phones[n],
				message: `answer to mailing ${n + 1}`,
			});
			written.set(phones[n], { position: n + 1, at: Date.now() });
		}
		try {
			await client.waitForExecutions(workflow.id, written.size, BOUND_MS + 60_000);
			// a turn emitted twice would show within a few more checks
			await new Promise((resolve) => setTimeout(resolve, 20_000));
			const turns: Array<{ phone: string; text: string; waitedMs: number }> = [];
			for (const summary of await client.listExecutions(workflow.id)) {
				const execution = await client.waitForExecution(summary.id, 60_000);
				const [turn] = nodeOutput(execution, TRIGGER);
				const phone = String(turn.sessionId);
				turns.push({
					phone,
					text: String(turn.chatInput),
					waitedMs: Date.parse(execution.startedAt) - (written.get(phone)?.at ?? NaN),
				});
			}
			const slowest = Math.max(...turns.map(({ waitedMs }) => waitedMs));
			console.log(
				`busy account e2e, ${MAILINGS} mailings over 6 h: ${turns.length} turns for ${written.size} answers; slowest ${Math.round(slowest / 1000)} s (bound ${BOUND_MS / 1000} s)`,
			);
			expect(turns.map(({ phone }) => phone).sort()).toEqual([...written.keys()].sort());
			for (const { phone, text } of turns)
				expect(text).toBe(`answer to mailing ${written.get(phone)!.position}`);
			expect(slowest).toBeLessThanOrEqual(BOUND_MS);
		} finally {
			await client.deactivateWorkflow(workflow.id);
		}
	});
});
