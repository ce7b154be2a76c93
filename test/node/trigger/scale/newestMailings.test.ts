import { TEST_API_KEY } from '../../../harness/keys';
import { PHONE, RECENT, useTriggerSandbox } from '../fixture';
import { seedMailings } from './seeding';

const t = useTriggerSandbox();

jest.setTimeout(600_000);

describe.each([
	[20_000, 'oldest-first'],
	[20_000, 'newest-first'],
	[100_000, 'oldest-first'],
	[100_000, 'newest-first'],
] as const)('Messaging Service Trigger at %i mailings (%s listing)', (count, order) => {
	it('a reply to one of the newest mailings (created within the hour before activation) is output by the next poll', async () => {
		t.sandbox.setChatQuirks(TEST_API_KEY, { chatListing: order });
		const ids = seedMailings(t, count, 10 * 60_000);
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

	it("an auto-responder's answer (a mailing created after activation) replied to before any poll saw it: the next poll outputs the reply", async () => {
		t.sandbox.setChatQuirks(TEST_API_KEY, { chatListing: order });
		seedMailings(t, count, 10 * 60_000);
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
