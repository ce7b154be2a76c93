import { TEST_API_KEY } from '../../harness/keys';
import { DEFAULTS, OTHER_PHONE, PHONE, useChatTrigger } from './fixture';

// hang detector, with room for a machine ten times slower (chatTrigger/faults.test.ts missed 120 s there)
jest.setTimeout(600_000);

const chat = useChatTrigger();
const { t } = chat;

describe('Messaging Service Chat Trigger: one turn per burst', () => {
	it('a burst that straddles checks comes out once, after the quiet window, its texts in order', async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate();
		t.reply(mailing, 'hi');
		await chat.seconds(session, 1);
		t.reply(mailing, 'I need');
		await chat.seconds(session, 2);
		t.reply(mailing, 'to move my booking');
		await chat.seconds(session, 2);
		expect(session.turns).toHaveLength(0);
		const waited = await chat.untilTurns(session, 1);
		// found within a check (2 s), then a check at least 3 s later finds nothing new
		expect(waited).toBeLessThanOrEqual(6);
		await chat.seconds(session, 30);
		expect(session.turns).toHaveLength(1);
		const [turn] = session.turns[0];
		expect(turn.sessionId).toBe(PHONE);
		expect(turn.chatInput).toBe('hi\nI need\nto move my booking');
		expect((turn.replies as unknown[]).length).toBe(3);
		expect(await t.unread(mailing)).toEqual([]);
	});

	it('a second phone interleaved gets a turn and an execution of its own', async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate();
		t.reply(mailing, 'anna 1', PHONE);
		t.reply(mailing, 'boris 1', OTHER_PHONE);
		await chat.seconds(session, 1);
		t.reply(mailing, 'anna 2', PHONE);
		await chat.untilTurns(session, 2);
		await chat.seconds(session, 20);
		expect(session.turns).toHaveLength(2);
		const byPhone = Object.fromEntries(
			session.turns.map(([turn]) => [turn.sessionId, turn.chatInput]),
		);
		expect(byPhone).toEqual({ [PHONE]: 'anna 1\nanna 2', [OTHER_PHONE]: 'boris 1' });
	});

	it('a customer who keeps typing is answered at Max Wait; what follows comes in the next turn, nothing lost or doubled', async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate({ ...DEFAULTS, options: { maxWaitSeconds: 10 } });
		const sent: string[] = [];
		for (let n = 1; n <= 12; n++) {
			sent.push(`part ${n}`);
			t.reply(mailing, `part ${n}`);
			await chat.seconds(session, 2);
		}
		// a turn started while the customer was still typing
		expect(session.turns.length).toBeGreaterThanOrEqual(1);
		await chat.seconds(session, 30);
		expect(session.turns.length).toBeGreaterThanOrEqual(2);
		const texts = session.turns.flatMap(([turn]) => String(turn.chatInput).split('\n'));
		expect(texts).toEqual(sent);
	});

	it('Quiet Window 0 starts a turn at the check that finds the message', async () => {
		const mailing = await t.sendChat();
		const session = await chat.activate({ ...DEFAULTS, quietWindowSeconds: 0 });
		t.reply(mailing, 'now');
		expect(await chat.untilTurns(session, 1)).toBeLessThanOrEqual(2);
	});

	it('replies that existed before activation are not answered; the first one after is', async () => {
		const mailing = await t.sendChat();
		t.reply(mailing, 'old, unread');
		t.sandbox.advanceClock(10 * 60);
		const session = await chat.activate();
		t.reply(mailing, 'new');
		await chat.untilTurns(session, 1);
		await chat.seconds(session, 70);
		expect(session.turns.map(([turn]) => turn.chatInput)).toEqual(['new']);
	});

	it("the workflow's answer (a new mailing to the phone) is read within seconds, and the customer's reply to it is the same conversation", async () => {
		const campaign = await t.sendChat('campaign');
		const session = await chat.activate();
		t.reply(campaign, 'hello?');
		await chat.untilTurns(session, 1);
		await chat.seconds(session, 1);
		const answer = await t.sendChat('the bot answers');
		await chat.seconds(session, 3);
		t.reply(answer, 'thanks!');
		expect(await chat.untilTurns(session, 2)).toBeLessThanOrEqual(8);
		expect(session.turns[1][0]).toMatchObject({
			mailing: { message_id: answer },
			sessionId: PHONE,
			chatInput: 'thanks!',
		});
	});

	it('a mailing sent while no answer is expected (a campaign) is found within 10 s and its replies answered', async () => {
		await t.sendChat('campaign');
		const session = await chat.activate();
		await chat.seconds(session, 5);
		const campaign = await t.sendChat('a new offer', OTHER_PHONE);
		await chat.seconds(session, 1);
		t.reply(campaign, 'tell me more', OTHER_PHONE);
		expect(await chat.untilTurns(session, 1)).toBeLessThanOrEqual(10 + 8);
		expect(session.turns[0][0]).toMatchObject({
			mailing: { message_id: campaign },
			sessionId: OTHER_PHONE,
		});
	});
});

describe.each(['oldest-first', 'newest-first'] as const)(
	'Messaging Service Chat Trigger on an account with no mailing at activation (%s listing)',
	(order) => {
		it('150 mailings sent at once (more than a page of the listing) are found by the next checks, each customer answered once', async () => {
			t.sandbox.setChatQuirks(TEST_API_KEY, { chatListing: order });
			const session = await chat.activate();
			await chat.seconds(session, 2);
			const phones = Array.from({ length: 150 }, (_, n) => `37529${String(2000000 + n)}`);
			const mailings: number[] = [];
			for (const phone of phones) mailings.push(await t.sendChat('Your order is ready', phone));
			await chat.seconds(session, 4);
			phones.forEach((phone, n) => t.reply(mailings[n], `yes ${n}`, phone));
			// well before the minute's sweep would read them all
			await chat.untilTurns(session, 150, 50);
			await chat.seconds(session, 30);
			expect(session.turns.map(([turn]) => turn.sessionId).sort()).toEqual([...phones].sort());
		});
	},
);
