import type { ProxiedRequest } from '../../hostile/faultProxy';
import { DEFAULTS, OTHER_PHONE, useChatTrigger } from './fixture';

// hang detector: at nice 10 beside busy processes the 10-conversation case missed 120 s
jest.setTimeout(600_000);

const chat = useChatTrigger();
const { t, hostile } = chat;

const readsOf = (id: number) => (request: ProxiedRequest) =>
	request.apiMethod === 'getNewIncomingMessages' && request.params.get('message_id') === String(id);
const SERVER_ERROR = { status: 500, body: { error: 'server unavailable' } };

describe('Messaging Service Chat Trigger: faults, restarts and load', () => {
	it('a mailing that always fails never delays another conversation, and is reported once', async () => {
		const bad = await t.sendChat('bad', OTHER_PHONE);
		const good = await t.sendChat('good');
		hostile.proxy.intercept = (request) => (readsOf(bad)(request) ? SERVER_ERROR : undefined);
		const session = await chat.activate();
		for (let turn = 1; turn <= 3; turn++) {
			t.reply(bad, `lost? ${turn}`, OTHER_PHONE);
			t.reply(good, `turn ${turn}`);
			// a phone's newest mailing is read every 4 s (the quiet window and a second), its turn confirmed 3 s after
			expect(await chat.untilTurns(session, turn)).toBeLessThanOrEqual(8);
		}
		await chat.seconds(session, 180);
		expect(session.turns.map(([turn]) => turn.chatInput)).toEqual(['turn 1', 'turn 2', 'turn 3']);
		expect(session.failedExecutions).toHaveLength(1);
		expect(session.failedExecutions[0].message).toContain(`mailing ${bad}`);
		// once it can be read, its replies come out as one turn
		hostile.proxy.intercept = () => undefined;
		await chat.untilTurns(session, 4, 20 * 60);
		expect(session.turns[3][0]).toMatchObject({
			sessionId: OTHER_PHONE,
			chatInput: 'lost? 1\nlost? 2\nlost? 3',
		});
	});

	it('a mailing whose reads take seconds holds one read only: the other conversations go on, and it is never read twice at once', async () => {
		const slow = await t.sendChat('slow', OTHER_PHONE);
		const fast = await t.sendChat('fast');
		const session = await chat.activate();
		let inFlight = 0;
		let most = 0;
		hostile.proxy.delayMs = (request) => {
			if (!readsOf(slow)(request)) return 0;
			most = Math.max(most, ++inFlight);
			return 4000;
		};
		hostile.proxy.rewrite = (request, body) => {
			if (readsOf(slow)(request)) inFlight--;
			return body;
		};
		t.reply(fast, 'hello');
		t.reply(slow, 'slowly', OTHER_PHONE);
		// ticks a real second apart that do not wait for what they start, as n8n's scheduler does not
		const ticks: Array<Promise<void>> = [];
		for (let n = 0; n < 8 && session.turns.length === 0; n++) {
			t.sandbox.advanceClock(1);
			t.syncTime();
			ticks.push(session.tick());
			await new Promise((resolve) => setTimeout(resolve, 1000));
		}
		expect(session.turns.map(([turn]) => turn.chatInput)).toEqual(['hello']);
		await Promise.all(ticks);
		expect(most).toBe(1);
	});

	it('n8n restarted mid-burst: the burst comes out once, nothing answered twice', async () => {
		const mailing = await t.sendChat();
		const before = await chat.activate();
		t.reply(mailing, 'first turn');
		await chat.untilTurns(before, 1);
		t.reply(mailing, 'second');
		await chat.seconds(before, 2);
		await before.close();
		// n8n is down for a minute; the customer goes on
		t.sandbox.advanceClock(60);
		t.reply(mailing, 'turn');
		const after = await chat.activate(DEFAULTS, { savedStaticData: before.savedAtLastEmit });
		await chat.untilTurns(after, 1);
		await chat.seconds(after, 90);
		expect(after.turns.map(([turn]) => turn.chatInput)).toEqual(['second\nturn']);
		expect(await t.unread(mailing)).toEqual([]);
	});

	it('a reply whose mark as read failed comes again after a restart only flagged, with what followed', async () => {
		const mailing = await t.sendChat();
		hostile.proxy.intercept = (request) =>
			request.apiMethod === 'readResponseStatus' ? SERVER_ERROR : undefined;
		const before = await chat.activate();
		t.reply(mailing, 'once');
		await chat.untilTurns(before, 1);
		await before.close();
		expect(await t.unread(mailing)).toHaveLength(1);
		hostile.proxy.intercept = () => undefined;
		const after = await chat.activate(DEFAULTS, { savedStaticData: before.savedAtLastEmit });
		t.reply(mailing, 'twice?');
		await chat.untilTurns(after, 1);
		await chat.seconds(after, 90);
		// its execution finished, but the state saying so is saved only with the next emit (docs/chat-trigger.md)
		expect(after.turns).toEqual([
			[expect.objectContaining({ chatInput: 'once\ntwice?', redelivered: true })],
		]);
		expect(await t.unread(mailing)).toEqual([]);
	});

	it.each([1, 10, 100])(
		'%i active conversations stay within Max Requests per Minute, each turn once',
		async (count) => {
			const mailings: number[] = [];
			for (let n = 0; n < count; n++)
				mailings.push(await t.sendChat(`campaign ${n}`, `37529${String(1000000 + n)}`));
			const budget = 120;
			const session = await chat.activate({
				...DEFAULTS,
				options: { maxRequestsPerMinute: budget },
			});
			hostile.proxy.requests.length = 0;
			mailings.forEach((mailing, n) =>
				t.reply(mailing, `hello ${n}`, `37529${String(1000000 + n)}`),
			);
			const perMinute: number[] = [];
			for (let minute = 0; minute < 3; minute++) {
				const from = hostile.proxy.requests.length;
				await chat.seconds(session, 60);
				perMinute.push(hostile.proxy.requests.length - from);
			}
			// one check's share may have been saved up on top of the minute's budget
			for (const requests of perMinute) expect(requests).toBeLessThanOrEqual(budget + 4);
			await chat.seconds(session, 60 * Math.ceil(count / 20));
			const answered = session.turns.map(([turn]) => turn.chatInput).sort();
			expect(answered).toEqual(mailings.map((_, n) => `hello ${n}`).sort());
		},
	);

	it('a wrong API key fails the activation with what to fix, and the key is not in it', async () => {
		const key = 'wrong-key-Zq81-distinctive';
		await expect(chat.activate(DEFAULTS, { apiKey: key })).rejects.toThrow(/token|key|auth/i);
		await chat.activate(DEFAULTS, { apiKey: key }).catch((error: Error) => {
			expect(
				JSON.stringify({
					message: error.message,
					description: (error as { description?: string }).description,
					stack: error.stack,
				}),
			).not.toContain(key);
		});
	});
});
