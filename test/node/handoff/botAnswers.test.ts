// The bot's answers are never the person's (issue 49, item 4): while a person has a phone, every
// chat mailing the account sends to it counts as theirs, except what an execution that began as a
// bot turn sent. Told at the send in this process (channel 1), or when that execution ends (channel 2,
// its custom data: a queue-mode worker), also after the trigger had already counted the mailing.
import type { IDataObject, IRun } from 'n8n-workflow';

import { phoneOfMailing } from '../../../nodes/MessagingService/helpers/processMemory';
import { finishedRun } from '../../harness/engine';
import type { ChatTriggerSession } from '../../harness/chatTrigger';
import { params } from '../../harness/params';
import { DEFAULTS, PHONE, useChatTrigger } from '../chatTrigger/fixture';
import { handBackChange, handOverChange, publish } from './handoff';

jest.setTimeout(600_000);

const chat = useChatTrigger();
const { t, hostile } = chat;
beforeEach(() => phoneOfMailing.clear());
const TRIGGER = {
	name: 'New chat reply',
	type: 'n8n-nodes-messaging-service.messagingServiceChatTrigger',
};

/**
 * Chat Message > Send in the execution of the session's latest bot turn. Through the trigger's own
 * URL it is this process (channel 1); through the emulator's it is another account string, as on a
 * worker: only the run it gives back tells the trigger.
 */
async function botAnswer(
	session: ChatTriggerSession,
	text: string,
	where: 'here' | 'worker',
): Promise<{ mailing: number; run: IRun }> {
	const turn = session.turns.at(-1)![0];
	const sent = await t.fixture.runOk({
		parameters: params(t.fixture.account, 'chatMessage', 'send', { phone: PHONE, message: text }),
		items: [turn],
		upstream: { ...TRIGGER, outputs: [[turn], [], []], output: 0 },
		...(where === 'here' ? { baseUrl: hostile.proxy.url } : {}),
	});
	const metadata = sent.run.data.resultData.metadata;
	return {
		mailing: Number(sent.items[0].json.message_id),
		run: { ...finishedRun(), data: { resultData: { runData: {}, metadata } } } as unknown as IRun,
	};
}

const catchUpTexts = (turn: IDataObject) =>
	((turn.whileWithPerson as Array<{ from: string; text: string }>) ?? []).map(
		({ from, text }) => `${from}: ${text}`,
	);

/** A customer asks for a person on the opening mailing; the trigger has emitted that first turn. */
async function firstTurn(
	options?: Parameters<typeof chat.activate>[1],
): Promise<{ mailing: number; session: ChatTriggerSession }> {
	const mailing = await t.sendChat('How can we help?');
	const session = await chat.activate(DEFAULTS, options);
	t.reply(mailing, 'I want a person');
	await chat.untilTurns(session, 1);
	return { mailing, session };
}

/** Hands the phone back, the customer writes `text` to `mailing`: the catch-up of that bot turn. */
async function catchUpAfterHandBack(
	session: ChatTriggerSession,
	mailing: number,
	text: string,
): Promise<string[]> {
	publish(session, handBackChange(PHONE));
	await chat.seconds(session, 1);
	t.reply(mailing, text);
	await chat.untilTurns(session, 2);
	return catchUpTexts(session.turns[1][0]);
}

describe("Chat Trigger handoff: the bot's answers are not the person's", () => {
	it('an answer sent in this process in the second before the hand-over stays out of the catch-up', async () => {
		const { session } = await firstTurn();
		// the agent answers, and a moment later hands over (same second on the service's clock)
		await botAnswer(session, 'Let me find someone for you.', 'here');
		publish(session, handOverChange(PHONE));
		await chat.seconds(session, 15);
		const answer = await t.sendChat('Olga here, how can I help?', PHONE);
		await chat.seconds(session, 15);
		t.reply(answer, 'my order is late');
		await chat.seconds(session, 15);
		expect(await catchUpAfterHandBack(session, answer, 'thanks')).toEqual([
			'person: Olga here, how can I help?',
			'customer: my order is late',
		]);
	});

	it("the hand-over's own message, though the bot turn's execution sends it, stays on the person's side", async () => {
		const { mailing, session } = await firstTurn();
		const turn = session.turns[0][0];
		await t.fixture.runOk({
			parameters: params(t.fixture.account, 'conversation', 'handOver', {
				phone: PHONE,
				message: 'A colleague will answer you shortly.',
			}),
			items: [turn],
			upstream: { ...TRIGGER, outputs: [[turn], [], []], output: 0 },
			workflowId: String(session.workflow.id),
			baseUrl: hostile.proxy.url,
		});
		await chat.seconds(session, 15);
		expect(await catchUpAfterHandBack(session, mailing, 'hello again')).toEqual([
			'person: A colleague will answer you shortly.',
		]);
	});

	it("an answer sent on a worker after the hand-over, counted as the person's before its execution ended, is taken out when it ends", async () => {
		const { session } = await firstTurn({ finishExecutions: 'byTest' });
		publish(session, handOverChange(PHONE, { silenceMs: 120_000 }));
		await chat.seconds(session, 30);
		// the worker's copy did not know the hand-over yet: its answer goes out after it
		const { mailing: late, run } = await botAnswer(session, 'Your parcel is on its way.', 'worker');
		const person = await t.sendChat('Olga here.', PHONE);
		await chat.seconds(session, 20);
		t.reply(late, 'is it?');
		await chat.seconds(session, 15);
		expect(session.toPerson.map(([turn]) => turn.chatInput)).toEqual(['is it?']);
		session.emits[0].done!(run);
		await chat.seconds(session, 1);
		expect(await catchUpAfterHandBack(session, person, 'thanks')).toEqual([
			'person: Olga here.',
			'customer: is it?',
		]);
	});
});
