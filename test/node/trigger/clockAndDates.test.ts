import type { IDataObject } from 'n8n-workflow';

import { pickedMailings, RECENT, useTriggerSandbox, useFaultProxy } from './fixture';

const t = useTriggerSandbox();
const hostile = useFaultProxy(t);

describe('Messaging Service Trigger: a clock difference between n8n and the service', () => {
	// Max Mailings per Poll 1: the second mailing is first read after activation, where only time tells old from new
	it.each([-120, -90, -30, 0, 30, 90, 120])(
		'n8n %i s ahead: every reply after activation is output once, none from long before',
		async (skewSeconds) => {
			const watched = await t.sendChat('read at activation');
			const later = await t.sendChat('first read after activation');
			t.reply(later, 'long before activation');
			t.sandbox.advanceClock(20 * 60);
			const session = t.session(
				{
					watch: 'specificMailings',
					mailings: pickedMailings(watched, later),
					markAsRead: true,
					options: { maxMailingsPerPoll: 1 },
				},
				{ beforePoll: () => jest.setSystemTime(t.sandbox.now().getTime() + skewSeconds * 1000) },
			);
			expect((await session.poll()).result).toBeNull();

			t.sandbox.advanceClock(30);
			const fresh = [
				t.reply(watched, 'thirty seconds after activation'),
				t.reply(later, 'thirty seconds after, too'),
			];
			const output: unknown[] = [];
			for (let poll = 0; poll < 3; poll++) {
				t.sandbox.advanceClock(60);
				const outcome = await session.poll();
				expect(outcome.error).toBeUndefined();
				output.push(...outcome.items.map((item) => item.id));
			}
			expect(output.sort()).toEqual([...fresh].sort());
		},
	);

	it('a reply existing at activation is not output when the first poll saw the service write that second', async () => {
		const mailings = [await t.sendChat('one'), await t.sendChat('two')];
		t.sandbox.advanceClock(20 * 60);
		// both seconds before activation, on both mailings; only the first is read at activation
		for (const mailing of mailings) t.reply(mailing, 'just before activation');
		t.sandbox.advanceClock(1);
		const session = t.session({
			watch: 'specificMailings',
			mailings: pickedMailings(...mailings),
			options: { maxMailingsPerPoll: 1 },
		});
		await session.poll();
		t.sandbox.advanceClock(60);
		expect((await session.poll()).result).toBeNull();
	});
});

const ODD_DATES: Array<[string, unknown]> = [
	['zeros', '0000-00-00 00:00:00'],
	['zero date only', '0000-00-00'],
	['empty', ''],
	['null', null],
	['missing', undefined],
	['impossible day', '2026-02-30 10:00:00'],
	['impossible month', '2026-13-01 10:00:00'],
	['another format', '30.11.2026 10:00'],
	['a number', 1764500000],
	['far in the future', '2999-01-01 00:00:00'],
	['not a date', 'yesterday'],
];

describe('Messaging Service Trigger: a date the service writes oddly', () => {
	/** The service answering every reply of these mailings with this date. */
	function withDate(mailings: number[], date: unknown) {
		hostile.proxy.rewrite = (request, body) => {
			if (
				request.apiMethod !== 'getNewIncomingMessages' ||
				!mailings.map(String).includes(request.params.get('message_id') ?? '')
			)
				return body;
			const answer = body as { result: IDataObject[] };
			const dated = (reply: IDataObject) => {
				const copy = { ...reply };
				if (date === undefined) delete copy.d_receiver;
				else copy.d_receiver = date as IDataObject[string];
				return copy;
			};
			return { ...answer, result: answer.result.map(dated) };
		};
	}

	it.each(ODD_DATES)(
		'%s: output once with receivedAt null, marked read, on a mailing read at activation or after',
		async (_name, date) => {
			const early = await t.sendChat('read at activation');
			const late = await t.sendChat('first read after activation');
			const session = t.session(
				{
					watch: 'specificMailings',
					mailings: pickedMailings(early, late),
					markAsRead: true,
					options: { maxMailingsPerPoll: 1 },
				},
				{ baseUrl: hostile.proxy.url },
			);
			withDate([early, late], date);
			await session.poll();
			t.sandbox.advanceClock(60);
			const ids = [
				t.reply(early, 'odd date, early mailing'),
				t.reply(late, 'odd date, late mailing'),
			];
			const output: IDataObject[] = [];
			for (let poll = 0; poll < 4; poll++) {
				t.sandbox.advanceClock(60);
				const outcome = await session.poll();
				expect(outcome.error).toBeUndefined();
				output.push(...outcome.items);
			}
			expect(output.map((item) => item.id).sort()).toEqual([...ids].sort());
			expect(output.map((item) => item.receivedAt)).toEqual([null, null]);
			expect([...(await t.unread(early)), ...(await t.unread(late))]).toEqual([]);
		},
	);

	it('an odd date existing at activation stays existing (recorded by ID), like any other', async () => {
		const mailing = await t.sendChat();
		t.reply(mailing, 'existing, odd date');
		withDate([mailing], '0000-00-00 00:00:00');
		const session = t.session({ ...RECENT }, { baseUrl: hostile.proxy.url });
		await session.poll();
		t.sandbox.advanceClock(60);
		expect((await session.poll()).result).toBeNull();
	});

	it('a far-future date does not make later replies look seen when IDs are forgotten', async () => {
		const mailing = await t.sendChat();
		const session = t.session({ ...RECENT, markAsRead: false }, { baseUrl: hostile.proxy.url });
		await session.poll();
		withDate([mailing], '2999-01-01 00:00:00');
		t.reply(mailing, 'from the future');
		t.sandbox.advanceClock(60);
		expect((await session.poll()).items).toHaveLength(1);
		hostile.proxy.rewrite = (_request, body) => body;
		t.sandbox.advanceClock(60);
		const fresh = t.reply(mailing, 'an ordinary reply');
		expect((await session.poll()).items.map((item) => item.id)).toEqual([fresh]);
		expect(String((session.nodeStaticData().replyTrigger as IDataObject).floor ?? '')).not.toMatch(
			/^2999/,
		);
	});
});
