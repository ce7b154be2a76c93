import type { INodeParameters } from 'n8n-workflow';

import type { ProxiedRequest } from '../../hostile/faultProxy';
import { pickedMailings, RECENT, useTriggerSandbox, useFaultProxy } from './fixture';

// Why it takes about 70 s alone and cannot take much less: 9 s of it is CPU, the rest is the node's
// retry back-off (real sleeps, 0.5 s doubling, with jitter) on each read of the failing mailing,
// which is what these cases check the other mailings are read around. It waits, so it holds a jest
// worker, not a core. The 50-poll cases took about 15 s in a whole-suite run on a busy machine; ten
// times that must still pass.
jest.setTimeout(300_000);

const t = useTriggerSandbox();
const hostile = useFaultProxy(t);

const readsOf = (id: number) => (request: ProxiedRequest) =>
	request.apiMethod === 'getNewIncomingMessages' && request.params.get('message_id') === String(id);
const SERVER_ERROR = { status: 500, body: { error: 'server unavailable' } };
const NOT_FOUND = { status: 400, body: { status: 'error', error: 'message_id: not found' } };

/** A bad mailing and two healthy ones, watched by a session past its activation poll. */
async function watchThree(watch: 'specificMailings' | 'recentMailings') {
	const bad = await t.sendChat('bad');
	const good = [await t.sendChat('first healthy'), await t.sendChat('second healthy')];
	const parameters: INodeParameters =
		watch === 'specificMailings'
			? { watch, mailings: pickedMailings(bad, ...good), markAsRead: true }
			: RECENT;
	return { bad, good, session: t.session(parameters, { baseUrl: hostile.proxy.url }) };
}

describe.each(['specificMailings', 'recentMailings'] as const)(
	'Messaging Service Trigger (%s): one mailing that cannot be read',
	(watch) => {
		// the activation poll is the first that fails
		it.each([1, 5, 50])(
			'failing for %i polls: every healthy reply within one poll, each once; reported once; its reply after',
			async (polls) => {
				const { bad, good, session } = await watchThree(watch);
				let failing = true;
				hostile.proxy.intercept = (request) =>
					failing && readsOf(bad)(request) ? SERVER_ERROR : undefined;
				expect((await session.poll()).error).toBeUndefined();
				const waiting = t.reply(bad, 'waiting for the bad mailing');

				const output: string[] = [];
				const errors: string[] = [];
				let pollsReadingBad = 0;
				for (let poll = 1; poll < polls + 20; poll++) {
					if (poll === polls) failing = false;
					t.sandbox.advanceClock(60);
					const fresh = t.reply(good[poll % 2], `hello ${poll}`);
					const before = hostile.proxy.requests.length;
					const outcome = await session.poll();
					if (failing && hostile.proxy.requests.slice(before).some(readsOf(bad))) pollsReadingBad++;
					const ids = outcome.items.map((item) => String(item.id));
					expect(ids).toContain(fresh);
					output.push(...ids);
					if (outcome.error) errors.push(outcome.error.message);
				}
				expect(new Set(output).size).toBe(output.length);
				expect(output.filter((id) => id === waiting)).toHaveLength(1);
				expect(await t.unread(bad)).toEqual([]);
				// a single failure is a passing fault; from the second in a row it is reported, once
				expect(errors).toHaveLength(polls >= 2 ? 1 : 0);
				if (polls >= 2)
					expect(errors[0]).toMatch(
						new RegExp(
							`mailing ${bad} could not be read 2 times in a row \\(The service is unavailable \\(500\\)`,
						),
					);
				// backoff: tried after 1, 2, 4, 8, then every 16 polls: 7 reads in 50 polls (100 polls showed
				// nothing more, at twice the cost; without backoff it is 50)
				if (polls === 50) expect(pollsReadingBad).toBeLessThanOrEqual(7);
			},
		);

		it('the service says it no longer exists: reported once, never read again, the others go on', async () => {
			const { bad, good, session } = await watchThree(watch);
			hostile.proxy.intercept = (request) => (readsOf(bad)(request) ? NOT_FOUND : undefined);
			await session.poll();
			const errors: Error[] = [];
			for (let poll = 0; poll < 10; poll++) {
				t.sandbox.advanceClock(60);
				const fresh = t.reply(good[poll % 2], `hello ${poll}`);
				const outcome = await session.poll();
				expect(outcome.items.map((item) => item.id)).toEqual([fresh]);
				if (outcome.error) errors.push(outcome.error);
			}
			expect(errors.map((error) => error.message)).toEqual([
				`Replies to a watched mailing are not coming in: mailing ${bad} no longer exists on the service, so it is no longer read (The service refused the request as invalid (400): message_id: not found)`,
			]);
			expect((errors[0] as { description?: string }).description).toMatch(
				/remove it from Mailings/,
			);
			expect(hostile.proxy.requests.filter(readsOf(bad))).toHaveLength(1);
		});

		it('an answer that is not a list is a fault of that mailing, named by its method, never "no replies"', async () => {
			const { bad, good, session } = await watchThree(watch);
			hostile.proxy.rewrite = (request, body) =>
				readsOf(bad)(request) ? { status: 'OK', result: { id: '1', message: 'not a list' } } : body;
			await session.poll();
			t.reply(bad, 'kept for later');
			const errors: string[] = [];
			for (let poll = 0; poll < 3; poll++) {
				t.sandbox.advanceClock(60);
				const fresh = t.reply(good[0], `hello ${poll}`);
				const outcome = await session.poll();
				expect(outcome.items.map((item) => item.id)).toEqual([fresh]);
				if (outcome.error) errors.push(outcome.error.message);
			}
			expect(errors).toHaveLength(1);
			expect(errors[0]).toContain(
				'The service answered getNewIncomingMessages with an object where a list was expected',
			);
			expect(await t.unread(bad)).toHaveLength(1);
		});
	},
);

