// start-order: 3
// At 5,000 mailings, the scale at which the oldest are first read after more polls than the
// schedule's longest interval (noFloodCases.ts), so replies to old mailings come out many polls
// and several restarts after they arrived. 20,000 mailings went through the same regime four times
// over (about 400 polls to read them all, 137 s of a busy machine's jest run).
import { RECENT, useTriggerSandbox } from '../fixture';
import { seedMailings } from './seeding';

const t = useTriggerSandbox();

jest.setTimeout(600_000);

describe('Messaging Service Trigger: restarts and failed polls at 5,000 mailings', () => {
	it('each reply exactly once across restarts and failed polls', async () => {
		const ids = seedMailings(t, 5_000);
		let session = t.session(RECENT);
		await session.poll();
		const injected: string[] = [];
		const emitted: string[] = [];
		for (let poll = 0; poll < 30; poll++) {
			t.sandbox.advanceClock(60);
			injected.push(
				t.reply(ids[(poll * 7919) % ids.length], `r${poll}`),
				t.reply(ids[ids.length - 1 - (poll % 20)], `new ${poll}`),
			);
			if (poll % 5 === 2)
				t.sandbox.setFaults({
					rules: [{ apiMethod: 'getNewIncomingMessages', kind: '500-before', count: 1 }],
				});
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
