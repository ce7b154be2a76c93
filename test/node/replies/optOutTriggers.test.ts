import type { IDataObject } from 'n8n-workflow';

import { DEFAULTS, OTHER_PHONE, PHONE, useChatTrigger } from '../chatTrigger/fixture';
import { RECENT } from '../trigger/fixture';

// hang detector, with room for a machine ten times slower
jest.setTimeout(600_000);

const chat = useChatTrigger();
const { t } = chat;

const marks = (items: IDataObject[]) =>
	items.map((item) => [item.message, item.optOut, item.optOutKeyword]);

describe('Messaging Service Trigger: opt-outs marked', () => {
	it('marks each reply with optOut and the keyword found; every reply is output once and marked read', async () => {
		const { mailing, session } = await t.watching(RECENT);
		t.sandbox.advanceClock(60);
		for (const text of ['STOP!!', 'Stop please', "don't stop", 'Отписаться', 'stop by tomorrow'])
			t.reply(mailing, text);
		const { items, error } = await session.poll();
		expect(error).toBeUndefined();
		expect(marks(items)).toEqual([
			['STOP!!', true, 'stop'],
			['Stop please', true, 'stop'],
			["don't stop", false, null],
			['Отписаться', true, 'отписаться'],
			['stop by tomorrow', false, null],
		]);
		expect(await t.unread(mailing)).toEqual([]);
		t.sandbox.advanceClock(60);
		expect((await session.poll()).result).toBeNull();
	});

	it('Combine Replies per Phone: the conversation opts out when one of its replies does, each reply marked', async () => {
		const { mailing, session } = await t.watching({
			...RECENT,
			options: { combineRepliesPerPhone: true },
		});
		t.sandbox.advanceClock(60);
		t.reply(mailing, 'what is the price?');
		t.reply(mailing, 'стоп');
		t.reply(mailing, 'hello', OTHER_PHONE);
		const { executions } = await session.poll();
		const byPhone = Object.fromEntries(executions.map(([item]) => [item.sessionId, item]));
		expect(byPhone[PHONE]).toMatchObject({
			optOut: true,
			optOutKeyword: 'стоп',
			chatInput: 'what is the price?\nстоп',
		});
		expect(
			(byPhone[PHONE].replies as IDataObject[]).map((reply) => [reply.message, reply.optOut]),
		).toEqual([
			['what is the price?', false],
			['стоп', true],
		]);
		expect(byPhone[OTHER_PHONE]).toMatchObject({ optOut: false, optOutKeyword: null });
	});

	it('Opt-Out Recognition: Off leaves replies unmarked; My Keywords Only checks only those', async () => {
		// the first leaves them unread for the second
		const { mailing, session } = await t.watching({
			...RECENT,
			markAsRead: false,
			options: { optOutRecognition: 'off' },
		});
		const mine = t.session({
			...RECENT,
			options: { optOutRecognition: 'replace', optOutKeywords: 'arrêt' },
		});
		await mine.poll();
		t.sandbox.advanceClock(60);
		t.reply(mailing, 'STOP');
		t.reply(mailing, 'Arrêt !');
		const off = await session.poll();
		expect(off.items.map((item) => 'optOut' in item)).toEqual([false, false]);
		const replaced = await mine.poll();
		expect(marks(replaced.items)).toEqual([
			['STOP', false, null],
			['Arrêt !', true, 'arrêt'],
		]);
	});

	it('marks opt-ins and help requests with consent and the keyword; opt-out fields stay as they were', async () => {
		const { mailing, session } = await t.watching(RECENT);
		t.sandbox.advanceClock(60);
		for (const text of [
			'STOP',
			'START',
			'HELP',
			"Help! I can't log in",
			'I said stop',
			'what is the price?',
		])
			t.reply(mailing, text);
		const { items, error } = await session.poll();
		expect(error).toBeUndefined();
		expect(
			items.map((item) => [
				item.message,
				item.consent,
				item.consentKeyword,
				item.optOut,
				item.optOutKeyword,
			]),
		).toEqual([
			['STOP', 'optOut', 'stop', true, 'stop'],
			['START', 'optIn', 'start', false, null],
			['HELP', 'help', 'help', false, null],
			["Help! I can't log in", null, null, false, null],
			['I said stop', 'optOut', 'stop', true, 'stop'],
			['what is the price?', null, null, false, null],
		]);
	});

	it('Opt-In and Help Recognition off: START and HELP are ordinary replies', async () => {
		const { mailing, session } = await t.watching({
			...RECENT,
			options: { optInHelpRecognition: false },
		});
		t.sandbox.advanceClock(60);
		for (const text of ['START', 'HELP', 'STOP']) t.reply(mailing, text);
		const { items } = await session.poll();
		expect(items.map((item) => [item.message, item.consent, item.optOut])).toEqual([
			['START', null, false],
			['HELP', null, false],
			['STOP', 'optOut', true],
		]);
	});

	it('Fetch Test Event shows the same fields', async () => {
		const mailing = await t.sendChat();
		t.reply(mailing, 'Unsubscribe 👋');
		const { items } = await t.session(RECENT).poll('manual');
		expect(marks(items)).toEqual([['Unsubscribe 👋', true, 'unsubscribe']]);
	});
});

