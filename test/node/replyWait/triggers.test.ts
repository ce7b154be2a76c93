import type { IDataObject } from 'n8n-workflow';

import type { WaitHandle, WaitIo } from '../../../nodes/MessagingService/replyWait/desk';
import { deskOf } from '../../../nodes/MessagingService/replyWait/registry';
import { TEST_API_KEY } from '../../harness/keys';
import { OTHER_PHONE, PHONE, useChatTrigger } from '../chatTrigger/fixture';
import { RECENT } from '../trigger/fixture';
import { DEFAULTS } from '../chatTrigger/fixture';
import { finishedRun } from '../../harness/engine';
import { params } from '../../harness/params';
import { waitingItems } from '../sendAndWait/waiting';
import { ResumeEndpoint } from './resumeEndpoint';
import type { IRun } from 'n8n-workflow';

// hang detector, with room for a slow machine
jest.setTimeout(600_000);

const chat = useChatTrigger();
const { t } = chat;

/** The desk only claims here: it is not started, so it reads nothing and posts nothing. */
const NOT_STARTED: WaitIo = {
	client: undefined as never,
	post: async () => ({ status: 0, body: '' }),
	serviceNowMs: () => Date.now(),
	warn: () => undefined,
};

/** An execution of this process waits for `phone`'s reply to `mailing` (Send and Wait for Reply). */
function waitOn(baseUrl: string, phone: string, mailing: number): WaitHandle {
	const now = Date.now();
	const handle = deskOf(`${baseUrl} ${TEST_API_KEY}`).register(
		{
			resumeUrl: 'http://127.0.0.1:9/webhook-waiting/1/node',
			askedAt: now,
			untilMs: now + 3_600_000,
			quietMs: 3_000,
			which: 'thisMessage',
			perMinute: 300,
			asked: [{ item: 0, phone }],
		},
		NOT_STARTED,
	);
	handle.sent(0, String(mailing));
	return handle;
}

const unreadTexts = async (mailing: number) =>
	(await t.unread(mailing)).map((reply: IDataObject) => reply.message);

describe('a reply an execution waits for is its own', () => {
	it('Chat Trigger: no turn while the execution waits, the reply left unread; a turn once the wait ended without it', async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate();
		const handle = waitOn(chat.hostile.proxy.url, PHONE, mailing);
		t.reply(mailing, 'the answer', PHONE);
		t.reply(mailing, 'hello', OTHER_PHONE);
		await chat.untilTurns(session, 1);
		await chat.seconds(session, 20);
		expect(session.turns.map(([turn]) => turn.sessionId)).toEqual([OTHER_PHONE]);
		expect(await unreadTexts(mailing)).toEqual(['the answer']);
		// the execution was resumed otherwise (its timer): the reply is the bot's again
		handle.cancel();
		await chat.untilTurns(session, 2);
		expect(session.turns[1][0]).toMatchObject({ sessionId: PHONE, chatInput: 'the answer' });
		await chat.seconds(session, 20);
		expect(session.turns).toHaveLength(2);
	});

	it('Chat Trigger: a burst with replies to the waited question and to another mailing keeps only the other', async () => {
		const older = await t.sendChat('Your order is ready');
		const question = await t.sendChat('Is 3 pm fine?');
		const session = await chat.activate();
		const handle = waitOn(chat.hostile.proxy.url, PHONE, question);
		t.reply(older, 'where is it?', PHONE);
		t.reply(question, 'yes', PHONE);
		await chat.untilTurns(session, 1);
		await chat.seconds(session, 20);
		expect(session.turns.map(([turn]) => turn.chatInput)).toEqual(['where is it?']);
		expect(await unreadTexts(question)).toEqual(['yes']);
		handle.cancel();
	});

	it("Chat Trigger: a question asked in a turn's execution on a worker reaches it in the run's custom data; the reply is left to that execution", async () => {
		const worker = new ResumeEndpoint();
		await worker.start();
		// the execution was resumed otherwise: the worker's desk gives up and leaves the reply unread
		worker.statuses = [{ status: 409, body: { message: 'The execution has finished already.' } }];
		try {
			const opening = await t.sendChat('How can we help?');
			const session = await chat.activate(DEFAULTS, { finishExecutions: 'byTest' });
			t.reply(opening, 'I want to book a table');
			await chat.untilTurns(session, 1);
			// the turn's execution asks on another process: another desk, the emulator's own URL
			const asked = await t.fixture.runOk({
				parameters: params(t.fixture.account, 'chatMessage', 'sendAndWaitForReply', {
					phone: PHONE,
					message: 'For how many people?',
					options: {
						limitWaitTime: {
							values: { limitType: 'afterTimeInterval', resumeAmount: 60, resumeUnit: 'seconds' },
						},
					},
				}),
				additionalData: { executionId: 'on-a-worker', webhookWaitingBaseUrl: worker.baseUrl },
			});
			const metadata = asked.run.data.resultData.metadata;
			const question = Number(waitingItems(asked)[0].mailing);
			expect(String(metadata?.messagingServiceWaits)).toContain(`"${PHONE}","${question}"`);
			session.emits[0].done!({
				...finishedRun(),
				status: 'waiting',
				data: { resultData: { runData: {}, metadata } },
			} as unknown as IRun);
			t.reply(question, 'Four of us', PHONE);
			await chat.seconds(session, 30);
			expect(session.turns).toHaveLength(1);
			await worker.received(1);
			// past the wait's limit the question's replies are the bot's again
			await chat.seconds(session, 40);
			expect(session.turns.map(([turn]) => turn.chatInput)).toEqual([
				'I want to book a table',
				'Four of us',
			]);
		} finally {
			await worker.close();
		}
	});

	it('Messaging Service Trigger: a waited reply is not output and stays unread; the others are', async () => {
		const mailing = await t.sendChat();
		const session = t.session(RECENT);
		await session.poll();
		t.sandbox.advanceClock(60);
		const handle = waitOn(t.sandbox.url, PHONE, mailing);
		t.reply(mailing, 'the answer', PHONE);
		t.reply(mailing, 'hello', OTHER_PHONE);
		const poll = await session.poll();
		expect(poll.items.map((item) => item.message)).toEqual(['hello']);
		expect(await unreadTexts(mailing)).toEqual(['the answer']);
		handle.cancel();
		t.sandbox.advanceClock(60);
		const next = await session.poll();
		expect(next.items.map((item) => item.message)).toEqual(['the answer']);
	});
});
