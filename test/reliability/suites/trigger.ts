/**
 * 5. The trigger under faults: polls that fail midway, restarts between polls (static data saved
 * as JSON and loaded again), a failing mark-as-read and a wrong key: no reply twice, none missed.
 */
import type { INodeParameters } from 'n8n-workflow';

import { TriggerSession, type PollOutcome } from '../../harness/poll';
import type { FaultConfig, FaultRule } from '../../sandbox';
import { WRONG_KEY } from '../lib/faults';
import { closeAtEnd, inBackground, outcomeOf } from '../lib/background';
import { figures } from '../lib/figures';
import { leakWatch } from '../lib/leaks';
import { World } from '../lib/world';

/** An active trigger as n8n keeps it, with a tally of what it emitted. */
class Watch {
	readonly emitted = new Map<string, number>();
	/** reply ID → how often it was emitted again, flagged `redelivered` */
	readonly redelivered = new Map<string, number>();
	session: TriggerSession;

	constructor(
		private readonly world: World,
		parameters: INodeParameters,
	) {
		this.session = new TriggerSession({ baseUrl: world.url, parameters });
	}

	/** One poll; `restart` first reloads the workflow from its saved static data; `apiKey` polls with another key. */
	async poll(
		options: { restart?: boolean; faults?: FaultConfig; apiKey?: string } = {},
	): Promise<PollOutcome> {
		if (options.restart) this.session = this.session.restart();
		if (options.faults) this.world.sandbox.setFaults(options.faults);
		const session = options.apiKey
			? new TriggerSession({
					...this.session.options,
					apiKey: options.apiKey,
					savedStaticData: this.session.savedStaticData(),
				})
			: this.session;
		const outcome = await session.poll();
		if (options.apiKey)
			this.session = new TriggerSession({
				...this.session.options,
				savedStaticData: session.savedStaticData(),
			});
		this.world.sandbox.clearFaults();
		figures.trigger.polls++;
		leakWatch.scanPoll('trigger under faults', outcome);
		// a reply emitted again after a restart says so (`redelivered`): its first execution was not seen to
		// finish. The first emission counts whether flagged or not: after a restart the trigger also flags
		// what it cannot tell from a reply the stopped n8n emitted (docs/guarantees.md)
		for (const item of outcome.items) {
			const id = String(item.id);
			const again = this.emitted.has(id);
			const counts = again && item.redelivered === true ? this.redelivered : this.emitted;
			counts.set(id, (counts.get(id) ?? 0) + 1);
		}
		return outcome;
	}

	/** Each of `ids` emitted exactly once (and again only flagged `redelivered`, after a restart), and nothing else. */
	expectEachOnce(ids: string[]): void {
		const counts = ids.map((id) => this.emitted.get(id) ?? 0);
		const extra = [...this.emitted.keys(), ...this.redelivered.keys()].filter(
			(id) => !ids.includes(id),
		);
		figures.replies.checked += ids.length;
		figures.replies.redelivered += [...this.redelivered.values()].reduce(
			(sum, count) => sum + count,
			0,
		);
		figures.replies.missed += counts.filter((count) => count === 0).length;
		figures.replies.duplicated +=
			counts.reduce((sum, count) => sum + Math.max(0, count - 1), 0) + extra.length;
		expect({
			missed: ids.filter((_, i) => counts[i] === 0),
			twice: ids.filter((_, i) => counts[i] > 1),
			extra,
		}).toEqual({
			missed: [],
			twice: [],
			extra: [],
		});
	}
}

/** Lets the first `pass` requests of a method through, then fails `fail` of them (more than the retries of a read). */
function failAfter(
	apiMethod: string,
	pass: number,
	kind: FaultRule['kind'],
	fail = 4,
): FaultConfig {
	return {
		rules: [
			...(pass > 0 ? [{ apiMethod, kind: 'delay' as const, delayMs: 0, count: pass }] : []),
			{ apiMethod, kind, count: fail },
		],
	};
}

/** An emulator of the scenario's own, its clock brought to the real one (the trigger reads "created within N days" against it). */
async function scenarioWorld(): Promise<World> {
	const world = await World.start();
	closeAtEnd(async () => await world.close());
	const behind = Date.now() - world.sandbox.now().getTime();
	if (behind > 0) world.sandbox.advanceClock(Math.ceil(behind / 1000));
	return world;
}

async function mailings(world: World, count: number, tag: string): Promise<number[]> {
	const ids: number[] = [];
	for (let i = 0; i < count; i++)
		ids.push(
			await world.chatMailing(`37529123${String(i).padStart(4, '0')}`, `${tag} mailing ${i}`),
		);
	return ids;
}

function replies(world: World, mailingIds: number[], perMailing: number, tag: string): string[] {
	world.sandbox.advanceClock(3);
	return mailingIds.flatMap((id) =>
		Array.from({ length: perMailing }, (_, i) => world.reply(id, `${tag} reply ${i} to ${id}`)),
	);
}

