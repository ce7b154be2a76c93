import { TEST_API_KEY } from '../../harness/keys';
import { methodsCalled, pickedMailings, RECENT, useTriggerSandbox } from './fixture';

const t = useTriggerSandbox();

describe('Messaging Service Trigger: activation, manual test, restarts, failures', () => {
	it('the first activation records existing replies and emits nothing old', async () => {
		const mailing = await t.sendChat();
		const old = [t.reply(mailing, 'old 1'), t.reply(mailing, 'old 2')];
		const session = t.session(RECENT);

		const activation = await session.poll();
		expect(activation.error).toBeUndefined();
		expect(activation.result).toBeNull();
		// existing replies are neither emitted nor marked read
		expect(methodsCalled(t.sandbox.requests())).not.toContain('readResponseStatus');
		expect((await t.unread(mailing)).map((reply) => reply.id)).toEqual(old);

		t.sandbox.advanceClock(60);
		const fresh = t.reply(mailing, 'new');
		const next = await session.poll();
		expect(next.items.map((item) => item.id)).toEqual([fresh]);
		expect((await session.poll()).result).toBeNull();
	});

	it('with Include Existing Replies, the first activation emits the existing unread replies once', async () => {
		const mailing = await t.sendChat();
		const old = [t.reply(mailing, 'old 1'), t.reply(mailing, 'old 2')];
		const session = t.session({ ...RECENT, options: { includeExisting: true } });
		expect((await session.poll()).items.map((item) => item.id)).toEqual(old);
		expect((await session.poll()).result).toBeNull();
	});

	it('manual mode returns the latest reply and changes neither state nor read flags', async () => {
		const older = await t.sendChat('first mailing');
		const newer = await t.sendChat('second mailing');
		const session = t.session(RECENT);
		await session.poll();
		const saved = session.savedStaticData();

		t.sandbox.advanceClock(10);
		t.reply(older, 'earlier answer');
		t.sandbox.advanceClock(10);
		const latest = t.reply(newer, 'latest answer');
		t.sandbox.advanceClock(10);
		const latestOfAll = t.reply(older, 'latest of all');
		t.sandbox.clearRequests();

		const manual = await session.poll('manual', 'manual');
		expect(manual.error).toBeUndefined();
		expect(manual.items).toEqual([
			expect.objectContaining({
				id: latestOfAll,
				message: 'latest of all',
				mailing: expect.objectContaining({ message_id: older }),
			}),
		]);
		expect(session.savedStaticData()).toBe(saved);
		expect(methodsCalled(t.sandbox.requests())).not.toContain('readResponseStatus');
		expect((await t.unread(newer)).map((reply) => reply.id)).toEqual([latest]);

		// the active workflow still gets all three
		expect((await session.poll()).items).toHaveLength(3);
	});

	it('manual mode says clearly when there is no reply yet, and how to make one', async () => {
		const noMailing = await t.session(RECENT).poll('manual', 'manual');
		expect(noMailing.error?.message).toMatch(
			/No reply yet: no chat mailing was created in the last 7 days/,
		);
		expect((noMailing.error as { description?: string }).description).toMatch(
			/Chat Message > Send.*Fetch Test Event/,
		);

		await t.sendChat();
		const session = t.session(RECENT);
		const noReply = await session.poll('manual', 'manual');
		expect(noReply.error?.message).toMatch(
			/No reply yet: none of the 1 watched chat mailing has an unread reply/,
		);
		expect((noReply.error as { description?: string }).description).toMatch(
			/answer one of the watched chat mailings/i,
		);
		expect(session.savedStaticData()).toBe('{}');
	});

	it('state survives a restart: static data saved as JSON and loaded into a fresh workflow', async () => {
		const { mailing, session: before } = await t.watching({ ...RECENT, markAsRead: false });
		const first = t.reply(mailing, 'before restart');
		expect((await before.poll()).items.map((item) => item.id)).toEqual([first]);

		const after = before.restart();
		expect(after.workflow).not.toBe(before.workflow);
		const whileDown = t.reply(mailing, 'while n8n was down');
		t.sandbox.advanceClock(1);
		// not a first activation again: nothing is re-recorded. The first reply's execution finished, but
		// with Mark as Read off nothing told the service, and n8n saves the state only with an emit: it
		// comes once more, flagged (docs/guarantees.md); so does the reply written while n8n was down,
		// which the stopped n8n may have emitted as it stopped
		const outcome = await after.poll('trigger', 'init');
		expect(outcome.items.map((item) => [item.id, item.redelivered ?? false])).toEqual([
			[first, true],
			[whileDown, true],
		]);
		t.sandbox.advanceClock(1);
		const second = t.reply(mailing, 'after restart');
		expect((await after.poll()).items.map((item) => [item.id, item.redelivered ?? false])).toEqual([
			[second, false],
		]);
		expect((await after.poll()).result).toBeNull();
	});

	it('a poll whose mark-as-read fails still emits once, and the next poll does not re-emit', async () => {
		const { mailing, session } = await t.watching(RECENT);
		const id = t.reply(mailing, 'please answer');

		t.sandbox.setFaults({ rules: [{ apiMethod: 'readResponseStatus', kind: '500-before' }] });
		const failing = await session.poll();
		expect(failing.error).toBeUndefined();
		expect(failing.items.map((item) => item.id)).toEqual([id]);
		expect((await t.unread(mailing)).map((reply) => reply.id)).toEqual([id]);

		// still failing: the service keeps returning the unread reply, the trigger does not emit it again
		expect((await session.poll()).result).toBeNull();
		t.sandbox.clearFaults();
		expect((await session.restart().poll()).result).toBeNull();
	});

	it('the next poll marks read what a failed mark-as-read left unread', async () => {
		const { mailing, session } = await t.watching(RECENT);
		const id = t.reply(mailing, 'please answer');
		t.sandbox.setFaults({ rules: [{ apiMethod: 'readResponseStatus', kind: '500-before' }] });
		expect((await session.poll()).items).toHaveLength(1);
		t.sandbox.clearFaults();
		expect((await session.poll()).result).toBeNull();
		expect(await t.unread(mailing)).toEqual([]);
		expect(id).toBeDefined();
	});

	it('a poll whose every read fails (Specific Mailings) fails, changes nothing, and loses nothing', async () => {
		const mailing = await t.sendChat();
		const session = t.session({
			watch: 'specificMailings',
			mailings: pickedMailings(mailing),
			markAsRead: true,
		});
		await session.poll();
		const ids = [t.reply(mailing, 'one'), t.reply(mailing, 'two')];
		const saved = session.savedStaticData();

		t.sandbox.setFaults({ rules: [{ apiMethod: 'getNewIncomingMessages', kind: '500-before' }] });
		const failed = await session.poll();
		expect(failed.error?.message).toMatch(/unavailable \(500\)/);
		expect(failed.result).toBeNull();
		expect(session.savedStaticData()).toBe(saved);

		t.sandbox.clearFaults();
		expect((await session.poll()).items.map((item) => item.id)).toEqual(ids);
		expect((await session.poll()).result).toBeNull();
	});

	it('a failed read of a recent mailing is retried by the next poll: nothing lost, nothing doubled', async () => {
		const { mailing, session } = await t.watching(RECENT);
		const ids = [t.reply(mailing, 'one'), t.reply(mailing, 'two')];

		t.sandbox.setFaults({ rules: [{ apiMethod: 'getNewIncomingMessages', kind: '500-before' }] });
		const failed = await session.poll();
		expect(failed.error).toBeUndefined();
		expect(failed.result).toBeNull();

		t.sandbox.clearFaults();
		expect((await session.poll()).items.map((item) => item.id)).toEqual(ids);
		expect((await session.poll()).result).toBeNull();
	});

	it('a wrong API key gives a clear error at activation', async () => {
		await t.sendChat();
		const outcome = await t.session(RECENT, { apiKey: 'wrong-key-123' }).poll();
		expect(outcome.result).toBeNull();
		expect(outcome.error?.constructor.name).toBe('NodeApiError');
		expect(
			`${outcome.error?.message} ${(outcome.error as { description?: string }).description}`,
		).toMatch(/key/i);
		expect(JSON.stringify(outcome.error)).not.toContain('wrong-key-123');
		expect(JSON.stringify(outcome.error)).not.toContain(TEST_API_KEY);
	});

	it('an unreachable URL gives a clear error at activation', async () => {
		const outcome = await t.session(RECENT, { baseUrl: 'http://127.0.0.1:9' }).poll();
		expect(outcome.error?.constructor.name).toBe('NodeApiError');
		expect(outcome.error?.message).toMatch(/reach|connect|refused/i);
	});

	it('specific mailings: a bad ID is refused clearly; an ID added later does not flood', async () => {
		const bad = await t
			.session({ watch: 'specificMailings', mailings: pickedMailings('20000001', 'abc') })
			.poll();
		expect(bad.error?.message).toBe('Invalid Mailing "abc" in entry 2 of Mailings');

		const first = await t.sendChat('first');
		const second = await t.sendChat('second');
		t.reply(second, 'existed before it was added');
		const session = t.session({
			watch: 'specificMailings',
			mailings: pickedMailings(first),
			markAsRead: true,
		});
		await session.poll();
		const edited = session.restart();
		edited.node.parameters.mailings = pickedMailings(first, second);
		expect((await edited.poll()).result).toBeNull();
		const fresh = t.reply(second, 'new');
		expect((await edited.poll()).items.map((item) => item.id)).toEqual([fresh]);
	});
});
