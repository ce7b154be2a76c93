// start-order: 7
// The AI chatbot of examples/ai-chatbot.json in a real n8n (the package installed from its
// tarball), against the emulator and a scripted OpenAI-compatible model, with the polling reply
// trigger (Combine Replies per Phone) in the place of the example's Chat Trigger (that one:
// chat-trigger.test.ts): the reply trigger feeds n8n's AI Agent with Simple Memory on their default fields (chatInput, sessionId), and Chat
// Message > Send answers each customer. Polls are counted from the emulator's log; what the
// memory held is read from what the model server received.
import { startSandbox, type LoggedRequest, type Sandbox } from '../sandbox';
import {
	assistantTexts,
	CHATBOT_TRIGGER,
	chatbotWorkflow,
	openingMailing,
	scriptedAnswer,
	userTexts,
} from './lib/chatbot';
import { executionError, nodeOutput } from './lib/execution-data';
import type { N8nClient } from './lib/n8n-client';
import { finishedExecutions, waitForPoll } from './lib/polls';
import type { ExecutionDetails } from './lib/n8n-types';
import {
	startScriptedChatModel,
	type ChatRequest,
	type ScriptedChatModel,
} from './lib/scripted-chat-model';
import { sharedN8n } from './lib/shared-n8n';

const TOKEN = 'e2e-chatbot-key-Vb7r-2Qm';
const ANNA = '375291110001';
const BORIS = '375291110002';
/** The reply trigger polling every minute, Combine Replies per Phone on, in the place of the example's Chat Trigger. */
const POLLING_TRIGGER = {
	type: 'n8n-nodes-messaging-service.messagingServiceTrigger',
	typeVersion: 1,
	parameters: {
		pollTimes: { item: [{ mode: 'everyMinute' }] },
		watch: 'recentMailings',
		days: 7,
		markAsRead: true,
		options: { combineRepliesPerPhone: true },
	},
};

