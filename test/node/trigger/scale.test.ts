import { TEST_API_KEY } from '../../harness/keys';
import { PHONE, useTriggerSandbox } from './fixture';

const t = useTriggerSandbox();

const RECENT = { watch: 'recentMailings', days: 7, markAsRead: true };
const HOUR_MS = 3600_000;

jest.setTimeout(600_000);

function incomingCalls(requests: Array<{ apiMethod: string | null; body: Record<string, unknown> | null }>): string[] {
	return requests.filter((request) => request.apiMethod === 'getNewIncomingMessages').map((request) => String(request.body?.message_id));
}

/** `count` mailings created evenly over the last six days, the newest an hour ago; returns their IDs oldest first. */
function seed(count: number): number[] {
	const now = t.sandbox.now().getTime();
	return t.sandbox.seedChatMailings(TEST_API_KEY, count, { oldestAt: now - 6 * 24 * HOUR_MS, newestAt: now - HOUR_MS - 60_000 });
}

describe.each([1_000, 20_000])('Messaging Service Trigger at %i mailings', (count) => {
	it.each(['oldest-first', 'newest-first'] as const)(
		'no reply existing at activation is ever emitted, also on mailings first read many polls later (%s listing)',
		async (order) => {
			t.sandbox.setChatQuirks(TEST_API_KEY, { chatListing: order });
			const ids = seed(count);
			// an existing unread reply on every 7th mailing, among them the oldest ones (read last)
			const existing = new Set<string>();
			for (let n = 0; n < ids.length; n += 7) existing.add(t.reply(ids[n], `existing ${n}`));
			// the last existing reply one second before activation
			t.sandbox.advanceClock(1);
			const session = t.session(RECENT);
			const first = await session.poll();
			expect(first.error).toBeUndefined();
			expect(first.result).toBeNull();

			// replies after activation, to an old mailing and to the newest one, then poll until every mailing was read
			t.sandbox.advanceClock(30);
			const fresh = [t.reply(ids[0], 'after activation, oldest mailing'), t.reply(ids[ids.length - 1], 'after activation, newest')];
			const read = new Set<string>();
			const emitted: string[] = [];
			for (let poll = 0; poll < 900 && read.size < ids.length; poll++) {
				t.sandbox.clearRequests();
				t.sandbox.advanceClock(60);
				const outcome = await session.poll();
				expect(outcome.error).toBeUndefined();
				emitted.push(...outcome.items.map((item) => String(item.id)));
				for (const id of incomingCalls(t.sandbox.requests())) read.add(id);
				expect(t.sandbox.requests().length).toBeLessThanOrEqual(130);
			}
			expect(read.size).toBe(ids.length);
			expect(emitted.filter((id) => existing.has(id))).toEqual([]);
			expect([...emitted].sort()).toEqual([...fresh].sort());
			expect(session.savedStaticData().length).toBeLessThan(64 * 1024);
		},
	);

	it.each(['oldest-first', 'newest-first'] as const)(
		'a reply to a mailing created after activation is emitted by the next poll (%s listing)',
		async (order) => {
			t.sandbox.setChatQuirks(TEST_API_KEY, { chatListing: order });
			seed(count);
			const session = t.session(RECENT);
			await session.poll();
			for (let round = 0; round < 3; round++) {
				t.sandbox.advanceClock(60);
				const mailing = await t.sendChat(`campaign ${round}`);
				await session.poll();
				t.sandbox.advanceClock(20);
				const id = t.reply(mailing, `answer ${round}`, PHONE);
				const { items } = await session.poll();
				expect(items.map((item) => item.id)).toEqual([id]);
			}
		},
	);
});

describe.each([
	[20_000, 'oldest-first'],
	[20_000, 'newest-first'],
	[100_000, 'oldest-first'],
	[100_000, 'newest-first'],
] as const)('Messaging Service Trigger at %i mailings (%s listing)', (count, order) => {
	it('a reply to one of the newest mailings (created within the hour before activation) is output by the next poll', async () => {
		t.sandbox.setChatQuirks(TEST_API_KEY, { chatListing: order });
		const now = t.sandbox.now().getTime();
		const ids = t.sandbox.seedChatMailings(TEST_API_KEY, count, { oldestAt: now - 6 * 24 * HOUR_MS, newestAt: now - 10 * 60_000 });
		const session = t.session(RECENT);
		await session.poll();
		for (let round = 0; round < 3; round++) {
			t.sandbox.advanceClock(60);
			const id = t.reply(ids[ids.length - 1 - round * 7], `to a newest mailing ${round}`);
			const { items, error } = await session.poll();
			expect(error).toBeUndefined();
			expect(items.map((item) => item.id)).toEqual([id]);
		}
	});

	it('an auto-responder\'s answer (a mailing created after activation) replied to before any poll saw it: the next poll outputs the reply', async () => {
		t.sandbox.setChatQuirks(TEST_API_KEY, { chatListing: order });
		const now = t.sandbox.now().getTime();
		t.sandbox.seedChatMailings(TEST_API_KEY, count, { oldestAt: now - 6 * 24 * HOUR_MS, newestAt: now - 10 * 60_000 });
		const session = t.session(RECENT);
		await session.poll();
		for (let round = 0; round < 3; round++) {
			t.sandbox.advanceClock(30);
			const answer = await t.sendChat(`Thank you! (answer ${round})`);
			t.sandbox.advanceClock(20);
			const id = t.reply(answer, `reply to answer ${round}`, PHONE);
			t.sandbox.advanceClock(10);
			const { items, error } = await session.poll();
			expect(error).toBeUndefined();
			expect(items.map((item) => item.id)).toEqual([id]);
		}
	});
});

describe('Messaging Service Trigger: restarts and failed polls at 20,000 mailings', () => {
	it('each reply exactly once across restarts and failed polls', async () => {
		const ids = seed(20_000);
		let session = t.session(RECENT);
		await session.poll();
		const injected: string[] = [];
		const emitted: string[] = [];
		for (let poll = 0; poll < 30; poll++) {
			t.sandbox.advanceClock(60);
			injected.push(t.reply(ids[(poll * 7919) % ids.length], `r${poll}`), t.reply(ids[ids.length - 1 - (poll % 20)], `new ${poll}`));
			if (poll % 5 === 2) t.sandbox.setFaults({ rules: [{ apiMethod: 'getNewIncomingMessages', kind: '500-before', count: 1 }] });
			if (poll % 7 === 3) session = session.restart();
			const outcome = await session.poll();
			t.sandbox.clearFaults();
			emitted.push(...outcome.items.map((item) => String(item.id)));
		}
		for (let poll = 0; poll < 900 && emitted.length < injected.length; poll++) {
			t.sandbox.advanceClock(60);
			emitted.push(...(await session.poll()).items.map((item) => String(item.id)));
		}
		expect(new Set(emitted).size).toBe(emitted.length);
		expect([...emitted].sort()).toEqual([...injected].sort());
	});
});
