import type { IDataObject } from 'n8n-workflow';

import {
	decodeSeen,
	MAX_SEEN,
	STATE_KEY,
} from '../../../nodes/MessagingService/replies/savedState';
import type { TriggerSession } from '../../harness/poll';
import { RECENT, useTriggerSandbox } from './fixture';

const t = useTriggerSandbox();

function rememberedReplies(nodeStaticData: IDataObject): number {
	const state = nodeStaticData[STATE_KEY] as { seen: string };
	return decodeSeen(state.seen).size;
}

/**
 * Six rounds of 500 replies (the clock a second on every 50), a poll after each; `reply` injects
 * reply n of a round, `afterPoll` checks what each poll left. Returns what the polls output.
 */
async function sixRoundsOf500Replies(
	session: TriggerSession,
	reply: (round: number, n: number) => void,
	afterPoll = () => {},
) {
	const emitted = new Set<string>();
	let total = 0;
	for (let round = 0; round < 6; round++) {
		for (let n = 0; n < 500; n++) {
			if (n % 50 === 0) t.sandbox.advanceClock(1);
			reply(round, n);
		}
		const { items } = await session.poll();
		total += items.length;
		for (const item of items) emitted.add(String(item.id));
		afterPoll();
	}
	return { total, emitted };
}

function incomingCalls(
	requests: Array<{ apiMethod: string | null; body: Record<string, unknown> | null }>,
): string[] {
	return requests
		.filter((request) => request.apiMethod === 'getNewIncomingMessages')
		.map((request) => String(request.body?.message_id));
}

