// A conversation is a phone: a chatbot that answers every turn with a new mailing (Chat Message >
// Send) adds no reads, a reply to an older mailing is still found, a shared mailing is two
// conversations, and a phone's turns start in the order the customer wrote. Requests are counted
// at the fault proxy in front of the emulator; the clock is the test's.
import type { IDataObject } from 'n8n-workflow';

import type { ProxiedRequest } from '../../hostile/faultProxy';
import { TEST_API_KEY } from '../../harness/keys';
import { ScriptedChatbot } from './chatbot';
import { DEFAULTS, OTHER_PHONE, PHONE, useChatTrigger } from './fixture';

// hang detector, with room for a machine ten times slower
jest.setTimeout(600_000);

const chat = useChatTrigger();
const { t, hostile } = chat;

const texts = (turns: IDataObject[][]) =>
	turns.flatMap(([turn]) => String(turn.chatInput).split('\n'));
const readsOf = (requests: ProxiedRequest[], mailing: number) =>
	requests.filter(
		(request) =>
			request.apiMethod === 'getNewIncomingMessages' &&
			request.params.get('message_id') === String(mailing),
	).length;

/** One phone: `turns` turns, each answered by the bot a second later, the customer writing again 15 s after the answer. */
async function converse(bot: ScriptedChatbot, turns: number, from = 1): Promise<void> {
	for (let turn = from; turn < from + turns; turn++) {
		bot.reply(PHONE, `turn ${turn}`);
		await bot.untilTurns(turn);
		await bot.seconds(16);
	}
}

