import { methodsCalled, RECENT, useTriggerSandbox } from './fixture';

// A reply is marked read (the service's only acknowledgment) once n8n has finished the execution
// that carries it; what was emitted but not seen finished comes again after a restart, flagged
// `redelivered`, rather than being lost (DESIGN 4e, replies/acknowledgment.ts).
const t = useTriggerSandbox();

const HELD = { finishExecutions: 'byTest' } as const;

async function activeSession(options = HELD) {
	const mailing = await t.sendChat();
	const session = t.session(RECENT, options);
	await session.poll();
	t.sandbox.advanceClock(60);
	return { mailing, session };
}

/** Two phones answer; a poll with Combine Replies per Phone gives each its execution, held. */
async function twoConversationsPolled() {
	const mailing = await t.sendChat('to one');
	const other = await t.sendChat('to another', '375297654321');
	const session = t.session({ ...RECENT, options: { combineRepliesPerPhone: true } }, HELD);
	await session.poll();
	t.sandbox.advanceClock(60);
	const mine = t.reply(mailing, 'mine');
	const theirs = t.reply(other, 'theirs', '375297654321');
	const poll = await session.poll();
	return { mailing, other, session, mine, theirs, poll };
}

describe('Messaging Service Trigger: acknowledgment after n8n holds the execution', () => {
	it('marks nothing read before the execution is finished, and its replies once it is', async () => {
		const { mailing, session } = await activeSession();
		const ids = [t.reply(mailing, 'one'), t.reply(mailing, 'two')];
		t.sandbox.clearRequests();

		const poll = await session.poll();
		expect(poll.items.map((item) => item.id)).toEqual(ids);
		// the old order (mark read, then hand over) fails here
		expect(methodsCalled(t.sandbox.requests())).not.toContain('readResponseStatus');
		expect((await t.unread(mailing)).map((reply) => reply.id)).toEqual(ids);

		await Promise.all(poll.finish.map((end) => end()));
		expect(await t.unread(mailing)).toEqual([]);
		// the next poll emits nothing again
		expect((await session.poll()).items).toEqual([]);
	});

	it('marks the replies of executions that finish together in one request, not one per execution', async () => {
		const phones = Array.from({ length: 20 }, (_, index) => `37529${String(1000000 + index)}`);
		const mailings = [];
		for (const phone of phones) mailings.push(await t.sendChat('hello', phone));
		const session = t.session({ ...RECENT, options: { combineRepliesPerPhone: true } }, HELD);
		await session.poll();
		t.sandbox.advanceClock(60);
		mailings.forEach((mailing, index) => t.reply(mailing, 'a question', phones[index]));
		const poll = await session.poll();
		expect(poll.finish).toHaveLength(20);
		t.sandbox.clearRequests();
		await Promise.all(poll.finish.map((end) => end()));
		// the first execution's mark is under way when the others finish: they share the next one
		expect(
			methodsCalled(t.sandbox.requests()).filter((method) => method === 'readResponseStatus')
				.length,
		).toBeLessThanOrEqual(2);
		for (const mailing of mailings) expect(await t.unread(mailing)).toEqual([]);
	});

	it('a stop before the execution finished: the replies come again after the restart, flagged, and only those', async () => {
		const { mailing, session } = await activeSession();
		const finishedOne = t.reply(mailing, 'answered');
		const first = await session.poll();
		await first.finish[0]();
		t.sandbox.advanceClock(60);
		const inFlight = [t.reply(mailing, 'in flight 1'), t.reply(mailing, 'in flight 2')];
		const second = await session.poll();
		expect(second.items.map((item) => item.id)).toEqual(inFlight);
		expect(second.items.every((item) => item.redelivered === undefined)).toBe(true);

		// n8n is killed here: the static data it saved with the emit is what the restarted n8n loads
		const restarted = session.restart();
		t.sandbox.advanceClock(30);
		const whileDown = t.reply(mailing, 'while n8n was down');
		t.sandbox.advanceClock(30);
		const again = await restarted.poll();
		// what came in while n8n was down may have been emitted as it stopped: flagged as well
		expect(again.items.map((item) => [item.id, item.redelivered ?? false])).toEqual([
			[inFlight[0], true],
			[inFlight[1], true],
			[whileDown, true],
		]);
		expect(again.items.map((item) => item.id)).not.toContain(finishedOne);
		t.sandbox.advanceClock(1);
		const later = t.reply(mailing, 'after the restart');
		const next = await restarted.poll();
		expect(next.items.map((item) => [item.id, item.redelivered ?? false])).toEqual([
			[later, false],
		]);
		await Promise.all([...again.finish, ...next.finish].map(async (end) => await end()));
		expect(await t.unread(mailing)).toEqual([]);
		expect((await restarted.poll()).items).toEqual([]);
	});

	it('n8n stopped as it emitted, its save of the state never made: after the restart the replies come again, flagged', async () => {
		const { mailing, session } = await activeSession();
		const savedBeforeTheEmit = session.savedStaticData();
		const ids = [t.reply(mailing, 'one'), t.reply(mailing, 'two')];
		const emitted = await session.poll();
		expect(emitted.items.map((item) => item.redelivered ?? false)).toEqual([false, false]);

		// n8n starts saving the state and the execution side by side; it was killed between the two
		const restarted = session.restart(savedBeforeTheEmit);
		t.sandbox.advanceClock(60);
		const again = await restarted.poll();
		// without the flag, a workflow that checks it would answer these twice
		expect(again.items.map((item) => [item.id, item.redelivered ?? false])).toEqual([
			[ids[0], true],
			[ids[1], true],
		]);
		await Promise.all(again.finish.map(async (end) => await end()));
		expect(await t.unread(mailing)).toEqual([]);
	});

	it('per conversation: each execution holds its own replies; the poll marks them once all of its executions ended, in one request', async () => {
		const { mailing, other, mine, theirs, poll } = await twoConversationsPolled();
		expect(poll.executions).toHaveLength(2);
		t.sandbox.clearRequests();
		await poll.finish[0]();
		// finished, and waiting for the poll's other execution
		expect((await t.unread(mailing)).map((reply) => reply.id)).toEqual([mine]);
		expect((await t.unread(other)).map((reply) => reply.id)).toEqual([theirs]);
		await poll.finish[1]();
		expect(await t.unread(mailing)).toEqual([]);
		expect(await t.unread(other)).toEqual([]);
		expect(
			methodsCalled(t.sandbox.requests()).filter((method) => method === 'readResponseStatus'),
		).toHaveLength(1);
	});

	it("an execution still running at the next poll: that poll marks the finished one's replies, and the running one's once it ends", async () => {
		const { mailing, other, session, mine, theirs, poll } = await twoConversationsPolled();
		const finishedFirst = poll.executions.findIndex((execution) =>
			execution.some((item) => item.id === mine),
		);
		await poll.finish[finishedFirst]();
		t.sandbox.advanceClock(60);
		expect((await session.poll()).items).toEqual([]);
		expect(await t.unread(mailing)).toEqual([]);
		expect((await t.unread(other)).map((reply) => reply.id)).toEqual([theirs]);
		// the running execution ends after that poll: its replies only are marked
		t.sandbox.clearRequests();
		await poll.finish[1 - finishedFirst]();
		expect(await t.unread(other)).toEqual([]);
		const marks = t.sandbox.requests().filter((r) => r.apiMethod === 'readResponseStatus');
		expect(marks.map((r) => ({ ...r.query, ...r.body }).incoming_messages)).toEqual([theirs]);

		const restarted = session.restart();
		t.sandbox.advanceClock(60);
		expect((await restarted.poll()).items).toEqual([]);
	});

	it.each(['cancelledAtShutdown', 'notCreated'] as const)(
		'an execution %s does not acknowledge its replies: the next poll emits them again, flagged',
		async (outcome) => {
			const { mailing, session } = await activeSession();
			const id = t.reply(mailing, 'cut short');
			const poll = await session.poll();
			await poll.finish[0](outcome);
			expect((await t.unread(mailing)).map((reply) => reply.id)).toEqual([id]);
			t.sandbox.advanceClock(60);
			const again = await session.poll();
			expect(again.items).toEqual([expect.objectContaining({ id, redelivered: true })]);
			// and the new execution is waited for like any other
			t.sandbox.advanceClock(60);
			expect((await session.poll()).items).toEqual([]);
			await again.finish[0]();
			expect(await t.unread(mailing)).toEqual([]);
		},
	);

	it('an execution a person stops holds its replies: marked read, not emitted again', async () => {
		const { mailing, session } = await activeSession();
		t.reply(mailing, 'stopped by hand');
		const poll = await session.poll();
		await poll.finish[0]('stoppedByPerson');
		expect(await t.unread(mailing)).toEqual([]);
		expect((await session.poll()).items).toEqual([]);
	});

	it('an execution n8n never settles is waited for 30 minutes, then its replies come again, flagged', async () => {
		const { mailing, session } = await activeSession();
		const id = t.reply(mailing, 'slow workflow');
		await session.poll();
		t.sandbox.advanceClock(29 * 60);
		expect((await session.poll()).items).toEqual([]);
		t.sandbox.advanceClock(2 * 60);
		expect((await session.poll()).items).toEqual([
			expect.objectContaining({ id, redelivered: true }),
		]);
	});

	it('a mark that fails when the execution finished is made by the next poll', async () => {
		const { mailing, session } = await activeSession();
		const id = t.reply(mailing, 'mark me');
		const poll = await session.poll();
		// more failures than the transport's retries of a read
		t.sandbox.setFaults({
			rules: [{ apiMethod: 'readResponseStatus', kind: '500-before', count: 20 }],
		});
		await poll.finish[0]();
		expect((await t.unread(mailing)).map((reply) => reply.id)).toEqual([id]);
		t.sandbox.clearFaults();
		t.sandbox.advanceClock(60);
		expect((await session.poll()).items).toEqual([]);
		expect(await t.unread(mailing)).toEqual([]);
	});

	it('with Mark as Read off nothing is marked, and a finished execution is not emitted again', async () => {
		const mailing = await t.sendChat();
		const session = t.session({ ...RECENT, markAsRead: false }, HELD);
		await session.poll();
		t.sandbox.advanceClock(60);
		const id = t.reply(mailing, 'left unread');
		const poll = await session.poll();
		await poll.finish[0]();
		t.sandbox.advanceClock(60);
		expect((await session.poll()).items).toEqual([]);
		expect(methodsCalled(t.sandbox.requests())).not.toContain('readResponseStatus');
		expect((await t.unread(mailing)).map((reply) => reply.id)).toEqual([id]);
	});
});

