import { TEST_API_KEY } from '../../harness/keys';
import { PHONE, RECENT, useTriggerSandbox } from './fixture';

const t = useTriggerSandbox();

function readCalls(
	requests: Array<{ apiMethod: string | null; body: Record<string, unknown> | null }>,
): string[] {
	return requests
		.filter((request) => request.apiMethod === 'readResponseStatus')
		.flatMap((request) => String(request.body?.incoming_messages).split(','));
}

describe('Messaging Service Trigger: memory by reply ID', () => {
	it('a reply ID twice in one answer is output once and marked read once', async () => {
		const { mailing, session } = await t.watching(RECENT);
		t.sandbox.setChatQuirks(TEST_API_KEY, { duplicateUnread: true });
		t.sandbox.advanceClock(10);
		const id = t.reply(mailing, 'twice in the answer');
		expect((await t.unread(mailing)).map((reply) => reply.id)).toEqual([id, id]);
		t.sandbox.clearRequests();
		const { items } = await session.poll();
		expect(items.map((item) => item.id)).toEqual([id]);
		expect(readCalls(t.sandbox.requests())).toEqual([id]);
	});

	it('a late reply stamped before replies already output is output once, not swallowed', async () => {
		const { mailing, session } = await t.watching({ ...RECENT, markAsRead: false });
		const base = t.sandbox.now().getTime();
		t.sandbox.advanceClock(20);
		const early = [3, 10, 20].map(
			(second, n) =>
				t.sandbox.injectReply(TEST_API_KEY, {
					message_id: mailing,
					phone: PHONE,
					message: `r${n}`,
					receivedAt: base + second * 1000,
				}).id,
		);
		expect((await session.poll()).items.map((item) => item.id)).toEqual(early);
		const late = t.sandbox.injectReply(TEST_API_KEY, {
			message_id: mailing,
			phone: PHONE,
			message: 'stamped 10:00:03, turned up late',
			receivedAt: base + 2000,
		}).id;
		expect((await session.poll()).items.map((item) => item.id)).toEqual([late]);
		expect((await session.poll()).result).toBeNull();
		expect((await session.restart().poll()).result).toBeNull();
	});

	it('the same reply ID under two mailings is output once', async () => {
		const a = await t.sendChat('a');
		const b = await t.sendChat('b');
		const session = t.session(RECENT);
		await session.poll();
		t.sandbox.advanceClock(5);
		const id = t.reply(a, 'under a');
		t.sandbox.injectReply(TEST_API_KEY, { message_id: b, phone: PHONE, message: 'under b', id });
		const { items } = await session.poll();
		expect(items.map((item) => item.id)).toEqual([id]);
		expect((await session.poll()).result).toBeNull();
	});

	it('a late reply newer than every forgotten ID is output: the floor stands in only for forgotten IDs', async () => {
		const { mailing, session } = await t.watching({
			...RECENT,
			markAsRead: false,
			options: { maxRepliesPerPoll: 1000 },
		});
		t.sandbox.advanceClock(100);
		for (let n = 0; n < 2100; n++) t.reply(mailing, `r${n}`);
		t.sandbox.advanceClock(100);
		const newer = t.reply(mailing, 'newest');
		let drained = 0;
		for (let poll = 0; poll < 3; poll++) drained += (await session.poll()).items.length;
		expect(drained).toBe(2101);
		// late, stamped after the forgotten ones (all in one second) but before the newest
		const late = t.sandbox.injectReply(TEST_API_KEY, {
			message_id: mailing,
			phone: PHONE,
			message: 'late',
			receivedAt: t.sandbox.now().getTime() - 50_000,
		}).id;
		expect((await session.poll()).items.map((item) => item.id)).toEqual([late]);
		expect((await session.poll()).items.map((item) => item.id)).not.toContain(newer);
	});
});