describe('an AI chatbot: the reply trigger feeding an AI Agent with memory per phone', () => {
	let sandbox: Sandbox;
	let model: ScriptedChatModel;
	let client: N8nClient;

	beforeAll(async () => {
		sandbox = await startSandbox({ tokens: [TOKEN], quiet: true, clock: 'real' });
		model = await startScriptedChatModel({}, scriptedAnswer);
		({ client } = await sharedN8n());
	});

	afterAll(async () => {
		await model?.close();
		await sandbox?.close();
	});

	const readsOf = (mailingId: number) =>
		sandbox
			.requests()
			.filter(
				(request) =>
					request.apiMethod === 'getNewIncomingMessages' &&
					request.body?.message_id === String(mailingId),
			);
	const answersTo = (phone: string): LoggedRequest[] =>
		sandbox
			.requests()
			.filter(
				(request) =>
					request.apiMethod === 'sendQuickChatMessage' &&
					request.status === 200 &&
					request.body?.phone === phone,
			);
	const reply = (mailingId: number, phone: string, message: string) =>
		sandbox.injectReply(TOKEN, { message_id: mailingId, phone, message }).id;

	/** The one model request whose last user message is this text. */
	function modelRequestFor(text: string): ChatRequest {
		const found = model.requests().filter((request) => userTexts(request).at(-1) === text);
		expect(found).toHaveLength(1);
		return found[0];
	}

	/** The trigger's item and the answer mailing of each execution, by phone. */
	function turnsOf(executions: ExecutionDetails[]) {
		return new Map(
			executions.map((execution) => {
				expect({ status: execution.status, error: executionError(execution) }).toEqual({
					status: 'success',
					error: undefined,
				});
				const triggerItems = nodeOutput(execution, CHATBOT_TRIGGER);
				expect(triggerItems).toHaveLength(1);
				const [answer] = nodeOutput(execution, 'Send the answer');
				return [
					String(triggerItems[0].sessionId),
					{ chatInput: triggerItems[0].chatInput, answerMailing: Number(answer.message_id) },
				];
			}),
		);
	}

	it('answers each customer in the context of their own conversation, one turn per burst, each reply once', async () => {
		const annaOpening = await openingMailing(sandbox, TOKEN, ANNA);
		const borisOpening = await openingMailing(sandbox, TOKEN, BORIS);
		sandbox.clearRequests();
		const workflow = await chatbotWorkflow(client, {
			label: 'ai-chatbot e2e',
			sandbox,
			token: TOKEN,
			model,
			trigger: POLLING_TRIGGER,
		});
		await client.activateWorkflow(workflow.id);
		try {
			// the poll at activation records what exists; replies after it are new
			await waitForPoll(
				() => readsOf(annaOpening).length >= 1 && readsOf(borisOpening).length >= 1,
			);

			// turn 1: one reply from each customer, in one poll: one execution per phone
			reply(annaOpening, ANNA, 'Hi, this is Anna, booking 1042');
			reply(borisOpening, BORIS, 'Hello, Boris here');
			const firstTurns = turnsOf(await finishedExecutions(client, workflow.id, 2));
			expect([...firstTurns.keys()].sort()).toEqual([ANNA, BORIS]);
			expect(firstTurns.get(ANNA)?.chatInput).toBe('Hi, this is Anna, booking 1042');
			expect(firstTurns.get(BORIS)?.chatInput).toBe('Hello, Boris here');
			expect(model.requests()).toHaveLength(2);
			expect(answersTo(ANNA).map((request) => request.body?.message)).toEqual([
				'Turn 1: "Hi, this is Anna, booking 1042"',
			]);
			expect(answersTo(BORIS).map((request) => request.body?.message)).toEqual([
				'Turn 1: "Hello, Boris here"',
			]);

			// turn 2: Anna answers the bot's answer; Boris sends three quick messages
			reply(firstTurns.get(ANNA)!.answerMailing, ANNA, 'Can I move it to Friday?');
			for (const text of ['Wait', 'I also need', 'a second room'])
				reply(firstTurns.get(BORIS)!.answerMailing, BORIS, text);
			const secondTurns = turnsOf((await finishedExecutions(client, workflow.id, 4)).slice(2));
			expect(secondTurns.get(ANNA)?.chatInput).toBe('Can I move it to Friday?');
			expect(secondTurns.get(BORIS)?.chatInput).toBe('Wait\nI also need\na second room');

			// one model call per turn; memory keyed by phone: each conversation holds its own turns only
			expect(model.requests()).toHaveLength(4);
			const annaSecond = modelRequestFor('Can I move it to Friday?');
			expect(userTexts(annaSecond)).toEqual([
				'Hi, this is Anna, booking 1042',
				'Can I move it to Friday?',
			]);
			expect(assistantTexts(annaSecond)).toEqual(['Turn 1: "Hi, this is Anna, booking 1042"']);
			const borisSecond = modelRequestFor('Wait\nI also need\na second room');
			expect(userTexts(borisSecond)).toEqual([
				'Hello, Boris here',
				'Wait\nI also need\na second room',
			]);
			expect(assistantTexts(borisSecond)).toEqual(['Turn 1: "Hello, Boris here"']);
			expect(JSON.stringify(borisSecond.messages)).not.toContain('Anna');
			expect(JSON.stringify(annaSecond.messages)).not.toContain('Boris');

			// the bot's answers are watched mailings, never replies: the next poll that reads them starts nothing
			const lastAnswers = [...secondTurns.values()].map((turn) => turn.answerMailing);
			await waitForPoll(() => lastAnswers.every((id) => readsOf(id).length >= 1));
			await new Promise((resolve) => setTimeout(resolve, 3000));
			expect(await client.listExecutions(workflow.id)).toHaveLength(4);
			expect(model.requests()).toHaveLength(4);
			expect(answersTo(ANNA).map((request) => request.body?.message)).toEqual([
				'Turn 1: "Hi, this is Anna, booking 1042"',
				'Turn 2: "Can I move it to Friday?"',
			]);
			expect(answersTo(BORIS).map((request) => request.body?.message)).toEqual([
				'Turn 1: "Hello, Boris here"',
				'Turn 2: "Wait / I also need / a second room"',
			]);
			// each reply marked read once
			const marked = sandbox
				.requests()
				.filter((request) => request.apiMethod === 'readResponseStatus')
				.flatMap((request) => String(request.body?.incoming_messages).split(','));
			expect(marked).toHaveLength(6);
			expect(new Set(marked).size).toBe(6);
		} finally {
			await client.deactivateWorkflow(workflow.id);
		}
	}, 480000);
});