describe('Messaging Service Chat Trigger: a conversation is a phone', () => {
	it('a phone with 30 answered turns is read as one conversation: its requests a minute do not grow with the turns', async () => {
		const campaign = await t.sendChat('How can we help?');
		const session = await chat.activate();
		const bot = new ScriptedChatbot(chat, session);
		bot.opened(PHONE, campaign);
		const windows: Array<{ minutes: number; requests: ProxiedRequest[]; newestBefore: number }> =
			[];
		for (let block = 0; block < 3; block++) {
			const from = hostile.proxy.requests.length;
			const second = bot.second;
			const newestBefore = bot.newest(PHONE);
			await converse(bot, 10, block * 10 + 1);
			windows.push({
				minutes: (bot.second - second) / 60,
				requests: hostile.proxy.requests.slice(from),
				newestBefore,
			});
		}
		const perMinute = windows.map(({ minutes, requests }) => requests.length / minutes);
		const byMethod = (requests: ProxiedRequest[], minutes: number) =>
			Object.entries(
				requests.reduce<Record<string, number>>(
					(counts, { apiMethod }) => ({ ...counts, [apiMethod]: (counts[apiMethod] ?? 0) + 1 }),
					{},
				),
			)
				.map(([method, count]) => `${method} ${(count / minutes).toFixed(1)}`)
				.join(', ');
		console.log(
			`30 answered turns of one phone, requests a minute per 10 turns: ${perMinute.map((n) => n.toFixed(1)).join(', ')}; the last 10: ${byMethod(windows[2].requests, windows[2].minutes)}`,
		);
		expect(texts(session.turns)).toEqual(Array.from({ length: 30 }, (_, n) => `turn ${n + 1}`));
		expect(new Set(session.turns.map(([turn]) => turn.sessionId))).toEqual(new Set([PHONE]));
		// the turns 21 to 30 (30 mailings to the phone) cost what the turns 1 to 10 did, within 40 a minute
		expect(perMinute[2]).toBeLessThanOrEqual(perMinute[0] * 1.15);
		for (const figure of perMinute) expect(figure).toBeLessThanOrEqual(40);
		// the newest mailing is the one read at every few seconds; an older one a few times at most
		const last = windows[2].requests;
		const answerBeforeLast = bot.newest(PHONE) - 1;
		expect(readsOf(last, answerBeforeLast)).toBeGreaterThanOrEqual(5);
		// the mailings already older when these 10 turns began: read in the older mailings' turn, a few times at most
		for (let mailing = campaign; mailing < windows[2].newestBefore; mailing++)
			expect(readsOf(last, mailing)).toBeLessThanOrEqual(3);
	});

	it('a customer who replies to an older mailing of theirs is answered within the stated time (older mailings are read in turn, 2 a minute)', async () => {
		const campaign = await t.sendChat('How can we help?');
		const session = await chat.activate();
		const bot = new ScriptedChatbot(chat, session);
		bot.opened(PHONE, campaign);
		await converse(bot, 10);
		// 10 answers: the campaign and 9 answers are older mailings, read 2 a minute: within 5 minutes, plus the next sweep
		t.reply(campaign, 'about the offer you sent first');
		const waited = await bot.untilTurns(11, 7 * 60);
		console.log(`a reply to the oldest of 11 mailings of one phone answered after ${waited} s`);
		expect(waited).toBeLessThanOrEqual(6 * 60 + 10);
		expect(session.turns[10][0]).toMatchObject({
			sessionId: PHONE,
			chatInput: 'about the offer you sent first',
			mailing: { message_id: campaign },
		});
		await bot.seconds(60);
		expect(session.turns).toHaveLength(11);
	});

	it('two phones that share a list mailing (both reply) are two conversations, each then read on its own newest mailing', async () => {
		const shared = await sharedMailing([PHONE, OTHER_PHONE]);
		const session = await chat.activate();
		const bot = new ScriptedChatbot(chat, session);
		bot.opened(PHONE, shared);
		bot.opened(OTHER_PHONE, shared);
		bot.reply(PHONE, 'anna 1');
		bot.reply(OTHER_PHONE, 'boris 1');
		await bot.untilTurns(2);
		expect(new Set(session.turns.map(([turn]) => turn.sessionId))).toEqual(
			new Set([PHONE, OTHER_PHONE]),
		);
		await bot.seconds(5);
		const from = hostile.proxy.requests.length;
		await bot.seconds(60);
		const window = hostile.proxy.requests.slice(from);
		expect(bot.newest(PHONE)).not.toBe(bot.newest(OTHER_PHONE));
		for (const phone of [PHONE, OTHER_PHONE])
			expect(readsOf(window, bot.newest(phone))).toBeGreaterThanOrEqual(10);
		expect(readsOf(window, shared)).toBeLessThanOrEqual(3);
		bot.reply(PHONE, 'anna 2');
		bot.reply(OTHER_PHONE, 'boris 2');
		await bot.untilTurns(4);
		expect(
			session.turns
				.slice(2)
				.map(([turn]) => [turn.sessionId, turn.chatInput])
				.sort(),
		).toEqual(
			[
				[OTHER_PHONE, 'boris 2'],
				[PHONE, 'anna 2'],
			].sort(),
		);
	});

	it('a restart keeps which mailing belongs to which phone: no delivery list is read again and only the newest is read every few seconds', async () => {
		const campaign = await t.sendChat('How can we help?');
		const first = await chat.activate();
		const bot = new ScriptedChatbot(chat, first);
		bot.opened(PHONE, campaign);
		await converse(bot, 10);
		await first.close();
		const restarted = await chat.activate(DEFAULTS, { savedStaticData: first.savedAtLastEmit });
		const from = hostile.proxy.requests.length;
		await chat.seconds(restarted, 60);
		const window = hostile.proxy.requests.slice(from);
		expect(window.filter((request) => request.apiMethod === 'getChatDeliveryList')).toEqual([]);
		expect(readsOf(window, bot.newest(PHONE))).toBeGreaterThanOrEqual(10);
		for (let mailing = campaign; mailing < bot.newest(PHONE); mailing++)
			expect(readsOf(window, mailing)).toBeLessThanOrEqual(3);
		t.reply(bot.newest(PHONE), 'back again');
		expect(await chat.untilTurns(restarted, 1)).toBeLessThanOrEqual(8);
		expect(restarted.turns[0][0]).toMatchObject({ sessionId: PHONE, chatInput: 'back again' });
	});

	it('a restart that lost the phones finds them again without reading every mailing at every check', async () => {
		const campaign = await t.sendChat('How can we help?');
		const first = await chat.activate();
		const bot = new ScriptedChatbot(chat, first);
		bot.opened(PHONE, campaign);
		await converse(bot, 5);
		await first.close();
		const lost = JSON.parse(first.savedAtLastEmit!) as Record<string, IDataObject>;
		for (const data of Object.values(lost)) expect(delete data.chatPhones).toBe(true);
		const restarted = await chat.activate(DEFAULTS, { savedStaticData: JSON.stringify(lost) });
		const from = hostile.proxy.requests.length;
		t.reply(bot.newest(PHONE), 'still there?');
		await chat.untilTurns(restarted, 1, 90);
		await chat.seconds(restarted, 60);
		const window = hostile.proxy.requests.slice(from);
		expect(restarted.turns.map(([turn]) => turn.chatInput)).toEqual(['still there?']);
		// found by the minute's sweep, then the phone's newest is read every few seconds, the others not
		for (let mailing = campaign; mailing < bot.newest(PHONE); mailing++)
			expect(readsOf(window, mailing)).toBeLessThanOrEqual(4);
		expect(readsOf(window, bot.newest(PHONE))).toBeGreaterThanOrEqual(10);
	});
});

