// Human handoff in the Chat Trigger: a phone a person has sends its turns to To Person, never to
// the bot; the person's mailings count as their activity and join the catch-up; the first bot turn
// after the hand-back carries what was said. The emulator on the test's clock; changes arrive on the
// in-process channel (as an operation run by an execution of the same n8n) or in the done promise.
import { conversationStateOf } from '../../../nodes/MessagingService/handoff/view';
import { handoffCustomDataValue } from '../../../nodes/MessagingService/handoff/executionData';
import { HANDOFF_KEY } from '../../../nodes/MessagingService/handoff/state';
import { DEFAULTS, OTHER_PHONE, PHONE, useChatTrigger } from '../chatTrigger/fixture';
import {
	handBackChange,
	handOverChange,
	handOverOutput,
	publish,
	runWith,
	textsOf,
} from './handoff';

// hang detector, with room for a machine ten times slower
jest.setTimeout(600_000);

const chat = useChatTrigger();
const { t } = chat;

describe('Messaging Service Chat Trigger: human handoff', () => {
	it("after the hand-over the customer reaches To Person only; the person's mailings are their answers; the next bot turn carries the catch-up", async () => {
		const mailing = await t.sendChat('How can we help?');
		const session = await chat.activate();
		t.reply(mailing, 'I want a person');
		await chat.untilTurns(session, 1);
		expect(session.turns[0][0].conversation).toMatchObject({ holder: 'bot' });

		expect(publish(session, handOverChange(PHONE, { reason: 'customer asked' }))).toBe(true);
		await chat.seconds(session, 1);
		// the person answers from the service's web interface (a mailing to the phone), the customer replies to it
		const answer = await t.sendChat('Hello, Olga here. What is the order number?', PHONE);
		await chat.seconds(session, 15);
		t.reply(answer, 'order 123');
		t.reply(answer, 'it is late');
		await chat.seconds(session, 15);
		const second = await t.sendChat('It leaves today.', PHONE);
		await chat.seconds(session, 15);
		t.reply(second, 'thanks');
		await chat.seconds(session, 15);

		expect(session.turns).toHaveLength(1);
		expect(textsOf(session.toPerson)).toEqual(['order 123', 'it is late', 'thanks']);
		expect(session.toPerson[0][0].conversation).toMatchObject({
			holder: 'person',
			reason: 'customer asked',
		});
		expect(
			String(
				session.toPerson[0][0].conversation &&
					(session.toPerson[0][0].conversation as { since: string }).since,
			),
		).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
		// the person's mailings never come out as the customer's
		expect([...textsOf(session.turns), ...textsOf(session.toPerson)]).not.toContain(
			'It leaves today.',
		);

		publish(session, handBackChange(PHONE));
		await chat.seconds(session, 1);
		t.reply(second, 'one more question');
		await chat.untilTurns(session, 2);
		const [back] = session.turns[1];
		expect(back).toMatchObject({
			chatInput: 'one more question',
			handBackReason: 'handedBack',
			conversation: { holder: 'bot' },
		});
		expect(back.whileWithPerson).toEqual([
			{
				from: 'person',
				text: 'Hello, Olga here. What is the order number?',
				at: expect.any(String),
			},
			{ from: 'customer', text: 'order 123', at: expect.any(String) },
			{ from: 'customer', text: 'it is late', at: expect.any(String) },
			{ from: 'person', text: 'It leaves today.', at: expect.any(String) },
			{ from: 'customer', text: 'thanks', at: expect.any(String) },
		]);
		expect(typeof back.handedBackAt).toBe('string');
		// once: the turn after carries no catch-up
		t.reply(second, 'bye');
		await chat.untilTurns(session, 3);
		expect(session.turns[2][0].whileWithPerson).toBeUndefined();
		expect(session.toPerson).toHaveLength(2);
	});

	it("the person's last answer found only after the hand-back (the listing runs every few seconds) is still in the catch-up", async () => {
		const mailing = await t.sendChat('How can we help?');
		const session = await chat.activate();
		t.reply(mailing, 'I want a person');
		await chat.untilTurns(session, 1);
		publish(session, handOverChange(PHONE));
		await chat.seconds(session, 15);
		// the person answers and hands back at once: the hand-back is applied before the answer is found
		const answer = await t.sendChat('Refund sent, anything else?', PHONE);
		publish(session, handBackChange(PHONE));
		await chat.seconds(session, 15);
		t.reply(answer, 'no, thanks');
		await chat.untilTurns(session, 2);
		expect(session.turns[1][0].whileWithPerson).toEqual([
			{ from: 'person', text: 'Refund sent, anything else?', at: expect.any(String) },
		]);
		expect(session.toPerson).toEqual([]);
	});

	it('a message held in a burst when the hand-over takes effect goes to the person, not the bot; another phone is not affected', async () => {
		const mailing = await t.sendChat('How can we help?');
		const session = await chat.activate();
		t.reply(mailing, 'hello?', PHONE);
		t.reply(mailing, 'hi bot', OTHER_PHONE);
		await chat.seconds(session, 2);
		expect(session.turns).toHaveLength(0);
		publish(session, handOverChange(PHONE));
		await chat.seconds(session, 20);
		expect(textsOf(session.toPerson)).toEqual(['hello?']);
		expect(textsOf(session.turns)).toEqual(['hi bot']);
	});

	it('a hand-over and a hand-back within one quiet window: the turn goes to the bot once, with an empty catch-up', async () => {
		const mailing = await t.sendChat('How can we help?');
		const session = await chat.activate();
		t.reply(mailing, 'first');
		await chat.seconds(session, 1);
		publish(session, handOverChange(PHONE));
		await chat.seconds(session, 1);
		publish(session, handBackChange(PHONE));
		await chat.seconds(session, 20);
		expect(session.toPerson).toHaveLength(0);
		expect(session.turns).toHaveLength(1);
		expect(session.turns[0][0]).toMatchObject({
			chatInput: 'first',
			whileWithPerson: [],
			handBackReason: 'handedBack',
		});
	});

	it('two hand-overs of one phone at once: the newer wins, each change is applied once (an older one arriving later loses)', async () => {
		const mailing = await t.sendChat('How can we help?');
		const session = await chat.activate(DEFAULTS, { finishExecutions: 'byTest' });
		const older = handOverChange(PHONE, { reason: 'older' });
		const newer = handOverChange(PHONE, { reason: 'newer', at: older.at + 1 });
		publish(session, newer);
		publish(session, older);
		publish(session, newer);
		await chat.seconds(session, 1);
		t.reply(mailing, 'anyone?');
		await chat.seconds(session, 10);
		expect(session.toPerson).toHaveLength(1);
		expect(session.toPerson[0][0].conversation).toMatchObject({ reason: 'newer' });
		// handed back; the older hand-over arrives again (a done promise): it is older than the hand-back, and applied already
		publish(session, handBackChange(PHONE, newer.at + 2));
		await chat.seconds(session, 1);
		publish(session, older);
		session.emits[0].done?.(
			runWith({ 'Hand Over': [{ data: { main: [[handOverOutput(older)]] } }] }),
		);
		await chat.seconds(session, 1);
		t.reply(mailing, 'hello bot');
		await chat.untilTurns(session, 1);
		expect(session.turns[0][0]).toMatchObject({
			chatInput: 'hello bot',
			conversation: { holder: 'bot' },
		});
		expect(session.toPerson).toHaveLength(1);
	});

	it('the time limit hands the conversation back by itself (handBackReason timeLimit)', async () => {
		const mailing = await t.sendChat('How can we help?');
		const session = await chat.activate();
		publish(session, handOverChange(PHONE, { untilMs: Date.now() + 60_000 }));
		await chat.seconds(session, 2);
		t.reply(mailing, 'still waiting');
		await chat.seconds(session, 10);
		expect(textsOf(session.toPerson)).toEqual(['still waiting']);
		await chat.seconds(session, 50);
		t.reply(mailing, 'hello?');
		await chat.untilTurns(session, 1);
		expect(session.turns[0][0]).toMatchObject({
			chatInput: 'hello?',
			handBackReason: 'timeLimit',
			whileWithPerson: [{ from: 'customer', text: 'still waiting' }],
		});
	});

	it('the person silent for the limit hands it back (personSilent); each mailing of the person restarts the count', async () => {
		const mailing = await t.sendChat('How can we help?');
		const session = await chat.activate();
		publish(session, handOverChange(PHONE, { silenceMs: 60_000 }));
		await chat.seconds(session, 40);
		const answer = await t.sendChat('Looking into it', PHONE);
		await chat.seconds(session, 40);
		// 80 s after the hand-over, 40 s after the person's answer: still the person's
		t.reply(answer, 'ok');
		await chat.seconds(session, 10);
		expect(textsOf(session.toPerson)).toEqual(['ok']);
		await chat.seconds(session, 20);
		t.reply(answer, 'are you there?');
		await chat.untilTurns(session, 1);
		expect(session.turns[0][0]).toMatchObject({
			chatInput: 'are you there?',
			handBackReason: 'personSilent',
		});
		expect(
			(session.turns[0][0].whileWithPerson as Array<{ from: string; text: string }>).map(
				({ from, text }) => `${from}: ${text}`,
			),
		).toEqual(['person: Looking into it', 'customer: ok']);
		void mailing;
	});

	it("a restart keeps who has the conversation (saved with the emits); static data lost: every conversation is the bot's", async () => {
		const mailing = await t.sendChat('How can we help?');
		const first = await chat.activate();
		publish(first, handOverChange(PHONE));
		await chat.seconds(first, 1);
		t.reply(mailing, 'before the restart');
		await chat.seconds(first, 10);
		expect(textsOf(first.toPerson)).toEqual(['before the restart']);
		expect(JSON.parse(first.savedAtLastEmit!)).toMatchObject({
			global: { conversations: { phones: { [PHONE]: { holder: 'person' } } } },
		});
		await first.close();

		const restarted = await chat.activate(DEFAULTS, { savedStaticData: first.savedAtLastEmit });
		await chat.seconds(restarted, 5);
		t.reply(mailing, 'after the restart');
		await chat.seconds(restarted, 15);
		expect(textsOf(restarted.toPerson)).toEqual(['after the restart']);
		expect(restarted.turns).toHaveLength(0);
		await restarted.close();

		const lost = JSON.parse(first.savedAtLastEmit!) as Record<string, Record<string, unknown>>;
		for (const key of Object.keys(lost)) if (key.startsWith('node:')) delete lost[key][HANDOFF_KEY];
		const forgetful = await chat.activate(DEFAULTS, { savedStaticData: JSON.stringify(lost) });
		await chat.seconds(forgetful, 5);
		t.reply(mailing, 'state lost');
		await chat.untilTurns(forgetful, 1);
		expect(forgetful.turns[0][0]).toMatchObject({
			chatInput: 'state lost',
			conversation: { holder: 'bot' },
		});
	});

	it("channel 2: the hand-over in the done promise of an execution it started (an AI Agent's tool output, or the custom data of a worker's run)", async () => {
		const mailing = await t.sendChat('How can we help?');
		const session = await chat.activate(DEFAULTS, { finishExecutions: 'byTest' });
		t.reply(mailing, 'a person please', PHONE);
		t.reply(mailing, 'hi', OTHER_PHONE);
		await chat.untilTurns(session, 2);
		const byPhone = new Map(
			session.emits.map((emit) => [String(emit.outputs[0][0].sessionId), emit]),
		);
		// regular mode: the tool's ai_tool output holds the operation's items in `response`
		const toolChange = handOverChange(PHONE, { reason: 'tool' });
		byPhone.get(PHONE)!.done!(
			runWith({
				Agent: [{ data: { main: [[{ output: 'A colleague will answer' }]] } }],
				'Hand Over Tool': [{ data: { ai_tool: [[{ response: [handOverOutput(toolChange)] }]] } }],
			}),
		);
		// queue mode: no run data, the change in the custom data
		const workerChange = handOverChange(OTHER_PHONE, { reason: 'worker' });
		byPhone.get(OTHER_PHONE)!.done!(
			runWith({}, { messagingServiceHandoff: handoffCustomDataValue(undefined, workerChange) }),
		);
		await chat.seconds(session, 1);
		t.reply(mailing, 'hello?', PHONE);
		t.reply(mailing, 'still there?', OTHER_PHONE);
		await chat.seconds(session, 15);
		expect(session.turns).toHaveLength(2);
		expect(
			Object.fromEntries(
				session.toPerson.map(([turn]) => [
					turn.sessionId,
					(turn.conversation as { reason: string }).reason,
				]),
			),
		).toEqual({ [PHONE]: 'tool', [OTHER_PHONE]: 'worker' });
		// what an execution of this process sees: the trigger's live state
		expect(conversationStateOf(String(session.workflow.id), {}, PHONE)).toMatchObject({
			holder: 'person',
			reason: 'tool',
			known: true,
		});
	});
});