// n8n's durable scheduler builds every poll afresh: the state is loaded from the database (saved only
// with an emit, or committed with the execution), and several polls of one node can start at once.
describe("Messaging Service Trigger on n8n's durable scheduler: each poll with the state n8n loaded", () => {
	const durable = (workflowId: string, savedStaticData?: string) =>
		t.session(RECENT, { workflowId, savedStaticData, finishExecutions: 'byTest' });

	it('polls started at once with the same state: the replies are emitted by one of them', async () => {
		const mailing = await t.sendChat();
		const activation = durable('durable-at-once');
		await activation.poll();
		const saved = activation.savedStaticData();
		t.sandbox.advanceClock(60);
		const ids = [t.reply(mailing, 'one'), t.reply(mailing, 'two')];
		const polls = await Promise.all(
			[1, 2, 3].map(async () => await durable('durable-at-once', saved).poll()),
		);
		expect(polls.flatMap((poll) => poll.items.map((item) => item.id))).toEqual(ids);
	});

	it('a poll that loads the state saved before the last emit does not emit its replies again', async () => {
		const mailing = await t.sendChat();
		const activation = durable('durable-stale');
		await activation.poll();
		const beforeTheEmit = activation.savedStaticData();
		t.sandbox.advanceClock(60);
		const id = t.reply(mailing, 'once');
		const first = await durable('durable-stale', beforeTheEmit).poll();
		expect(first.items.map((item) => item.id)).toEqual([id]);
		t.sandbox.advanceClock(60);
		expect((await durable('durable-stale', beforeTheEmit).poll()).items).toEqual([]);
		await first.finish[0]();
		t.sandbox.advanceClock(60);
		expect((await durable('durable-stale', beforeTheEmit).poll()).items).toEqual([]);
	});

	it("the activation poll's state, never saved (nothing emitted), is not lost: replies written after it are output", async () => {
		const mailing = await t.sendChat();
		const old = t.reply(mailing, 'before activation');
		await durable('durable-activation').poll();
		t.sandbox.advanceClock(60);
		const fresh = t.reply(mailing, 'after activation');
		// n8n loads no state: the activation poll returned nothing, so nothing was saved
		const next = await durable('durable-activation').poll();
		expect(next.items.map((item) => item.id)).toEqual([fresh]);
		expect(next.items.map((item) => item.id)).not.toContain(old);
	});
});
