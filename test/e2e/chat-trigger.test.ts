// start-order: 8
// The Messaging Service Chat Trigger in a real n8n (the package installed from its tarball),
// feeding the chatbot of examples/ai-chatbot.json (AI Agent, Simple Memory per phone, Chat
// Message > Send) against the emulator on the real clock and a scripted model. Shown: a
// conversation of three turns seconds apart, a burst answered once, a second phone interleaved,
// and a workflow deactivated mid-burst and activated again. Answers are counted in the
// emulator's log; what the memory held is read from what the model server received. Wall time
// is logged, and bounded only where a hang would show.
import axios from 'axios';
import { startSandbox, type Sandbox } from '../sandbox';
import {
	answersTo as chatAnswersTo,
	assistantTexts,
	CHATBOT_TRIGGER,
	chatbotWorkflow,
	openingMailing,
	scriptedAnswer,
	userTexts,
	type TriggerReplacement,
} from './lib/chatbot';
import { executionError, nodeOutput } from './lib/execution-data';
import type { N8nClient } from './lib/n8n-client';
import type { ExecutionDetails } from './lib/n8n-types';
import { finishedExecutions, waitUntil } from './lib/polls';
import {
	startScriptedChatModel,
	type ChatRequest,
	type ScriptedChatModel,
} from './lib/scripted-chat-model';
import { sharedN8n, type SharedN8n } from './lib/shared-n8n';

const TOKEN = 'e2e-chat-trigger-key-Hq3w-9Zt';
const ANNA = '375291120001';
const BORIS = '375291120002';
const CHEN = '375291120003';
/** A turn starts well within this after the customer's last message, unless something hangs. */
const HANG_MS = 60000;

const CHAT_TRIGGER_TYPE = 'n8n-nodes-messaging-service.messagingServiceChatTrigger';

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** A customer's message as the test sent it: the emulator runs on the real clock, so `at` is its receipt. */
interface Written {
	mailingId: number;
	phone: string;
	text: string;
	id: string;
	at: number;
}

/** One execution of the chatbot: the turn the trigger emitted and the answer mailing sent. */
interface Turn {
	phone: string;
	chatInput: string;
	startedAt: number;
	answerMailing: number;
}

