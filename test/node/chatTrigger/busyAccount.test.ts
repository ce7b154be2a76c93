// A Chat Trigger switched on over a busy account: hundreds or thousands of chat mailings, each to
// a phone of its own, sent within Created Within before the activation. Customers then answer the
// oldest, the newest and some between; each answer must get its turn within the stated bound
// (docs/chat-trigger.md, "A busy account"). On the manual clock: seconds are the emulator's.
import { TEST_API_KEY } from '../../harness/keys';
import { DEFAULTS, useChatTrigger } from './fixture';

jest.setTimeout(600_000);

const chat = useChatTrigger();
const { t } = chat;
const MINUTE_MS = 60_000;

/** The stated bound at the default Max Requests per Minute: a minute, plus a minute per 120 mailings watched. */
function boundSeconds(mailings: number): number {
	return 60 + Math.ceil(mailings / 120) * 60;
}

/** `count` mailings, one phone each, created evenly over the `spanMinutes` before now; their phones, oldest first. */
function busyAccount(
	count: number,
	spanMinutes: number,
): Array<{ mailing: number; phone: string }> {
	const phones = Array.from({ length: count }, (_, n) => `3752${String(90000000 + n)}`);
	const now = t.sandbox.now().getTime();
	const mailings = t.sandbox.seedChatMailings(TEST_API_KEY, count, {
		oldestAt: now - spanMinutes * MINUTE_MS,
		newestAt: now - 5_000,
		phones,
	});
	return mailings.map((mailing, n) => ({ mailing, phone: phones[n] }));
}

/** The positions answered: the 15 oldest, the 5 newest and every tenth between. */
function answered(count: number): number[] {
	const picked = new Set<number>();
	for (let n = 0; n < Math.min(15, count); n++) picked.add(n);
	for (let n = Math.max(0, count - 5); n < count; n++) picked.add(n);
	for (let n = 0; n < count; n += Math.max(1, Math.floor(count / 10))) picked.add(n);
	return [...picked].sort((a, b) => a - b);
}

describe('Messaging Service Chat Trigger switched on over a busy account', () => {
	it.each([
		[130, 50],
		[300, 6 * 60],
		[1000, 24 * 60],
		[5000, 6 * 24 * 60],
	])(
		'%i mailings sent over the %i minutes before the activation: every answered one gives its turn',
		async (count, spanMinutes) => {
			const sent = busyAccount(count, spanMinutes);
			const session = await chat.activate(DEFAULTS);
			await chat.seconds(session, 5);
			const positions = answered(count);
			const written = new Map<string, number>();
			for (const n of positions) {
				const { mailing, phone } = sent[n];
				t.reply(mailing, `answer to mailing ${n + 1}`, phone);
				written.set(phone, n);
			}
			const turnAt = new Map<string, number>();
			const limit = boundSeconds(count) + 60;
			for (let second = 1; second <= limit && turnAt.size < written.size; second++) {
				const before = session.turns.length;
				await chat.seconds(session, 1);
				for (const [turn] of session.turns.slice(before))
					if (!turnAt.has(String(turn.sessionId))) turnAt.set(String(turn.sessionId), second);
			}
			const waits = [...written.keys()].map((phone) => turnAt.get(phone) ?? Infinity);
			const missing = [...written].filter(([phone]) => !turnAt.has(phone)).map(([, n]) => n + 1);
			console.log(
				`busy account, ${count} mailings over ${spanMinutes} min: ${turnAt.size} of ${written.size} answers got a turn; slowest ${Math.max(...waits)} s; mailings without: ${missing.join(', ')}`,
			);
			expect(missing).toEqual([]);
			expect(session.turns).toHaveLength(written.size);
			expect(Math.max(...waits)).toBeLessThanOrEqual(boundSeconds(count));
		},
	);
});