const scenarios: Array<{ title: string; run: (world: World) => Promise<void> }> = [];

/** A scenario runs in the background on its own emulator (it mostly waits for retries); its test collects the outcome. */
function scenario(title: string, run: (world: World) => Promise<void>): void {
	scenarios.push({ title, run });
}

for (const kind of ['500-before', 'drop-after', 'html'] as const) {
	scenario(
		`a poll whose read of the second of three mailings fails (${kind}, every retry) emits the others' replies; the next poll that one's, each once`,
		async (world) => {
			const ids = await mailings(world, 3, `midway-${kind}`);
			const watch = new Watch(world, {
				watch: 'specificMailings',
				mailings: { mailing: [{ messageId: ids.join(',') }] },
				markAsRead: true,
			});
			expect((await watch.poll()).result).toBeNull();
			const sent = replies(world, ids, 3, kind);

			const failed = await watch.poll({ faults: failAfter('getNewIncomingMessages', 1, kind) });
			// a mailing that cannot be read holds up no other; a single failure is not reported
			expect(failed.error).toBeUndefined();
			const of = (id: number) => [0, 1, 2].map((i) => `${kind} reply ${i} to ${id}`);
			expect(failed.items.map((item) => item.message)).toEqual([...of(ids[0]), ...of(ids[2])]);

			expect((await watch.poll()).items.map((item) => item.message)).toEqual(of(ids[1]));
			expect((await watch.poll({ restart: true })).result).toBeNull();
			watch.expectEachOnce(sent);
		},
	);
}

scenario(
	'restarts between every poll, with failures and new replies in between: each reply exactly once',
	async (world) => {
		const ids = await mailings(world, 2, 'restarts');
		const watch = new Watch(world, {
			watch: 'specificMailings',
			mailings: { mailing: [{ messageId: ids.join(', ') }] },
			markAsRead: true,
		});
		await watch.poll();
		const sent = [...replies(world, ids, 2, 'first')];
		await watch.poll({ restart: true });
		sent.push(...replies(world, ids, 2, 'second'));
		const failed = await watch.poll({
			restart: true,
			faults: failAfter('getNewIncomingMessages', 1, '500-before'),
		});
		expect(failed.error).toBeUndefined();
		sent.push(...replies(world, [ids[1]], 1, 'third'));
		await watch.poll({ restart: true });
		await watch.poll({ restart: true });
		watch.expectEachOnce(sent);
		// and the service was told: nothing is left unread
		for (const id of ids)
			expect(await world.v2('getNewIncomingMessages', { message_id: id })).toEqual([]);
	},
);

scenario(
	'a failing mark-as-read never makes a reply come twice unflagged, across polls and restarts, and nothing new is missed',
	async (world) => {
		const logMark = leakWatch.mark();
		const [id] = await mailings(world, 1, 'mark-fails');
		const watch = new Watch(world, {
			watch: 'specificMailings',
			mailings: { mailing: [{ messageId: String(id) }] },
			markAsRead: true,
		});
		await watch.poll();
		const sent = replies(world, [id], 2, 'unmarked');
		const failing: FaultConfig = {
			rules: [{ apiMethod: 'readResponseStatus', kind: '500-before' }],
		};

		const first = await watch.poll({ faults: failing });
		expect(first.error).toBeUndefined();
		expect(first.items).toHaveLength(2);
		// the service still shows them unread
		expect(
			((await world.v2('getNewIncomingMessages', { message_id: id })) as unknown[]).length,
		).toBe(2);
		expect((await watch.poll({ faults: failing })).result).toBeNull();
		sent.push(...replies(world, [id], 1, 'while failing'));
		expect((await watch.poll({ restart: true, faults: failing })).items).toHaveLength(1);
		// the fault is gone. The last one's execution finished before the restart, but n8n saves a poll
		// trigger's state only with an emit: it comes again flagged, and is marked read this time
		expect((await watch.poll({ restart: true })).items).toEqual([
			expect.objectContaining({ id: sent[2], redelivered: true }),
		]);
		sent.push(...replies(world, [id], 1, 'after'));
		expect((await watch.poll()).items).toHaveLength(1);
		watch.expectEachOnce(sent);
		// n8n logged a warning (searched for the key like every log line)
		expect(leakWatch.loggedSince(logMark)).toMatch(/could not mark \d+ repl(y|ies) as read/);
	},
);