describe('the Chat Trigger feeding an AI Agent with memory per phone, in real time', () => {
	let sandbox: Sandbox;
	let model: ScriptedChatModel;
	let client: N8nClient;
	let n8n: SharedN8n;
	const written: Written[] = [];

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], quiet: true, clock: 'real' });
		model = await startScriptedChatModel({}, scriptedAnswer);
		({ client, n8n } = await sharedN8n());
	});

	afterAll(async () => {
		await model?.close();
		await sandbox?.close();
	});

	function write(mailingId: number, phone: string, text: string): void {
		const { id } = sandbox.injectReply(TOKEN, { message_id: mailingId, phone, message: text });
		written.push({ mailingId, phone, text, id, at: Date.now() });
	}

	const answersTo = (phone: string): string[] => chatAnswersTo(sandbox, phone);
	const lastSeq = () => sandbox.requests().at(-1)?.seq ?? 0;
	const readSince = (mailingId: number, seq: number) =>
		sandbox
			.requests()
			.some(
				(request) =>
					request.seq > seq &&
					request.apiMethod === 'getNewIncomingMessages' &&
					request.body?.message_id === String(mailingId),
			);

	/** The one model request whose last user message is this text. */
	function modelRequestFor(text: string): ChatRequest {
		const found = model.requests().filter((request) => userTexts(request).at(-1) === text);
		expect(found).toHaveLength(1);
		return found[0];
	}

	function turnOf(execution: ExecutionDetails): Turn {
		expect({ status: execution.status, error: executionError(execution) }).toEqual({
			status: 'success',
			error: undefined,
		});
		const items = nodeOutput(execution, CHATBOT_TRIGGER);
		expect(items).toHaveLength(1);
		const [answer] = nodeOutput(execution, 'Send the answer');
		return {
			phone: String(items[0].sessionId),
			chatInput: String(items[0].chatInput),
			startedAt: Date.parse(execution.startedAt),
			answerMailing: Number(answer.message_id),
		};
	}

	/** The workflow's turns after the first `already`, up to `total`, oldest first, each with its latency logged and bounded. */
	async function nextTurns(workflowId: string, already: number, total: number): Promise<Turn[]> {
		const found = (await finishedExecutions(client, workflowId, total)).map(turnOf).slice(already);
		for (const turn of found) {
			const texts = turn.chatInput.split('\n');
			const last = Math.max(
				...written
					.filter((entry) => entry.phone === turn.phone && texts.includes(entry.text))
					.map((entry) => entry.at),
			);
			const latency = turn.startedAt - last;
			process.stdout.write(
				`[chat-trigger e2e] ${turn.phone} "${texts.join(' / ')}": started ${(latency / 1000).toFixed(1)} s after the last message\n`,
			);
			expect(latency).toBeGreaterThan(0);
			expect(latency).toBeLessThan(HANG_MS);
		}
		return found;
	}

	/** Every reply written so far is marked read on the emulator, by one request each. */
	async function expectAllMarkedRead(): Promise<void> {
		const ids = written.map((entry) => entry.id);
		const marked = () =>
			sandbox
				.requests()
				.filter((request) => request.apiMethod === 'readResponseStatus')
				.flatMap((request) => String(request.body?.incoming_messages).split(','));
		await waitUntil(
			() => ids.every((id) => marked().includes(id)),
			30000,
			'marking of every reply as read',
		);
		expect(marked().sort()).toEqual([...ids].sort());
		for (const mailingId of new Set(written.map((entry) => entry.mailingId))) {
			const unread = await axios.post(
				`${sandbox.url}/api/v2/getNewIncomingMessages`,
				new URLSearchParams({ token: TOKEN, message_id: String(mailingId) }),
			);
			expect({ mailingId, unread: (unread.data as { result: unknown[] }).result }).toEqual({
				mailingId,
				unread: [],
			});
		}
	}

	it('answers each turn once with its history, a burst of messages once, and a second phone in a session of its own', async () => {
		const annaOpening = await openingMailing(sandbox, TOKEN, ANNA);
		const borisOpening = await openingMailing(sandbox, TOKEN, BORIS);
		// the example as it is: the Chat Trigger with its defaults (checks every 2 s, 3 s quiet window, 20 s max wait)
		const workflow = await chatbotWorkflow(client, {
			label: 'chat-trigger e2e',
			sandbox,
			token: TOKEN,
			model,
		});
		expect(workflow.nodes.find((node) => node.name === CHATBOT_TRIGGER)).toEqual(
			expect.objectContaining({
				type: CHAT_TRIGGER_TYPE,
				parameters: expect.objectContaining({ checkEverySeconds: 2, quietWindowSeconds: 3 }),
			}),
		);
		await client.activateWorkflow(workflow.id);
		try {
			// turn 1: Anna, and Boris a second later: one execution per phone
			write(annaOpening, ANNA, 'Hi, this is Anna, booking 1042');
			await sleep(1000);
			write(borisOpening, BORIS, 'Hello, Boris here');
			const first = await nextTurns(workflow.id, 0, 2);
			const firstOf = (phone: string) => first.find((turn) => turn.phone === phone)!;
			expect(first.map((turn) => [turn.phone, turn.chatInput]).sort()).toEqual([
				[ANNA, 'Hi, this is Anna, booking 1042'],
				[BORIS, 'Hello, Boris here'],
			]);

			// turn 2, seconds later, each on the bot's answer: Anna writes once, Boris three times a second apart
			await sleep(3000);
			write(firstOf(ANNA).answerMailing, ANNA, 'Can I move it to Friday?');
			for (const text of ['Wait', 'I also need', 'a second room']) {
				write(firstOf(BORIS).answerMailing, BORIS, text);
				await sleep(1000);
			}
			const second = await nextTurns(workflow.id, 2, 4);
			expect(second.map((turn) => [turn.phone, turn.chatInput]).sort()).toEqual([
				[ANNA, 'Can I move it to Friday?'],
				[BORIS, 'Wait\nI also need\na second room'],
			]);

			// turn 3: Anna again, on the second answer
			await sleep(3000);
			write(
				second.find((turn) => turn.phone === ANNA)!.answerMailing,
				ANNA,
				'And add breakfast, please',
			);
			const [third] = await nextTurns(workflow.id, 4, 5);
			expect([third.phone, third.chatInput]).toEqual([ANNA, 'And add breakfast, please']);

			// the memory, per phone: the model saw each conversation's earlier turns and nothing of the other's
			const annaThird = modelRequestFor('And add breakfast, please');
			expect(userTexts(annaThird)).toEqual([
				'Hi, this is Anna, booking 1042',
				'Can I move it to Friday?',
				'And add breakfast, please',
			]);
			expect(assistantTexts(annaThird)).toEqual([
				'Turn 1: "Hi, this is Anna, booking 1042"',
				'Turn 2: "Can I move it to Friday?"',
			]);
			const borisSecond = modelRequestFor('Wait\nI also need\na second room');
			expect(userTexts(borisSecond)).toEqual([
				'Hello, Boris here',
				'Wait\nI also need\na second room',
			]);
			expect(JSON.stringify(borisSecond.messages)).not.toContain('Anna');
			expect(JSON.stringify(annaThird.messages)).not.toContain('Boris');

			// longer than a quiet window and a few checks more: no turn starts again
			await sleep(10000);
			expect(await client.listExecutions(workflow.id)).toHaveLength(5);
			expect(model.requests()).toHaveLength(5);
			expect(answersTo(ANNA)).toEqual([
				'Turn 1: "Hi, this is Anna, booking 1042"',
				'Turn 2: "Can I move it to Friday?"',
				'Turn 3: "And add breakfast, please"',
			]);
			expect(answersTo(BORIS)).toEqual([
				'Turn 1: "Hello, Boris here"',
				'Turn 2: "Wait / I also need / a second room"',
			]);
			await expectAllMarkedRead();
			// the API key is in no execution and in none of n8n's log lines
			for (const execution of await client.listExecutions(workflow.id))
				expect(await client.executionAsText(execution.id)).not.toContain(TOKEN);
			expect(n8n.output()).not.toContain(TOKEN);
		} finally {
			await client.deactivateWorkflow(workflow.id);
		}
	}, 300000);

	it('answers a burst once, with nothing lost, when the workflow is deactivated mid-burst and activated again', async () => {
		const opening = await openingMailing(sandbox, TOKEN, CHEN);
		// a quiet window long enough to deactivate the workflow inside it, on a busy machine too
		const trigger: TriggerReplacement = {
			type: CHAT_TRIGGER_TYPE,
			typeVersion: 1,
			parameters: { quietWindowSeconds: 15, options: { maxWaitSeconds: 120 } },
		};
		const workflow = await chatbotWorkflow(client, {
			label: 'chat-trigger restart e2e',
			sandbox,
			token: TOKEN,
			model,
			trigger,
		});

		/** The customer's first message, read by the trigger; the workflow off, a second message; on again. */
		async function burstAcrossDeactivation(
			mailingId: number,
			texts: [string, string],
			turnsBefore: number,
		): Promise<void> {
			const seq = lastSeq();
			write(mailingId, CHEN, texts[0]);
			await waitUntil(() => readSince(mailingId, seq), HANG_MS, 'read of the mailing');
			await client.deactivateWorkflow(workflow.id);
			expect(await client.listExecutions(workflow.id)).toHaveLength(turnsBefore);
			write(mailingId, CHEN, texts[1]);
			await sleep(2000);
			await client.activateWorkflow(workflow.id);
		}

		await client.activateWorkflow(workflow.id);
		try {
			// the first burst: nothing emitted yet, so the node's static data is still empty
			await burstAcrossDeactivation(opening, ['I want to', 'change my booking'], 0);
			const [first] = await nextTurns(workflow.id, 0, 1);
			expect(first.chatInput).toBe('I want to\nchange my booking');

			// the second: the static data saved with the first turn
			await burstAcrossDeactivation(first.answerMailing, ['to Saturday', 'if possible'], 1);
			const [second] = await nextTurns(workflow.id, 1, 2);
			expect(second.chatInput).toBe('to Saturday\nif possible');
			expect(userTexts(modelRequestFor('to Saturday\nif possible'))).toEqual([
				'I want to\nchange my booking',
				'to Saturday\nif possible',
			]);

			// longer than the quiet window and a few checks more: nothing answered twice
			await sleep(20000);
			expect(await client.listExecutions(workflow.id)).toHaveLength(2);
			expect(answersTo(CHEN)).toEqual([
				'Turn 1: "I want to / change my booking"',
				'Turn 2: "to Saturday / if possible"',
			]);
			await expectAllMarkedRead();
		} finally {
			await client.deactivateWorkflow(workflow.id);
		}
	}, 300000);
});
