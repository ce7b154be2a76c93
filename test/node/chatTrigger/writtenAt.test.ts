// The quiet window counts from when the customer wrote (the service's d_receiver, its clock's
// offset from n8n's learned from the replies found), never from a date that cannot be right.
import type { IDataObject } from 'n8n-workflow';

import { DEFAULTS, useChatTrigger } from './fixture';

// hang detector, with room for a machine ten times slower (chatTrigger/faults.test.ts missed 120 s there)
jest.setTimeout(600_000);

const chat = useChatTrigger();
const { t, hostile } = chat;

function readsOf(mailing: number): number {
	return t.sandbox
		.requests()
		.filter(
			(request) =>
				request.apiMethod === 'getNewIncomingMessages' &&
				String(request.query.message_id ?? request.body?.message_id) === String(mailing),
		).length;
}

type Session = Awaited<ReturnType<typeof chat.activate>>;

/** Seconds pass until the trigger reads the mailing; returns the reads so far. */
async function untilRead(session: Session, mailing: number): Promise<number> {
	const before = readsOf(mailing);
	for (let n = 0; n < 30 && readsOf(mailing) === before; n++) await chat.seconds(session, 1);
	return readsOf(mailing);
}

/** Three single-message turns, each written a second before a check: the trigger learns the clocks' offset. */
async function warmUp(session: Session, mailing: number, checkEverySeconds = 2): Promise<void> {
	for (let n = 1; n <= 3; n++) {
		await untilRead(session, mailing);
		await chat.seconds(session, checkEverySeconds - 1);
		t.reply(mailing, `warm-up ${n}`);
		await chat.untilTurns(session, n, 30);
	}
}

/** Three messages two seconds apart, under the quiet window: one turn after the warm-up's three; returns the seconds it took. */
async function burstIsOneTurn(session: Session, mailing: number): Promise<number> {
	for (const text of ['hi', 'I need', 'to move my booking']) {
		t.reply(mailing, text);
		await chat.seconds(session, 2);
	}
	const waited = await chat.untilTurns(session, 4, 30);
	await chat.seconds(session, 20);
	expect(session.turns.map(([turn]) => turn.chatInput)).toEqual([
		'warm-up 1',
		'warm-up 2',
		'warm-up 3',
		'hi\nI need\nto move my booking',
	]);
	return waited;
}

describe.each([-120, -30, 0, 30, 120])(
	'Messaging Service Chat Trigger, n8n %i s ahead of the service',
	(aheadSeconds) => {
		beforeEach(() => chat.n8nAheadSeconds(aheadSeconds));

		it('a message found long after it was written starts its turn at the read that finds it: no second read, no quiet window on top', async () => {
			const mailing = await t.sendChat();
			const session = await chat.activate({ ...DEFAULTS, checkEverySeconds: 10 });
			await warmUp(session, mailing, 10);
			const readBefore = await untilRead(session, mailing);
			await chat.seconds(session, 1);
			t.reply(mailing, 'written just after a check');
			const waited = await chat.untilTurns(session, 4, 30);
			expect(waited).toBeLessThanOrEqual(10);
			expect(readsOf(mailing) - readBefore).toBe(1);
			expect(session.turns[3][0].chatInput).toBe('written just after a check');
		});

		it('messages two seconds apart, under the quiet window, stay one turn', async () => {
			const mailing = await t.sendChat();
			const session = await chat.activate();
			await warmUp(session, mailing);
			expect(await burstIsOneTurn(session, mailing)).toBeLessThanOrEqual(5);
		});
	},
);

describe('Messaging Service Chat Trigger: dates that cannot be right', () => {
	/** The service answering every reply with the date `dated` gives it. */
	function withDate(dated: (date: string) => unknown) {
		hostile.proxy.rewrite = (request, body) => {
			if (request.apiMethod !== 'getNewIncomingMessages') return body;
			const answer = body as { result: IDataObject[] };
			return {
				...answer,
				result: answer.result.map((reply) => ({
					...reply,
					d_receiver: dated(String(reply.d_receiver)) as IDataObject[string],
				})),
			};
		};
	}

	let stuckAt: string | undefined;
	it.each([
		['a clock stuck at the first reply', (date: string) => (stuckAt ??= date)],
		['zeros', () => '0000-00-00 00:00:00'],
		['none', () => undefined],
	])(
		'%s: messages two seconds apart stay one turn, the quiet window counted from when they were found',
		async (_name, dated) => {
			const mailing = await t.sendChat();
			const session = await chat.activate();
			withDate(dated);
			await warmUp(session, mailing);
			await burstIsOneTurn(session, mailing);
		},
	);

	it('a clock that jumps an hour ahead for a few replies, then back: later bursts stay whole', async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate();
		withDate((date) =>
			new Date(Date.parse(`${date.replace(' ', 'T')}Z`) + 3600_000)
				.toISOString()
				.slice(0, 19)
				.replace('T', ' '),
		);
		await warmUp(session, mailing);
		hostile.proxy.rewrite = (_request, body) => body;
		await burstIsOneTurn(session, mailing);
	});
});
