// K customers talking to a chatbot that answers every turn with a new mailing to the phone (the
// CHAT bench's workflow), on the manual clock: the bench's script, each customer writing to their
// newest mailing. Measured in the emulator's seconds: from a customer's last message of a burst to
// the check that starts the turn; requests a minute per active conversation. No timing.
import { chatScript } from '../../../scripts/bench/chat';
import { DEFAULT_MAX_REQUESTS_PER_MINUTE } from '../../../nodes/MessagingService/chatTrigger/description';
import { ScriptedChatbot, type AnswerSender } from './chatbot';
import { useChatTrigger } from './fixture';

jest.setTimeout(900_000);

const chat = useChatTrigger();
const { t, hostile } = chat;

const LAST_OF_BURST = /^(Customer \d+, turn \d+), message (\d+) of \2$/;

function percentile(values: number[], share: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

describe.each([
	[1, 3, 'elsewhere', 6, 40],
	// answers sent by another process (queue mode's workers): each costs a delivery list, so reads are fewer.
	// First: this process's record of what it sent (helpers/chatsSent.ts) would still hold the mailing IDs of an earlier case
	[100, 3, 'elsewhere', 16, DEFAULT_MAX_REQUESTS_PER_MINUTE / 100],
	[100, 3, 'this n8n process', 10, DEFAULT_MAX_REQUESTS_PER_MINUTE / 100],
	// queue mode: each turn's execution ends on a worker with its answer in the custom data
	[100, 3, 'a worker', 10, DEFAULT_MAX_REQUESTS_PER_MINUTE / 100],
] as Array<[number, number, AnswerSender, number, number]>)(
	'Messaging Service Chat Trigger answered by a chatbot, %i conversations for %i minutes, answers sent from %s',
	(conversations, minutes, sender, p95Seconds, perConversation) => {
		it(`each burst answered once and in order, p95 within ${p95Seconds} s, at most ${perConversation} requests a minute per conversation`, async () => {
			const phones = Array.from({ length: conversations }, (_, n) => `37529${String(3000000 + n)}`);
			const session = await chat.activate(
				undefined,
				sender === 'a worker' ? { finishExecutions: 'byTest' } : {},
			);
			const bot = new ScriptedChatbot(chat, session, 1, sender);
			await bot.seconds(2);
			for (const phone of phones) bot.opened(phone, await t.sendChat('How can we help?', phone));
			const plan = chatScript(conversations, minutes).map(({ at, conversation, text }) => ({
				at: Math.floor(at / 1000),
				phone: phones[conversation],
				text,
			}));
			const lastAt = new Map<string, number>();
			const from = hostile.proxy.requests.length;
			const emittedAt: number[] = [];
			const start = bot.second;
			for (let next = 0, second = 0; second < minutes * 60 + 40; second++) {
				while (next < plan.length && plan[next].at <= second) {
					const message = plan[next++];
					bot.reply(message.phone, message.text);
					const last = LAST_OF_BURST.exec(message.text);
					if (last) lastAt.set(last[1], second);
				}
				const before = session.turns.length;
				await bot.seconds(1);
				for (let n = before; n < session.turns.length; n++) emittedAt.push(second + 1);
			}
			const activeMinutes = (bot.second - start) / 60;
			const requests = hostile.proxy.requests.length - from;
			const latencies: number[] = [];
			session.turns.forEach(([turn], n) => {
				for (const text of String(turn.chatInput).split('\n')) {
					const last = LAST_OF_BURST.exec(text);
					if (last) latencies.push(emittedAt[n] - lastAt.get(last[1])!);
				}
			});
			const perMinute = requests / activeMinutes / conversations;
			const byMethod: Record<string, number> = {};
			for (const { apiMethod } of hostile.proxy.requests.slice(from))
				byMethod[apiMethod] = (byMethod[apiMethod] ?? 0) + 1 / activeMinutes / conversations;
			console.log(
				`chatbot, ${conversations} conversations, answers from ${sender}: ${lastAt.size} bursts, ${session.turns.length} turns, latency median ${percentile(latencies, 0.5)} s, p95 ${percentile(latencies, 0.95)} s, max ${Math.max(...latencies)} s; ${perMinute.toFixed(1)} requests/min per conversation (${Object.entries(
					byMethod,
				)
					.map(([method, n]) => `${method} ${n.toFixed(2)}`)
					.join(', ')})`,
			);
			expect(latencies).toHaveLength(lastAt.size);
			const replies = session.turns.flatMap(
				([turn]) => turn.replies as Array<{ id: string; message: string }>,
			);
			expect(new Set(replies.map((reply) => reply.id)).size).toBe(plan.length);
			expect(replies).toHaveLength(plan.length);
			for (const phone of phones) {
				const written = plan
					.filter((message) => message.phone === phone)
					.map((message) => message.text);
				expect(
					session.turns
						.filter(([turn]) => turn.sessionId === phone)
						.flatMap(([turn]) => String(turn.chatInput).split('\n')),
				).toEqual(written);
			}
			expect(percentile(latencies, 0.95)).toBeLessThanOrEqual(p95Seconds);
			expect(perMinute).toBeLessThanOrEqual(perConversation * 1.05);
		});
	},
);

describe('Messaging Service Chat Trigger answered by a chatbot, 1,000 phones, 3 turns each', () => {
	it('each message answered once, each phone in order, within the budget; the saved phones stay bounded', async () => {
		const phones = Array.from({ length: 1000 }, (_, n) => `37529${String(6000000 + n)}`);
		// an hour past the earlier cases: the reset emulator hands out their mailing IDs again, and this
		// process's notes of what it sent (helpers/chatsSent.ts) must have expired by then
		t.sandbox.advanceClock(3600);
		const session = await chat.activate();
		const bot = new ScriptedChatbot(chat, session, 1, 'this n8n process');
		await bot.seconds(2);
		for (const phone of phones) bot.opened(phone, await t.sendChat('How can we help?', phone));
		const from = hostile.proxy.requests.length;
		const start = bot.second;
		const written = new Map<string, string[]>();
		for (let turn = 1; turn <= 3; turn++) {
			for (const phone of phones) {
				const text = `${phone}: turn ${turn}`;
				bot.reply(phone, text);
				written.set(phone, [...(written.get(phone) ?? []), text]);
			}
			await bot.untilTurns(turn * 1000, 15 * 60);
			await bot.seconds(20);
		}
		const minutes = (bot.second - start) / 60;
		const perMinute = (hostile.proxy.requests.length - from) / minutes;
		console.log(
			`1,000 phones, 3 answered turns each: ${session.turns.length} turns in ${minutes.toFixed(1)} min, ${perMinute.toFixed(0)} requests/min, saved state ${session.savedAtLastEmit!.length} characters`,
		);
		for (const phone of phones)
			expect(
				session.turns
					.filter(([turn]) => turn.sessionId === phone)
					.flatMap(([turn]) => String(turn.chatInput).split('\n')),
			).toEqual(written.get(phone));
		expect(perMinute).toBeLessThanOrEqual(DEFAULT_MAX_REQUESTS_PER_MINUTE * 1.05);
		expect(session.savedAtLastEmit!.length).toBeLessThan(300_000);
	});
});
