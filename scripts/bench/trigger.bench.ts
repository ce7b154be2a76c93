// `npm run bench:trigger`: how fast the reply trigger emits replies, and at what cost, for
// M = 100, 1,000, 5,000 and 20,000 watched chat mailings. In-process: the emulator (manual
// clock) and the trigger in n8n's real engine (test/harness/poll.ts), one poll per emulated
// minute. Runs under jest only because the harness needs its globals; it asserts nothing
// about time, it prints a table (and asserts the correctness line).
//
// Per M, two reply patterns during 60 polls (3 replies a poll): to the 20 newest mailings
// (created within the last hour), and spread uniformly over all mailings. Then polls until
// every reply is out. Replies existing before activation (one per 50 mailings) must never come.
import { startSandbox, type Sandbox } from '../../test/sandbox';
import { TEST_API_KEY } from '../../test/harness/keys';
import { TriggerSession } from '../../test/harness/poll';

const HOUR_MS = 3600_000;
const SIZES = (process.env.TRIGGER_BENCH_SIZES ?? '100,1000,5000,20000').split(',').map(Number);
const INJECT_POLLS = 60;
const PER_POLL = 3;
const MAX_POLLS = 1500;

interface Row {
	m: number;
	pattern: string;
	latency: number[];
	requests: number[];
	stateBytes: number;
	correct: string;
}

function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** A small deterministic random generator (the runs are repeatable). */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1103515245 + 12345) % 2147483648;
		return state / 2147483648;
	};
}

async function run(sandbox: Sandbox, m: number, pattern: 'newest' | 'uniform'): Promise<Row> {
	sandbox.reset();
	const chatnameId = sandbox.account(TEST_API_KEY).chatnameIds[0];
	expect(chatnameId).toBeDefined();
	const now = sandbox.now().getTime();
	const old = sandbox.seedChatMailings(TEST_API_KEY, m - 20, {
		oldestAt: now - 6 * 24 * HOUR_MS,
		newestAt: now - 2 * HOUR_MS,
	});
	const recent = sandbox.seedChatMailings(TEST_API_KEY, 20, {
		oldestAt: now - 40 * 60_000,
		newestAt: now - 60_000,
	});
	const all = [...old, ...recent];
	const existing = new Set<string>();
	for (let n = 0; n < all.length; n += 50)
		existing.add(
			sandbox.injectReply(TEST_API_KEY, {
				message_id: all[n],
				phone: '375290000000',
				message: 'old',
			}).id,
		);
	sandbox.advanceClock(1);

	const session = new TriggerSession({
		baseUrl: sandbox.url,
		parameters: { watch: 'recentMailings', days: 7, markAsRead: true },
		beforePoll: () => jest.setSystemTime(sandbox.now()),
	});
	await session.poll();
	const rand = random(m + (pattern === 'newest' ? 1 : 2));
	const arrivedAt = new Map<string, number>();
	const latency: number[] = [];
	const requests: number[] = [];
	const emitted: string[] = [];
	for (let poll = 1; poll <= MAX_POLLS; poll++) {
		sandbox.advanceClock(60);
		if (poll <= INJECT_POLLS) {
			for (let n = 0; n < PER_POLL; n++) {
				const target =
					pattern === 'newest'
						? recent[Math.floor(rand() * recent.length)]
						: all[Math.floor(rand() * all.length)];
				arrivedAt.set(
					sandbox.injectReply(TEST_API_KEY, {
						message_id: target,
						phone: '375291234567',
						message: `p${poll}`,
					}).id,
					poll,
				);
			}
		}
		sandbox.clearRequests();
		const outcome = await session.poll();
		if (outcome.error) throw outcome.error;
		requests.push(sandbox.requests().length);
		for (const item of outcome.items) {
			const id = String(item.id);
			emitted.push(id);
			const at = arrivedAt.get(id);
			if (at !== undefined) latency.push(poll - at + 1);
		}
		if (poll >= INJECT_POLLS && emitted.length >= arrivedAt.size) break;
	}
	const once = new Set(emitted).size === emitted.length;
	const complete = [...arrivedAt.keys()].every((id) => emitted.includes(id));
	const noneOld = emitted.every((id) => !existing.has(id));
	const correct =
		once && complete && noneOld
			? 'ok'
			: `FAIL (once ${once}, all ${complete}, none old ${noneOld})`;
	return { m, pattern, latency, requests, stateBytes: session.savedStaticData().length, correct };
}

describe('reply trigger bench', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		jest.useFakeTimers({
			doNotFake: [
				'nextTick',
				'setImmediate',
				'clearImmediate',
				'setTimeout',
				'clearTimeout',
				'setInterval',
				'clearInterval',
				'queueMicrotask',
				'hrtime',
				'performance',
			],
		});
		sandbox = await startSandbox({ tokens: [TEST_API_KEY], quiet: true });
	});
	afterAll(async () => {
		jest.useRealTimers();
		await sandbox.close();
	});

	it('prints the table', async () => {
		const rows: Row[] = [];
		for (const m of SIZES)
			for (const pattern of ['newest', 'uniform'] as const)
				rows.push(await run(sandbox, m, pattern));
		const lines = [
			'| M | replies to | polls to emission (median / p95 / max) | requests per poll (median / max) | static data | correct |',
			'|---|---|---|---|---|---|',
			...rows.map(
				(row) =>
					`| ${row.m.toLocaleString('en')} | ${row.pattern === 'newest' ? '20 newest' : 'any (uniform)'} | ${percentile(row.latency, 50)} / ${percentile(row.latency, 95)} / ${Math.max(...row.latency)} | ${percentile(row.requests, 50)} / ${Math.max(...row.requests)} | ${(row.stateBytes / 1024).toFixed(1)} KB | ${row.correct} |`,
			),
		];
		process.stdout.write(
			`\n${lines.join('\n')}\n\n(1 = emitted by the first poll after the reply arrived; one poll per minute)\n`,
		);
		for (const row of rows) expect(row.correct).toBe('ok');
	});
});