describe('Messaging Service Trigger: reporting a mailing that cannot be read', () => {
	it('never on the first poll after n8n loads the workflow (n8n would refuse to activate it): on the next one', async () => {
		const { bad, good, session } = await watchThree('specificMailings');
		hostile.proxy.intercept = (request) => (readsOf(bad)(request) ? SERVER_ERROR : undefined);
		await session.poll();
		const restarted = session.restart();
		t.sandbox.advanceClock(60);
		const first = t.reply(good[0], 'after restart');
		// the second failure in a row, on the first poll after loading: not reported yet
		const atLoad = await restarted.poll('trigger', 'init');
		expect(atLoad.error).toBeUndefined();
		expect(atLoad.items.map((item) => item.id)).toEqual([first]);
		const errors: string[] = [];
		for (let poll = 0; poll < 6; poll++) {
			t.sandbox.advanceClock(60);
			const outcome = await restarted.poll();
			if (outcome.error) errors.push(outcome.error.message);
		}
		expect(errors).toEqual([
			expect.stringMatching(new RegExp(`mailing ${bad} could not be read 2 times in a row`)),
		]);
	});

	it('Specific Mailings whose every read fails: the poll fails as a whole, each time, and changes nothing', async () => {
		const { good, session } = await watchThree('specificMailings');
		await session.poll();
		const saved = session.savedStaticData();
		hostile.proxy.intercept = (request) =>
			request.apiMethod === 'getNewIncomingMessages' ? SERVER_ERROR : undefined;
		for (let poll = 0; poll < 3; poll++) {
			const outcome = await session.poll();
			expect(outcome.error?.message).toMatch(/unavailable \(500\)/);
			expect(session.savedStaticData()).toBe(saved);
		}
		hostile.proxy.intercept = () => undefined;
		const fresh = t.reply(good[1], 'back');
		expect((await session.poll()).items.map((item) => item.id)).toEqual([fresh]);
	});

	it('Fetch Test Event shows the latest reply of the mailings that can be read', async () => {
		const { bad, good, session } = await watchThree('recentMailings');
		hostile.proxy.intercept = (request) => (readsOf(bad)(request) ? SERVER_ERROR : undefined);
		const id = t.reply(good[0], 'hello');
		const manual = await session.poll('manual', 'manual');
		expect(manual.error).toBeUndefined();
		expect(manual.items.map((item) => item.id)).toEqual([id]);
	});
});

// n8n's durable scheduler runs each scheduled poll with a static data object of its own (loaded from
// the database) and a budget under its poll timeout; its activation poll has n8n-core's default budget
describe("Messaging Service Trigger on n8n's durable scheduler: one mailing that cannot be read", () => {
	it('is reported once, by a scheduled poll, never by the activation poll; the healthy replies each once', async () => {
		const bad = await t.sendChat('bad');
		const good = await t.sendChat('healthy');
		hostile.proxy.intercept = (request) => (readsOf(bad)(request) ? SERVER_ERROR : undefined);
		const workflowId = 'durable-faults';
		const activation = t.session(RECENT, { baseUrl: hostile.proxy.url, workflowId });
		expect((await activation.poll()).error).toBeUndefined();
		let saved = activation.savedStaticData();
		const errors: string[] = [];
		const output: string[] = [];
		for (let poll = 1; poll <= 20; poll++) {
			t.sandbox.advanceClock(60);
			t.reply(good, `hello ${poll}`);
			const scheduled = t.session(RECENT, {
				baseUrl: hostile.proxy.url,
				workflowId,
				savedStaticData: saved,
				pollBudgetMs: 36_000,
			});
			const outcome = await scheduled.poll();
			output.push(...outcome.items.map((item) => String(item.id)));
			if (outcome.error) errors.push(outcome.error.message);
			saved = scheduled.savedStaticData();
		}
		expect(errors).toEqual([
			expect.stringMatching(new RegExp(`mailing ${bad} could not be read 2 times in a row`)),
		]);
		expect(output).toHaveLength(20);
		expect(new Set(output).size).toBe(20);
	});
});