scenario(
	'a mark-as-read that the service processed but answered 500 is retried safely (marking is idempotent)',
	async (world) => {
		const [id] = await mailings(world, 1, 'mark-500-after');
		const watch = new Watch(world, {
			watch: 'specificMailings',
			mailings: { mailing: [{ messageId: String(id) }] },
			markAsRead: true,
		});
		await watch.poll();
		const sent = replies(world, [id], 3, 'marked');
		const outcome = await watch.poll({
			faults: { rules: [{ apiMethod: 'readResponseStatus', kind: '500-after', count: 1 }] },
		});
		expect(outcome.items).toHaveLength(3);
		expect(await world.v2('getNewIncomingMessages', { message_id: id })).toEqual([]);
		expect((await watch.poll({ restart: true })).result).toBeNull();
		watch.expectEachOnce(sent);
	},
);

scenario(
	'36 replies over polls capped at 7, with faults in some polls and a restart before each: each exactly once, oldest first',
	async (world) => {
		const ids = await mailings(world, 3, 'capped');
		const watch = new Watch(world, {
			watch: 'specificMailings',
			mailings: { mailing: [{ messageId: ids.join(',') }] },
			markAsRead: true,
			options: { maxRepliesPerPoll: 7 },
		});
		await watch.poll();
		const sent = replies(world, ids, 12, 'capped');
		const faults: Array<FaultConfig | undefined> = [
			undefined,
			failAfter('getNewIncomingMessages', 1, '500-before'),
			{ rules: [{ apiMethod: 'getNewIncomingMessages', kind: 'drop-after', count: 2 }] },
			{ rules: [{ apiMethod: 'readResponseStatus', kind: '500-before' }] },
			failAfter('getNewIncomingMessages', 2, 'html'),
		];
		const order: string[] = [];
		for (let poll = 0; poll < 30 && order.length < sent.length; poll++) {
			const outcome = await watch.poll({ restart: true, faults: faults[poll % faults.length] });
			// the order of first emissions (a reply whose mark failed before the restart comes again, flagged)
			order.push(
				...outcome.items.map((item) => String(item.id)).filter((id) => !order.includes(id)),
			);
			expect(outcome.items.length).toBeLessThanOrEqual(7);
		}
		expect((await watch.poll({ restart: true })).result).toBeNull();
		watch.expectEachOnce(sent);
		// per mailing, oldest first
		ids.forEach((_, m) => {
			const ofMailing = sent.slice(m * 12, m * 12 + 12);
			expect(order.filter((reply) => ofMailing.includes(reply))).toEqual(ofMailing);
		});
	},
);

scenario(
	'Recent Mailings: a failed listing changes nothing; a mailing created meanwhile is watched; each reply once',
	async (world) => {
		const [first] = await mailings(world, 1, 'recent-a');
		const watch = new Watch(world, { watch: 'recentMailings', days: 7, markAsRead: true });
		expect((await watch.poll()).result).toBeNull();
		const [second] = await mailings(world, 1, 'recent-b');
		const sent = replies(world, [first, second], 2, 'recent');
		const failed = await watch.poll({ faults: failAfter('getChatMessages', 0, '500-before') });
		expect(failed.error?.message).toMatch(/unavailable \(500\)/);
		await watch.poll({ restart: true });
		expect((await watch.poll({ restart: true })).result).toBeNull();
		// only this test's replies count: other tests' mailings are recent too
		const mine = [...watch.emitted.keys()].filter((id) => sent.includes(id));
		expect(mine.sort()).toEqual([...sent].sort());
		expect([...watch.emitted.values()].every((count) => count === 1)).toBe(true);
		figures.replies.checked += sent.length;
	},
);

scenario(
	'a wrong key for a while: the polls fail clearly, change nothing, and then every reply comes once',
	async (world) => {
		const [id] = await mailings(world, 1, 'wrong-key');
		const watch = new Watch(world, {
			watch: 'specificMailings',
			mailings: { mailing: [{ messageId: String(id) }] },
			markAsRead: true,
		});
		await watch.poll();
		const sent = replies(world, [id], 2, 'wrong key');
		const refused = await watch.poll({ apiKey: WRONG_KEY });
		expect(refused.error?.message).toMatch(/refused the API key \(401\)/);
		expect((refused.error as { description?: string }).description).toMatch(/Check the API Key/);
		sent.push(...replies(world, [id], 1, 'still wrong'));
		expect((await watch.poll({ apiKey: WRONG_KEY, restart: true })).error).toBeDefined();
		expect((await watch.poll({ restart: true })).items).toHaveLength(3);
		watch.expectEachOnce(sent);
	},
);

export function startTriggerScenarios(): void {
	for (const { title, run } of scenarios) {
		inBackground(`trigger: ${title}`, async () => {
			const world = await scenarioWorld();
			figures.trigger.scenarios++;
			await run(world);
		});
	}
}

export function triggerSuite(): void {
	describe('5. the trigger under faults: no duplicate, no missed reply (each scenario ran in the background on its own emulator)', () => {
		for (const { title } of scenarios) {
			it(
				title,
				async () => {
					await outcomeOf(`trigger: ${title}`);
				},
				150_000,
			);
		}
	});
}
