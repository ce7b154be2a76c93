// The trigger as a chatbot's entry: `sessionId` and `chatInput` on every item (what n8n's AI
// Agent and chat memory nodes read by default), and Combine Replies per Phone, which makes the
// replies one phone sent since the last poll one item, one agent run.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PHONE, RECENT, useTriggerSandbox } from './fixture';

const t = useTriggerSandbox();

const COMBINED = { ...RECENT, options: { combineRepliesPerPhone: true } };
const OTHER_PHONE = '375297654321';

/** A session past its activation poll, and a mailing to reply to. */
async function activeSession(parameters: INodeParameters) {
	const { mailing, session, activation } = await t.watching(parameters, 'How can we help?');
	expect(activation.error).toBeUndefined();
	t.sandbox.advanceClock(30);
	return { mailing, session };
}

/** The reply IDs the emulator was asked to mark read, in order, one entry per ID. */
function markedRead(): string[] {
	return t.sandbox
		.requests()
		.filter((request) => request.apiMethod === 'readResponseStatus')
		.flatMap((request) => String(request.body?.incoming_messages ?? '').split(','));
}

describe('Messaging Service Trigger: the fields an AI Agent reads', () => {
	it('gives each item sessionId (the phone as digits) and chatInput (the text), beside the reply fields', async () => {
		const { mailing, session } = await activeSession(RECENT);
		const id = t.reply(mailing, 'I need to move my booking', '+375 (29) 123-45-67');
		const { items, error } = await session.poll();
		expect(error).toBeUndefined();
		expect(items).toEqual([
			expect.objectContaining({
				id,
				phone: '+375 (29) 123-45-67',
				message: 'I need to move my booking',
				sessionId: PHONE,
				chatInput: 'I need to move my booking',
				mailing: expect.objectContaining({ message_id: mailing }),
			}),
		]);
	});

	it('gives one conversation to one phone written in several ways, and another to another phone', async () => {
		const { mailing, session } = await activeSession(RECENT);
		t.reply(mailing, 'a', PHONE);
		t.reply(mailing, 'b', '+375 29 123-45-67');
		t.reply(mailing, 'c', '00375291234567');
		t.reply(mailing, 'd', OTHER_PHONE);
		const { items } = await session.poll();
		expect(items.map((item) => [item.chatInput, item.sessionId])).toEqual([
			['a', PHONE],
			['b', PHONE],
			['c', PHONE],
			['d', OTHER_PHONE],
		]);
	});

	it('outputs a reply with no text once, with an empty chatInput', async () => {
		const { mailing, session } = await activeSession(RECENT);
		const id = t.reply(mailing, '');
		const { items } = await session.poll();
		expect(items).toEqual([expect.objectContaining({ id, chatInput: '', sessionId: PHONE })]);
		t.sandbox.advanceClock(60);
		expect((await session.poll()).result).toBeNull();
	});

	it('keeps replies with no phone or a phone that is not a number apart from every other conversation', async () => {
		const { mailing, session } = await activeSession(COMBINED);
		const ids = [
			t.reply(mailing, 'one', ''),
			t.reply(mailing, 'two', ''),
			t.reply(mailing, 'three', 'Support Desk'),
			t.reply(mailing, 'four', 'null'),
			t.reply(mailing, 'five', 'null'),
			t.reply(mailing, 'six', 'undefined'),
		];
		const { items, error } = await session.poll();
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.sessionId, item.chatInput])).toEqual(
			ids.map((id, n) => [`reply-${id}`, ['one', 'two', 'three', 'four', 'five', 'six'][n]]),
		);
	});

	it('treats every dash and space in a phone alike: one customer, one conversation', async () => {
		const { mailing, session } = await activeSession(COMBINED);
		const written = [
			'+375 29 123-45-67',
			'+375 29 123\u201345\u201367',
			'375\u00a029\u00a01234567',
			'+375-29-123\u201145\u201167',
			'(375) 29 123\u221245\u221267',
			'00375291234567',
		];
		for (const [n, phone] of written.entries()) t.reply(mailing, `part ${n + 1}`, phone);
		const { items } = await session.poll();
		expect(items).toHaveLength(1);
		expect(items[0].sessionId).toBe(PHONE);
		expect(items[0].chatInput).toBe(written.map((_, n) => `part ${n + 1}`).join('\n'));
	});

	it('gives the manual test event the same fields, in the combined shape when the option is on', async () => {
		const mailing = await t.sendChat('How can we help?');
		const id = t.reply(mailing, 'hello', '+375291234567');
		const plain = await t.session(RECENT).poll('manual');
		expect(plain.items).toEqual([
			expect.objectContaining({ id, sessionId: PHONE, chatInput: 'hello' }),
		]);
		expect(plain.items[0].replies).toBeUndefined();
		const combined = await t.session(COMBINED).poll('manual');
		expect(combined.items).toEqual([
			expect.objectContaining({
				id,
				sessionId: PHONE,
				chatInput: 'hello',
				replies: [expect.objectContaining({ id, message: 'hello' })],
			}),
		]);
	});
});