describe('Messaging Service Trigger: bounded work and bounded state', () => {
	it('holds the cap on replies per poll; the rest comes with the next polls, oldest first, once', async () => {
		const a = await t.sendChat('a');
		const b = await t.sendChat('b');
		const session = t.session({ ...RECENT, options: { maxRepliesPerPoll: 3 } });
		await session.poll();
		const injected: string[] = [];
		for (let n = 0; n < 7; n++) {
			t.sandbox.advanceClock(1);
			injected.push(t.reply(n % 2 === 0 ? a : b, `reply ${n}`));
		}
		const sizes: number[] = [];
		const emitted: string[] = [];
		for (let poll = 0; poll < 4; poll++) {
			const { items } = await session.poll();
			sizes.push(items.length);
			emitted.push(...items.map((item) => String(item.id)));
		}
		expect(sizes).toEqual([3, 3, 1, 0]);
		expect([...emitted].sort()).toEqual([...injected].sort());
		expect(new Set(emitted).size).toBe(7);
	});

	it('holds the cap on mailings per poll and reads the others in turn', async () => {
		const mailings: number[] = [];
		for (let n = 0; n < 5; n++) mailings.push(await t.sendChat(`mailing ${n}`));
		const session = t.session({ ...RECENT, options: { maxMailingsPerPoll: 2 } });
		// the activation reads 2, the next polls baseline the other 3 before anything else
		for (let poll = 0; poll < 3; poll++) await session.poll();
		const injected = mailings.map((mailing, n) => t.reply(mailing, `answer ${n}`));
		t.sandbox.clearRequests();

		const emitted: string[] = [];
		const perPoll: string[][] = [];
		for (let poll = 0; poll < 3; poll++) {
			t.sandbox.clearRequests();
			const { items } = await session.poll();
			perPoll.push(incomingCalls(t.sandbox.requests()));
			emitted.push(...items.map((item) => String(item.id)));
		}
		expect(perPoll.every((calls) => calls.length <= 2)).toBe(true);
		expect(perPoll.flat().slice(0, 5).sort()).toEqual(mailings.map(String).sort());
		expect([...emitted].sort()).toEqual([...injected].sort());
	});

	it("stops early when n8n's poll budget runs out, and continues next poll without losing anything", async () => {
		const mailings = [await t.sendChat('x'), await t.sendChat('y'), await t.sendChat('z')];
		const session = t.session(RECENT, { pollBudgetMs: 0 });
		for (let poll = 0; poll < 3; poll++) await session.poll();
		const injected = mailings.map((mailing) => t.reply(mailing, 'hello'));
		const emitted: string[] = [];
		for (let poll = 0; poll < 3; poll++) {
			t.sandbox.clearRequests();
			const { items } = await session.poll();
			expect(incomingCalls(t.sandbox.requests())).toHaveLength(1);
			emitted.push(...items.map((item) => String(item.id)));
		}
		expect([...emitted].sort()).toEqual([...injected].sort());
	});

	it('keeps the state bounded after thousands of replies (Mark as Read on)', async () => {
		const { mailing, session } = await t.watching({
			...RECENT,
			options: { maxRepliesPerPoll: 500 },
		});
		const { total, emitted } = await sixRoundsOf500Replies(session, (round, n) =>
			t.reply(mailing, `r${round}.${n}`, `3752900${String(n).padStart(5, '0')}`),
		);
		expect(total).toBe(3000);
		expect(emitted.size).toBe(3000);
		expect((await session.poll()).result).toBeNull();
		// at most MAX_SEEN reply IDs are remembered, compactly, plus a floor
		expect(rememberedReplies(session.nodeStaticData())).toBe(MAX_SEEN);
		expect(session.savedStaticData().length).toBeLessThan(30_000);
	});

	it('keeps the state bounded after thousands of unread replies (Mark as Read off), without re-emitting', async () => {
		const mailing = await t.sendChat();
		const other = await t.sendChat();
		const session = t.session({
			...RECENT,
			markAsRead: false,
			options: { maxRepliesPerPoll: 1000 },
		});
		await session.poll();
		const { total, emitted } = await sixRoundsOf500Replies(
			session,
			(round, n) => t.reply(n % 5 === 0 ? other : mailing, `r${round}.${n}`),
			() => expect(rememberedReplies(session.nodeStaticData())).toBeLessThanOrEqual(MAX_SEEN),
		);
		expect(total).toBe(3000);
		expect(emitted.size).toBe(3000);
		// all 3000 are still unread on the service; none comes again, also after a restart
		expect((await t.unread(mailing)).length + (await t.unread(other)).length).toBe(3000);
		expect((await session.poll()).result).toBeNull();
		expect((await session.restart().poll()).result).toBeNull();
		expect(rememberedReplies(session.nodeStaticData())).toBe(MAX_SEEN);
		expect(session.savedStaticData().length).toBeLessThan(30_000);
	});

	it('forgets mailings that leave the window and stops reading them', async () => {
		const old = await t.sendChat('old campaign');
		const session = t.session({ ...RECENT, markAsRead: false });
		await session.poll();
		t.reply(old, 'remembered');
		await session.poll();

		t.sandbox.advanceClock(9 * 24 * 3600);
		const recent = await t.sendChat('new campaign');
		const id = t.reply(recent, 'fresh');
		t.sandbox.clearRequests();
		const { items } = await session.poll();
		expect(items.map((item) => item.id)).toEqual([id]);
		expect(incomingCalls(t.sandbox.requests())).toEqual([String(recent)]);
	});

	it('lists only what is new and never reads mailings outside the window', async () => {
		for (let n = 0; n < 230; n++) await t.sendChat(`old ${n}`);
		t.sandbox.advanceClock(10 * 24 * 3600);
		const session = t.session(RECENT);
		await session.poll();
		const recent = await t.sendChat('recent');
		const id = t.reply(recent, 'answer');
		t.sandbox.clearRequests();
		const { items } = await session.poll();
		expect(items.map((item) => item.id)).toEqual([id]);
		// the listing is read from where it reached (230), plus the newest group; old mailings are not read
		const listing = t.sandbox
			.requests()
			.filter((request) => request.apiMethod === 'getChatMessages');
		expect(listing.length).toBeLessThanOrEqual(2);
		expect(Number(listing[0].body?.limit_offset)).toBe(230);
		expect(incomingCalls(t.sandbox.requests())).toEqual([String(recent)]);
	});
});