describe('Messaging Service Chat Trigger: opt-outs on their own output', () => {
	it('an opt-out comes once on Opt-Outs, never on Turns, is marked read, and stays out after a restart', async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate();
		t.reply(mailing, 'STOP!!');
		await chat.seconds(session, 12);
		expect(session.turns).toEqual([]);
		expect(session.optOuts).toHaveLength(1);
		const [[optOut]] = session.optOuts;
		expect(optOut).toMatchObject({
			sessionId: PHONE,
			phone: PHONE,
			chatInput: 'STOP!!',
			optOut: true,
			optOutKeyword: 'stop',
		});
		expect(await t.unread(mailing)).toEqual([]);
		await chat.seconds(session, 70);
		expect(session.optOuts).toHaveLength(1);
		await session.close();
		const again = session.restart();
		await again.activate();
		await chat.seconds(again, 70);
		expect([again.turns, again.optOuts]).toEqual([[], []]);
	});

	it("a turn holding an opt-out goes whole to Opt-Outs (nothing lost, nothing to the bot); another phone's turn goes to Turns; the next turn goes to Turns", async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate();
		t.reply(mailing, 'hi', PHONE);
		t.reply(mailing, 'what is the price?', OTHER_PHONE);
		await chat.seconds(session, 1);
		t.reply(mailing, 'actually, no.', PHONE);
		t.reply(mailing, 'Отписаться, пожалуйста', PHONE);
		await chat.seconds(session, 20);
		expect(session.optOuts).toHaveLength(1);
		const [[turn]] = session.optOuts;
		expect(turn).toMatchObject({
			sessionId: PHONE,
			optOut: true,
			optOutKeyword: 'отписаться',
			chatInput: 'hi\nactually, no.\nОтписаться, пожалуйста',
		});
		expect((turn.replies as IDataObject[]).map((reply) => reply.optOut)).toEqual([
			false,
			false,
			true,
		]);
		expect(session.turns.map(([item]) => [item.sessionId, item.chatInput, item.optOut])).toEqual([
			[OTHER_PHONE, 'what is the price?', false],
		]);
		expect(await t.unread(mailing)).toEqual([]);

		t.reply(mailing, 'wait, one more question', PHONE);
		await chat.seconds(session, 20);
		expect(session.turns.map(([item]) => item.chatInput)).toEqual([
			'what is the price?',
			'wait, one more question',
		]);
		expect(session.optOuts).toHaveLength(1);
	});

	it('an opt-in and a help request come on the same output, never on Turns; a help request with a question goes to Turns', async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate();
		t.reply(mailing, 'START', PHONE);
		t.reply(mailing, 'HELP', OTHER_PHONE);
		await chat.seconds(session, 12);
		expect(session.turns).toEqual([]);
		expect(
			session.optOuts
				.map(([item]) => [item.sessionId, item.consent, item.consentKeyword, item.optOut])
				.sort(),
		).toEqual(
			[
				[PHONE, 'optIn', 'start', false],
				[OTHER_PHONE, 'help', 'help', false],
			].sort(),
		);
		t.reply(mailing, "Help! I can't log in", PHONE);
		await chat.untilTurns(session, 1);
		expect(session.turns.map(([item]) => [item.chatInput, item.consent])).toEqual([
			["Help! I can't log in", null],
		]);
		expect(session.optOuts).toHaveLength(2);
		// the turn's execution is finished: marked read with the next check
		await chat.seconds(session, 2);
		expect(await t.unread(mailing)).toEqual([]);
	});

	it('with Opt-Out Recognition off, "STOP" is a turn like any other', async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate({ ...DEFAULTS, options: { optOutRecognition: 'off' } });
		t.reply(mailing, 'STOP');
		await chat.untilTurns(session, 1);
		expect(session.turns[0][0].chatInput).toBe('STOP');
		expect('optOut' in session.turns[0][0]).toBe(false);
		expect(session.optOuts).toEqual([]);
	});

	it('forty customers, one in four opting out inside a burst: every text comes once, on exactly one output', async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate();
		const phones = Array.from({ length: 40 }, (_, n) => `3752900${String(n).padStart(5, '0')}`);
		const sent = new Map<string, string[]>();
		for (const [n, phone] of phones.entries()) {
			const texts = [`question ${n}`, n % 4 === 0 ? 'STOP' : `detail ${n}`];
			sent.set(phone, texts);
			for (const text of texts) t.reply(mailing, text, phone);
		}
		await chat.seconds(session, 60);
		const received = [...session.turns, ...session.optOuts].flat();
		expect(received.map((item) => item.sessionId).sort()).toEqual([...phones].sort());
		for (const item of received)
			expect(String(item.chatInput).split('\n')).toEqual(sent.get(String(item.sessionId)));
		expect(
			session.optOuts
				.flat()
				.map((item) => item.sessionId)
				.sort(),
		).toEqual(phones.filter((_, n) => n % 4 === 0).sort());
		expect(session.turns.flat().every((item) => item.optOut === false)).toBe(true);
		expect(await t.unread(mailing)).toEqual([]);
	});
});
