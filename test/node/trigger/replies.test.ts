import { methodsCalled, pickedMailings, RECENT, useTriggerSandbox } from './fixture';

const t = useTriggerSandbox();

describe('Messaging Service Trigger: each reply once', () => {
	it('emits replies injected across several polls exactly once each, with the mailing they answer', async () => {
		const mailing = await t.sendChat('Your order is ready. Reply YES to confirm.');
		const session = t.session(RECENT);

		const activation = await session.poll();
		expect(activation.error).toBeUndefined();
		expect(activation.result).toBeNull();

		const emitted: string[] = [];
		const injected: string[] = [];
		for (let round = 0; round < 4; round++) {
			t.sandbox.advanceClock(60);
			for (let n = 0; n <= round; n++)
				injected.push(t.reply(mailing, `answer ${round}.${n}`, `37529100000${n}`));
			const outcome = await session.poll();
			expect(outcome.error).toBeUndefined();
			emitted.push(...outcome.items.map((item) => String(item.id)));
			expect(outcome.items).toHaveLength(round + 1);
		}
		t.sandbox.advanceClock(60);
		const quiet = await session.poll();
		expect(quiet.result).toBeNull();

		expect(emitted).toEqual(injected);
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(await t.unread(mailing)).toEqual([]);
	});

	it('outputs the reply fields, its time as ISO and the mailing text and type', async () => {
		const { mailing, session } = await t.watching(RECENT, 'Rate us from 1 to 5');
		t.sandbox.advanceClock(90);
		const id = t.reply(mailing, '5', '375291112233');
		const { items } = await session.poll();
		expect(items).toHaveLength(1);
		const [item] = items;
		expect(item).toMatchObject({
			id,
			phone: '375291112233',
			message: '5',
			d_receiver: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
			mailing: { message_id: mailing, message: 'Rate us from 1 to 5', message_type: 'TEXT' },
		});
		// the workflow's time zone (UTC here) when the credential's Service Time Zone is empty
		expect(item.receivedAt).toBe(`${String(item.d_receiver).replace(' ', 'T')}+00:00`);
	});

	it('does not lose a reply that arrives during a poll (after its replies were read)', async () => {
		const { mailing, session } = await t.watching(RECENT);
		const first = t.reply(mailing, 'first');
		// readResponseStatus waits; the reply arrives between reading the replies and marking them
		t.sandbox.setFaults({
			rules: [{ apiMethod: 'readResponseStatus', kind: 'delay', delayMs: 400, count: 1 }],
		});
		let late = '';
		let pollFinished = false;
		let injectedDuringPoll = false;
		const arrival = (async () => {
			while (!t.sandbox.requests().some((request) => request.apiMethod === 'readResponseStatus')) {
				await new Promise((resolve) => setTimeout(resolve, 5));
			}
			late = t.reply(mailing, 'late');
			injectedDuringPoll = !pollFinished;
		})();
		const during = await session.poll();
		pollFinished = true;
		await arrival;
		expect(injectedDuringPoll).toBe(true);
		expect(during.items.map((item) => item.id)).toEqual([first]);
		const marked = t.sandbox
			.requests()
			.find((request) => request.apiMethod === 'readResponseStatus');
		expect(marked?.body).toMatchObject({ incoming_messages: first });

		const next = await session.poll();
		expect(next.items.map((item) => item.id)).toEqual([late]);
	});

	it('a reply to a mailing created after activation is emitted', async () => {
		const session = t.session(RECENT);
		await session.poll();
		t.sandbox.advanceClock(30);
		const mailing = await t.sendChat('New campaign');
		const id = t.reply(mailing, 'hi');
		const { items } = await session.poll();
		expect(items.map((item) => item.id)).toEqual([id]);
	});

	it('watches specific mailings by ID', async () => {
		const watched = await t.sendChat('watched');
		const other = await t.sendChat('other');
		const session = t.session({
			watch: 'specificMailings',
			mailings: pickedMailings(watched),
			markAsRead: true,
		});
		await session.poll();
		const id = t.reply(watched, 'yes');
		t.reply(other, 'not watched');
		t.sandbox.clearRequests();
		const { items } = await session.poll();
		expect(items).toEqual([expect.objectContaining({ id, mailing: { message_id: watched } })]);
		expect(methodsCalled(t.sandbox.requests())).toEqual([
			'getNewIncomingMessages',
			'readResponseStatus',
		]);
	});

	it('with Mark as Read off, emits once and leaves the replies unread', async () => {
		const { mailing, session } = await t.watching({ ...RECENT, markAsRead: false });
		const id = t.reply(mailing, 'keep me unread');
		expect((await session.poll()).items.map((item) => item.id)).toEqual([id]);
		expect((await session.poll()).result).toBeNull();
		expect(methodsCalled(t.sandbox.requests())).not.toContain('readResponseStatus');
		expect((await t.unread(mailing)).map((reply) => reply.id)).toEqual([id]);
	});

	it("receivedAt carries the offset of the credential's Service Time Zone; a bad zone is refused clearly", async () => {
		const mailing = await t.sendChat();
		const id = t.reply(mailing, 'hello');
		const session = t.session(
			{ ...RECENT, options: { includeExisting: true } },
			{ serviceTimeZone: 'Europe/Minsk' },
		);
		const { items, error } = await session.poll();
		expect(error).toBeUndefined();
		expect(items.map((item) => item.id)).toEqual([id]);
		expect(items[0].receivedAt).toBe(`${String(items[0].d_receiver).replace(' ', 'T')}+03:00`);

		const bad = await t.session(RECENT, { serviceTimeZone: 'Mars/Olympus' }).poll();
		expect(bad.error?.message).toBe(
			'Invalid Service Time Zone: "Mars/Olympus" is not a time zone name',
		);
	});
});