describe("Messaging Service Chat Trigger: a phone's turns start in the order the customer wrote", () => {
	it.each([1, 40])(
		'%i phones: a message to the older mailing sent as the answer arrives comes before the one to the answer',
		async (phones) => {
			const numbers = Array.from({ length: phones }, (_, n) =>
				n === 0 ? PHONE : `37529${String(4000000 + n)}`,
			);
			const opening: number[] = [];
			for (const phone of numbers) opening.push(await t.sendChat('How can we help?', phone));
			const session = await chat.activate();
			// the bot takes 3 s to answer; each customer writes to what they have as the answer is sent, then to the answer
			const bot = new ScriptedChatbot(chat, session, 3);
			numbers.forEach((phone, n) => bot.opened(phone, opening[n]));
			// as its answer is sent, each customer is still writing to the mailing they had; a second later, to the answer
			const answeredAt = new Map<string, number>();
			bot.onAnswer = (phone, previous) => {
				if (answeredAt.has(phone)) return;
				chat.t.reply(previous, `${phone}: are you there?`, phone);
				answeredAt.set(phone, bot.second);
			};
			for (const phone of numbers) bot.reply(phone, `${phone}: hello`);
			for (let second = 0; second < 120; second++) {
				await bot.seconds(1);
				for (const [phone, at] of answeredAt)
					if (at === bot.second - 1) bot.reply(phone, `${phone}: oh, there you are`);
				if (
					answeredAt.size === phones &&
					[...answeredAt.values()].every((at) => at < bot.second - 1)
				)
					break;
			}
			expect(answeredAt.size).toBe(phones);
			await bot.seconds(90);
			for (const phone of numbers) {
				const ofPhone = session.turns.filter(([turn]) => turn.sessionId === phone);
				expect(texts(ofPhone)).toEqual([
					`${phone}: hello`,
					`${phone}: are you there?`,
					`${phone}: oh, there you are`,
				]);
			}
		},
	);
});

/** A bulk chat mailing to several phones (sendBulkChat); returns its message_id. */
async function sharedMailing(phones: string[]): Promise<number> {
	const account = t.fixture.account;
	const batch = await fetch(`${t.sandbox.url}/api/v1/sendBulkChat?token=${TEST_API_KEY}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			token: TEST_API_KEY,
			messages: [
				{
					alphaname_id: String(account.alphanameIds[0]),
					name: 'offer',
					message_type: 'bulk',
					content: { type: 'text', text: 'Our offer' },
					delivery_list: phones,
				},
			],
		}),
	});
	const { uuid } = (await batch.json()) as { uuid: string };
	t.sandbox.advanceClock(10);
	const status = await fetch(
		`${t.sandbox.url}/api/v1/statusBulkChat?token=${TEST_API_KEY}&uuid=${uuid}`,
		{ method: 'POST' },
	);
	const [mailing] = (await status.json()) as Array<{ message_id: number }>;
	return mailing.message_id;
}
