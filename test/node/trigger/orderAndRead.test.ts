import type { IDataObject } from 'n8n-workflow';

import { TEST_API_KEY } from '../../harness/keys';
import { PHONE, RECENT, useTriggerSandbox, useFaultProxy } from './fixture';

const t = useTriggerSandbox();
const hostile = useFaultProxy(t);

/** Polls until nothing new comes (at most `max` polls); each poll's texts, in output order. */
async function turns(session: ReturnType<typeof t.session>, max = 10): Promise<string[][]> {
	const result: string[][] = [];
	for (let poll = 0; poll < max; poll++) {
		t.sandbox.advanceClock(60);
		const outcome = await session.poll();
		expect(outcome.error).toBeUndefined();
		if (outcome.items.length === 0) break;
		result.push(outcome.items.map((item) => String(item.chatInput)));
	}
	return result;
}

describe("Messaging Service Trigger: a customer's messages in the order they were sent", () => {
	it.each([
		[2, 1],
		[2, 2],
		[3, 1],
		[3, 2],
		[3, 4],
	])(
		'across %i mailings with Max Replies per Poll %i: no later message in an earlier turn',
		async (mailingCount, cap) => {
			const mailings: number[] = [];
			for (let n = 0; n < mailingCount; n++) mailings.push(await t.sendChat(`mailing ${n}`));
			const session = t.session({ ...RECENT, options: { maxRepliesPerPoll: cap } });
			await session.poll();
			// the customer writes to each mailing in turn: 1 to the first, 2 to the second, ...
			const texts: string[] = [];
			for (let n = 0; n < 6; n++) {
				t.sandbox.advanceClock(5);
				texts.push(String(n + 1));
				t.reply(mailings[n % mailingCount], String(n + 1));
			}
			const output = await turns(session);
			expect(output.flat()).toEqual(texts);
			expect(output.every((turn) => turn.length <= cap)).toBe(true);
		},
	);

	it('Combine Replies per Phone under the cap: each turn holds the next messages in order', async () => {
		const campaign = await t.sendChat('campaign');
		const answer = await t.sendChat("the bot's answer");
		const session = t.session({
			...RECENT,
			options: { maxRepliesPerPoll: 2, combineRepliesPerPhone: true },
		});
		await session.poll();
		for (const [n, mailing] of [campaign, answer, campaign].entries()) {
			t.sandbox.advanceClock(5);
			t.reply(mailing, String(n + 1));
		}
		expect(await turns(session)).toEqual([['1\n2'], ['3']]);
	});

	it('replies of the same second keep the order the service listed them in, not their IDs', async () => {
		const mailing = await t.sendChat();
		const session = t.session(RECENT);
		await session.poll();
		t.sandbox.advanceClock(60);
		for (const [id, text] of [
			['900', 'first'],
			['100', 'second'],
			['500', 'third'],
		]) {
			t.sandbox.injectReply(TEST_API_KEY, { message_id: mailing, phone: PHONE, message: text, id });
		}
		expect(await turns(session)).toEqual([['first', 'second', 'third']]);
	});
});

describe('Messaging Service Trigger: marked as read, eventually', () => {
	it.each([1, 3, 10])(
		'mark-as-read failing for %i polls: retried until it works, never output twice',
		async (failingPolls) => {
			const mailing = await t.sendChat();
			const session = t.session(RECENT);
			await session.poll();
			let failing = failingPolls;
			hostile.proxy.intercept = (request) =>
				failing > 0 && request.apiMethod === 'readResponseStatus'
					? { status: 500, body: { error: 'server unavailable' } }
					: undefined;
			const retried = t.session(RECENT, {
				baseUrl: hostile.proxy.url,
				savedStaticData: session.savedStaticData(),
			});
			const id = t.reply(mailing, 'please mark me');
			const output: unknown[] = [];
			for (let poll = 0; poll < failingPolls + 2; poll++) {
				t.sandbox.advanceClock(60);
				const outcome = await retried.poll();
				failing--;
				output.push(...outcome.items.map((item) => item.id));
				if (poll < failingPolls) expect(await t.unread(mailing)).toHaveLength(1);
			}
			expect(output).toEqual([id]);
			expect(await t.unread(mailing)).toEqual([]);
		},
	);

	it('one reply the service refuses to mark does not hold up the others: that one alone is given up', async () => {
		const mailing = await t.sendChat();
		const session = t.session(RECENT, { baseUrl: hostile.proxy.url });
		await session.poll();
		t.sandbox.advanceClock(60);
		const ids = [t.reply(mailing, 'one'), t.reply(mailing, 'two'), t.reply(mailing, 'three')];
		const refused = ids[1];
		hostile.proxy.intercept = (request) =>
			request.apiMethod === 'readResponseStatus' &&
			(request.params.get('incoming_messages') ?? '').split(',').includes(refused)
				? {
						status: 400,
						body: { status: 'error', error: `incoming_messages: ${refused} cannot be marked` },
					}
				: undefined;
		expect((await session.poll()).items).toHaveLength(3);
		expect((await t.unread(mailing)).map((reply) => reply.id)).toEqual([refused]);
		t.sandbox.advanceClock(60);
		expect((await session.poll()).result).toBeNull();
		expect((session.nodeStaticData().replyTrigger as IDataObject).pendingRead).toEqual([]);
	});
});