describe('Messaging Service Trigger: Combine Replies per Phone', () => {
	it('makes the replies of one phone in one poll one item: texts in order, every ID kept, each marked read once', async () => {
		const { mailing, session } = await activeSession(COMBINED);
		const ids: string[] = [];
		for (const text of ['hi', 'I need', 'to move my booking']) {
			ids.push(t.reply(mailing, text));
			t.sandbox.advanceClock(2);
		}
		t.sandbox.clearRequests();
		const { items, executions, error } = await session.poll();
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(executions).toHaveLength(1);
		const [item] = items;
		expect(item).toMatchObject({
			id: ids[2],
			message: 'to move my booking',
			phone: PHONE,
			sessionId: PHONE,
			chatInput: 'hi\nI need\nto move my booking',
		});
		const replies = item.replies as IDataObject[];
		expect(replies.map((reply) => [reply.id, reply.message])).toEqual([
			[ids[0], 'hi'],
			[ids[1], 'I need'],
			[ids[2], 'to move my booking'],
		]);
		for (const reply of replies) {
			expect(reply.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
			expect(reply.mailing).toMatchObject({ message_id: mailing });
		}
		expect(markedRead().sort()).toEqual([...ids].sort());
		expect(await t.unread(mailing)).toEqual([]);
		t.sandbox.advanceClock(60);
		expect((await session.poll()).result).toBeNull();
	});

	it('gives each phone its own item, and joins a phone replying to several mailings', async () => {
		const { mailing, session } = await activeSession(COMBINED);
		const answer = await t.sendChat('Your booking is moved to Friday.');
		t.reply(mailing, 'hi');
		t.reply(mailing, 'hello', OTHER_PHONE);
		t.reply(answer, 'thanks');
		t.reply(mailing, 'still there?', OTHER_PHONE);
		const { items, executions } = await session.poll();
		expect(
			items.map((item) => [item.sessionId, item.chatInput, (item.replies as IDataObject[]).length]),
		).toEqual([
			[PHONE, 'hi\nthanks', 2],
			[OTHER_PHONE, 'hello\nstill there?', 2],
		]);
		// the AI Agent reads its memory's session from an execution's first item: one execution per phone
		expect(executions.map((execution) => execution.map((item) => item.sessionId))).toEqual([
			[PHONE],
			[OTHER_PHONE],
		]);
		const mailingsOf = (item: IDataObject) =>
			(item.replies as IDataObject[]).map((reply) => (reply.mailing as IDataObject).message_id);
		expect(mailingsOf(items[0])).toEqual([mailing, answer]);
	});

	it('leaves empty texts out of chatInput but keeps their replies', async () => {
		const { mailing, session } = await activeSession(COMBINED);
		t.reply(mailing, 'look');
		const empty = t.reply(mailing, '');
		t.reply(mailing, 'at this');
		const { items } = await session.poll();
		expect(items).toHaveLength(1);
		expect(items[0].chatInput).toBe('look\nat this');
		expect((items[0].replies as IDataObject[]).map((reply) => reply.id)).toContain(empty);
	});

	it('outputs a burst split across two polls as two items, no reply twice', async () => {
		const { mailing, session } = await activeSession(COMBINED);
		const early = [t.reply(mailing, 'hi'), t.reply(mailing, 'I need')];
		const first = await session.poll();
		t.sandbox.advanceClock(60);
		const late = t.reply(mailing, 'to move my booking');
		const second = await session.poll();
		const idsOf = (items: IDataObject[]) =>
			items.flatMap((item) => (item.replies as IDataObject[]).map((reply) => reply.id));
		expect(first.items.map((item) => item.chatInput)).toEqual(['hi\nI need']);
		expect(second.items.map((item) => item.chatInput)).toEqual(['to move my booking']);
		expect([...idsOf(first.items), ...idsOf(second.items)]).toEqual([...early, late]);
	});

	it('outputs a burst once across a failed read and across a restart', async () => {
		const { mailing, session } = await activeSession(COMBINED);
		const ids = [t.reply(mailing, 'hi'), t.reply(mailing, 'are you there?')];
		t.sandbox.setFaults({ rules: [{ apiMethod: 'getNewIncomingMessages', kind: '500-before' }] });
		const failed = await session.poll();
		expect(failed.error).toBeUndefined();
		expect(failed.result).toBeNull();
		t.sandbox.clearFaults();

		const restarted = session.restart();
		t.sandbox.clearRequests();
		const { items } = await restarted.poll();
		expect(items).toHaveLength(1);
		expect(items[0].chatInput).toBe('hi\nare you there?');
		expect(markedRead().sort()).toEqual([...ids].sort());

		t.sandbox.advanceClock(60);
		expect((await restarted.restart().poll()).result).toBeNull();
	});

	it('is off by default: one item per reply, as before', async () => {
		const { mailing, session } = await activeSession(RECENT);
		t.reply(mailing, 'hi');
		t.reply(mailing, 'I need');
		t.reply(mailing, 'hello', OTHER_PHONE);
		const { items, executions } = await session.poll();
		expect(items.map((item) => item.chatInput)).toEqual(['hi', 'I need', 'hello']);
		expect(items.every((item) => item.replies === undefined)).toBe(true);
		expect(executions).toHaveLength(1);
	});

	it('still bounds a poll by Max Replies per Poll, the rest combined at the next poll', async () => {
		const { mailing, session } = await activeSession({
			...RECENT,
			options: { combineRepliesPerPhone: true, maxRepliesPerPoll: 2 },
		});
		for (const text of ['1', '2', '3']) t.reply(mailing, text);
		const first = await session.poll();
		const second = await session.poll();
		expect(first.items.map((item) => item.chatInput)).toEqual(['1\n2']);
		expect(second.items.map((item) => item.chatInput)).toEqual(['3']);
	});
});

describe('Messaging Service Trigger: Combine Replies per Phone at scale', () => {
	it('makes 1,000 replies from 250 phones one execution per phone, each with its texts in order, each reply once', async () => {
		const { mailing, session } = await activeSession({
			...RECENT,
			options: { combineRepliesPerPhone: true, maxRepliesPerPoll: 1000 },
		});
		const phones = Array.from(
			{ length: 250 },
			(_, index) => `37529${String(1_000_000 + index).padStart(7, '0')}`,
		);
		const ids: string[] = [];
		for (let round = 0; round < 4; round++) {
			for (const phone of phones) ids.push(t.reply(mailing, `${phone} says ${round}`, phone));
			t.sandbox.advanceClock(1);
		}
		t.sandbox.clearRequests();
		const { executions, error } = await session.poll();
		expect(error).toBeUndefined();
		expect(executions).toHaveLength(250);
		for (const [index, execution] of executions.entries()) {
			expect(execution).toHaveLength(1);
			const phone = phones[index];
			expect(execution[0].sessionId).toBe(phone);
			expect(execution[0].chatInput).toBe(
				[0, 1, 2, 3].map((round) => `${phone} says ${round}`).join('\n'),
			);
		}
		const output = executions.flatMap((execution) =>
			(execution[0].replies as IDataObject[]).map((reply) => String(reply.id)),
		);
		expect(output.sort()).toEqual([...ids].sort());
		expect(markedRead().sort()).toEqual([...ids].sort());
		t.sandbox.advanceClock(60);
		expect((await session.poll()).result).toBeNull();
	});
});

describe('Messaging Service Trigger: the bot never talks to itself', () => {
	it('outputs nothing for the answers a workflow sends, and a reply to an answer at the next poll', async () => {
		const { mailing, session } = await activeSession(COMBINED);
		t.reply(mailing, 'hi');
		const turn = await session.poll();
		expect(turn.items.map((item) => item.chatInput)).toEqual(['hi']);

		// the workflow answers: a new chat mailing to that phone, which the trigger now watches
		const answer = await t.sendChat('Hello! How can I help?', String(turn.items[0].sessionId));
		for (let poll = 0; poll < 3; poll++) {
			t.sandbox.advanceClock(60);
			const quiet = await session.poll();
			expect(quiet.error).toBeUndefined();
			expect(quiet.result).toBeNull();
		}
		const watched = t.sandbox
			.requests()
			.filter(
				(request) =>
					request.apiMethod === 'getNewIncomingMessages' &&
					request.body?.message_id === String(answer),
			);
		expect(watched.length).toBeGreaterThan(0);

		t.sandbox.advanceClock(60);
		const followUp = t.reply(answer, 'move my booking');
		const next = await session.poll();
		expect(next.items).toEqual([
			expect.objectContaining({
				id: followUp,
				chatInput: 'move my booking',
				sessionId: PHONE,
				mailing: expect.objectContaining({ message_id: answer }),
			}),
		]);
	});

	it("still outputs a customer reply that repeats the bot's words: replies are told by the service, not by their text", async () => {
		const { mailing, session } = await activeSession(RECENT);
		const sent = 'Your booking is moved to Friday.';
		const answer = await t.sendChat(sent);
		t.sandbox.advanceClock(60);
		expect((await session.poll()).result).toBeNull();
		const quoted = t.reply(answer, sent);
		t.reply(mailing, 'ok');
		const { items } = await session.poll();
		expect(items.map((item) => item.id)).toContain(quoted);
		expect(items).toHaveLength(2);
		expect(await t.unread(answer)).toEqual([]);
	});
});
