// K conversations at once on the manual clock: the CHAT bench's script of customers who write
// single messages and bursts for three minutes, which the bench plays in a real n8n. Measured in
// the emulator's seconds: from a customer's last message to the check that starts the turn.
// Why it stays this size (141 s of a whole-suite run on a busy machine): each case checks a
// figure of docs/chat-trigger.md at the scale and script length it was measured with (100
// conversations are what strains the request budget; 10 do not), so none repeats another's shape,
// and a shorter script or fewer conversations would measure a different 95th percentile. It runs
// on the manual clock: no timing.
import { chatScript } from '../../../scripts/bench/chat';
import { DEFAULT_MAX_REQUESTS_PER_MINUTE } from '../../../nodes/MessagingService/chatTrigger/description';
import { DEFAULTS, useChatTrigger } from './fixture';

jest.setTimeout(300_000);

const chat = useChatTrigger();
const { t } = chat;

/** The last message of a burst in the bench's script names its burst: "Customer 3, turn 12, message 2 of 2". */
const LAST_OF_BURST = /^(Customer \d+, turn \d+), message (\d+) of \2$/;

function percentile(values: number[], share: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

// At 100 conversations the default budget (900 a minute) reads each about every 7 s; 600 about
// every 11 s. The bounds are the measured figures (docs/chat-trigger.md) plus a second or two. The
// opening mailings go out after the activation, or before it (n8n 2.x answers the activation
// before the trigger runs).
describe.each([
	[10, DEFAULT_MAX_REQUESTS_PER_MINUTE, 6, 'after'],
	[100, DEFAULT_MAX_REQUESTS_PER_MINUTE, 10, 'after'],
	[100, DEFAULT_MAX_REQUESTS_PER_MINUTE, 10, 'before'],
	[100, 600, 15, 'after'],
])(
	'Messaging Service Chat Trigger with %i conversations at once, Max Requests per Minute %i',
	(conversations, budget, p95Seconds, opening) => {
		it(`mailings sent ${opening} the activation: each burst answered once, its last message within ${p95Seconds} s at the 95th percentile, within the budget`, async () => {
			const phones = Array.from({ length: conversations }, (_, n) => `37529${String(3000000 + n)}`);
			const mailings: number[] = [];
			if (opening === 'before')
				for (const phone of phones) mailings.push(await t.sendChat('How can we help?', phone));
			const session = await chat.activate({
				...DEFAULTS,
				options: { maxRequestsPerMinute: budget },
			});
			await chat.seconds(session, 2);
			if (opening === 'after')
				for (const phone of phones) mailings.push(await t.sendChat('How can we help?', phone));
			const plan = chatScript(conversations, 3).map(({ at, conversation, text }) => ({
				at: Math.floor(at / 1000),
				conversation,
				text,
			}));
			const lastAt = new Map<string, number>();
			const requestsBefore = t.sandbox.requests().length;
			let second = 0;
			const emittedAt: number[] = [];
			for (let next = 0; second < 180 + 60; second++) {
				while (next < plan.length && plan[next].at <= second) {
					const message = plan[next++];
					t.reply(mailings[message.conversation], message.text, phones[message.conversation]);
					const last = LAST_OF_BURST.exec(message.text);
					if (last) lastAt.set(last[1], second);
				}
				const before = session.turns.length;
				await chat.seconds(session, 1);
				for (let n = before; n < session.turns.length; n++) emittedAt.push(second + 1);
			}
			const requests = t.sandbox.requests().length - requestsBefore;
			const latencies: number[] = [];
			session.turns.forEach(([turn], n) => {
				for (const text of String(turn.chatInput).split('\n')) {
					const last = LAST_OF_BURST.exec(text);
					if (last) latencies.push(emittedAt[n] - lastAt.get(last[1])!);
				}
			});
			console.log(
				`${conversations} conversations: ${lastAt.size} bursts, ${session.turns.length} turns, latency median ${percentile(latencies, 0.5)} s, p95 ${percentile(latencies, 0.95)} s, max ${Math.max(...latencies)} s; ${((requests / (second - 2)) * 60).toFixed(0)} requests/min`,
			);
			expect(latencies).toHaveLength(lastAt.size);
			expect(
				new Set(
					session.turns.flatMap(([turn]) =>
						(turn.replies as Array<{ id: string }>).map((reply) => reply.id),
					),
				).size,
			).toBe(plan.length);
			expect(session.turns.flatMap(([turn]) => turn.replies as unknown[])).toHaveLength(
				plan.length,
			);
			expect(percentile(latencies, 0.95)).toBeLessThanOrEqual(p95Seconds);
			expect((requests / (second - 2)) * 60).toBeLessThanOrEqual(budget * 1.05);
		});
	},
);
