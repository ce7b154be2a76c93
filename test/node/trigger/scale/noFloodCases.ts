// The reply trigger reads every mailing of a large account in turn, a bounded number per poll:
// nothing that existed at activation is ever output, also on mailings first read many polls later,
// and a new mailing's reply comes at the next poll. One listing order per test file, so that jest
// runs the two orders side by side.
// Two scales, one per regime of the schedule: at 1,000 mailings all that is due fits a poll and
// every mailing is read within its longest interval (64 polls); at 5,000 it does not, and the oldest
// are first read after more polls than that (about 120). 20,000 mailings (about 400 polls) went
// through the same regime four times over, at 47 s per order alone and 743 s on a busy
// machine; the state bound shrinks with the scale (a quarter of 64 KiB at a quarter of the
// mailings), so remembering each mailing still breaks it (5,000 IDs of 8 digits: over 40 KiB).
import { TEST_API_KEY } from '../../../harness/keys';
import { PHONE, RECENT, useTriggerSandbox } from '../fixture';
import { seedMailings } from './seeding';

function incomingCalls(
	requests: Array<{ apiMethod: string | null; body: Record<string, unknown> | null }>,
): string[] {
	return requests
		.filter((request) => request.apiMethod === 'getNewIncomingMessages')
		.map((request) => String(request.body?.message_id));
}

const STATE_BOUND_BYTES = 16 * 1024;
/** the schedule's longest interval between two reads of a group (MAX_INTERVAL), in polls */
const LONGEST_INTERVAL_POLLS = 64;

/** The tests at 1,000 and 5,000 mailings, with the service listing chat mailings in this order. */
export function describeNoFlood(order: 'oldest-first' | 'newest-first'): void {
	const t = useTriggerSandbox();
	jest.setTimeout(600_000);

	describe.each([
		[1_000, false],
		[5_000, true],
	])(`Messaging Service Trigger at %i mailings (${order} listing)`, (count, beyondSchedule) => {
		it('no reply existing at activation is ever emitted, also on mailings first read many polls later', async () => {
			t.sandbox.setChatQuirks(TEST_API_KEY, { chatListing: order });
			const ids = seedMailings(t, count);
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
			const fresh = [
				t.reply(ids[0], 'after activation, oldest mailing'),
				t.reply(ids[ids.length - 1], 'after activation, newest'),
			];
			const read = new Set<string>();
			const emitted: string[] = [];
			let polls = 0;
			for (; polls < 900 && read.size < ids.length; polls++) {
				t.sandbox.clearRequests();
				t.sandbox.advanceClock(60);
				const outcome = await session.poll();
				expect(outcome.error).toBeUndefined();
				emitted.push(...outcome.items.map((item) => String(item.id)));
				for (const id of incomingCalls(t.sandbox.requests())) read.add(id);
				expect(t.sandbox.requests().length).toBeLessThanOrEqual(130);
			}
			expect(read.size).toBe(ids.length);
			expect(polls > LONGEST_INTERVAL_POLLS).toBe(beyondSchedule);
			expect(emitted.filter((id) => existing.has(id))).toEqual([]);
			expect([...emitted].sort()).toEqual([...fresh].sort());
			expect(session.savedStaticData().length).toBeLessThan(STATE_BOUND_BYTES);
		});

		it('a reply to a mailing created after activation is emitted by the next poll', async () => {
			t.sandbox.setChatQuirks(TEST_API_KEY, { chatListing: order });
			seedMailings(t, count);
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
		});
	});
}
