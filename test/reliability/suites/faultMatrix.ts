/**
 * 1. The fault matrix: every fault the emulator can inject x every kind of operation x 1 and
 * 100 input items (for the trigger: replies), judged from the emulator's own records.
 */
import { TEST_API_KEY } from '../../harness/keys';
import {
	DELAY_PAST_DEFAULT_TIMEOUT_MS,
	DELAY_PAST_NODE_TIMEOUT_MS,
	FAULTS,
	NODE_TIMEOUT_S,
	UNKNOWN_OUTCOME,
	unknownOutcomeOf,
	faultRules,
	type Fault,
} from '../lib/faults';
import { closeAtEnd, inBackground, outcomeOf } from '../lib/background';
import { figures } from '../lib/figures';
import { leakWatch } from '../lib/leaks';
import { OPERATION_KINDS, type CellRun, type OperationKind } from '../lib/operations';
import { phoneOf, World } from '../lib/world';

const ITEM_COUNTS = [1, 100];

type Mode = 'continueOnFail' | 'stopOnError';

interface Cell {
	fault: Fault;
	operation: OperationKind;
	n: number;
	/** the timeout cells mostly wait (operations without a Timeout option wait 30 s): they run in the background */
	slow: boolean;
	modes: Mode[];
}

function cells(): Cell[] {
	const list: Cell[] = [];
	for (const fault of FAULTS) {
		for (const operation of OPERATION_KINDS) {
			for (const n of ITEM_COUNTS) {
				const slow = fault.key === 'timeout';
				const failsWrites = operation.writes.length > 0 && !fault.retriedForWrites;
				// Without Continue On Fail only where items can fail: elsewhere both modes are the same run
				const modes: Mode[] =
					operation.hasItems && (failsWrites || fault.key === 'wrong-key')
						? ['continueOnFail', 'stopOnError']
						: ['continueOnFail'];
				list.push({ fault, operation, n, slow, modes });
			}
		}
	}
	return list;
}

function title(cell: Cell): string {
	return `${cell.fault.title} x ${cell.operation.key} x ${cell.n} ${cell.operation.hasItems ? (cell.n === 1 ? 'item' : 'items') : cell.n === 1 ? 'reply' : 'replies'}`;
}

let cellCounter = 0;

/** Runs one cell in one mode against `world`. */
async function runCell(world: World, cell: Cell, mode: Mode): Promise<CellRun> {
	const { fault, operation, n } = cell;
	const tag = `c${++cellCounter}${mode === 'continueOnFail' ? 'k' : 's'}`;
	const requests = operation.requests(n);
	const hits = n === 1 ? (fault.key === '429' ? 2 : 1) : Math.min(3, Math.ceil(requests / 2));
	const rules = faultRules(fault, operation.methods, {
		hits,
		// a burst late in the run (the pacer then knows the pace the service took so far)
		before429: n === 1 ? 0 : requests > 20 ? requests - 10 : Math.floor(requests / 2),
		delayMs: operation.hasTimeoutOption
			? DELAY_PAST_NODE_TIMEOUT_MS
			: DELAY_PAST_DEFAULT_TIMEOUT_MS,
	});
	world.clearRequests();
	return await operation.run({
		world,
		n,
		tag,
		fault,
		continueOnFail: mode === 'continueOnFail',
		apiKey: fault.apiKey ?? TEST_API_KEY,
		options:
			fault.key === 'timeout' && operation.hasTimeoutOption ? { timeout: NODE_TIMEOUT_S } : {},
		applyFaults: () => world.sandbox.setFaults({ rules }),
	});
}

/** The checks every cell must pass, and its share of the figures. */
function judge(cell: Cell, mode: Mode, run: CellRun, world: World): void {
	const { fault, operation } = cell;
	const where = `${title(cell)} (${mode})`;
	const writes = operation.writes.length > 0;

	for (const result of run.runs) leakWatch.scanRun(where, result);
	for (const poll of run.polls) leakWatch.scanPoll(where, poll);
	figures.matrix.runs += run.runs.length + run.polls.length;

	// the fault was really injected
	if (fault.key === 'wrong-key') {
		expect(run.requests.some((request) => request.status === 401)).toBe(true);
	} else {
		const tag = fault.key === 'timeout' ? 'delay' : fault.key;
		expect(
			run.requests.some(
				(request) => request.fault === tag && (fault.key !== '429' || request.status === 429),
			),
		).toBe(true);
	}

	// every item: a success, an error output naming the cause, or part of a clear execution error
	for (const verdict of run.verdicts) {
		figures.matrix.items++;
		const doubled = verdict.effects.reduce((sum, count) => sum + Math.max(0, count - 1), 0);
		const lost =
			verdict.outcome === 'missing' ||
			(verdict.outcome === 'success' && verdict.effects.some((count) => count === 0))
				? 1
				: 0;
		if (operation.effectKind === 'message') {
			figures.messages.checked += verdict.effects.length;
			figures.messages.doubled += doubled;
			figures.messages.lost += lost;
		} else if (operation.effectKind === 'template') {
			figures.templates.checked += verdict.effects.length;
			figures.templates.doubled += doubled;
			figures.templates.lost += lost;
		}
		expect({ where, item: verdict.index, doubled, lost }).toEqual({
			where,
			item: verdict.index,
			doubled: 0,
			lost: 0,
		});

		if (verdict.outcome === 'success') {
			figures.matrix.successes++;
			if (verdict.readOk !== undefined)
				expect({ where, item: verdict.index, readOk: verdict.readOk }).toEqual({
					where,
					item: verdict.index,
					readOk: true,
				});
		} else if (verdict.outcome === 'stopped') {
			figures.matrix.stopped++;
		} else if (verdict.outcome === 'error' && operation.hasItems) {
			figures.matrix.errorOutputs++;
			expect(verdict.error).toMatch(fault.cause);
			if (writes && (fault.unknownOutcome || verdict.effects.some((count) => count > 0))) {
				expect(verdict.description).toMatch(unknownOutcomeOf(operation.effectKind));
			}
		}
	}
	if (mode === 'continueOnFail' && operation.hasItems) {
		expect(
			run.verdicts.filter(
				(verdict) => verdict.outcome === 'stopped' || verdict.outcome === 'missing',
			),
		).toEqual([]);
		expect(run.executionErrors).toEqual([]);
	}
	for (const error of run.executionErrors) {
		figures.matrix.executionErrors++;
		expect(error.message).toMatch(fault.cause);
		if (writes && fault.unknownOutcome)
			expect(error.description).toMatch(unknownOutcomeOf(operation.effectKind));
	}

	// a write that failed is never sent again: one attempt per item, besides refused (429) ones
	const attempts = new Map<string, number>();
	for (const request of run.requests) {
		if (
			!request.apiMethod ||
			!operation.writes.includes(request.apiMethod) ||
			request.status === 429
		)
			continue;
		const identity = operation.identify(request);
		if (identity !== undefined) attempts.set(identity, (attempts.get(identity) ?? 0) + 1);
	}
	expect([...attempts.entries()].filter(([, count]) => count > 1)).toEqual([]);

	// what the fault must and must not cost
	const outcomes = run.verdicts.map((verdict) => verdict.outcome);
	if (fault.key === 'wrong-key') {
		if (operation.hasItems) expect(outcomes.filter((outcome) => outcome === 'success')).toEqual([]);
	} else if (!writes && fault.key === 'timeout' && operation.hasItems) {
		// a read that used up its Timeout is not tried again (the Timeout bounds the item): it fails, saying so
		expect(outcomes.filter((outcome) => outcome === 'error').length).toBeGreaterThan(0);
		expect(run.requests.filter((request) => request.fault === 'delay').length).toBeLessThanOrEqual(
			3,
		);
	} else if (!writes || fault.retriedForWrites) {
		// other failures of reads are retried, a 429 is retried for everything: nothing fails
		expect(outcomes.filter((outcome) => outcome !== 'success')).toEqual([]);
	}

	if (run.records) {
		figures.records.checked += run.records.checked;
		figures.records.missing += run.records.missing;
		figures.records.duplicated += run.records.duplicated;
		expect(run.records).toMatchObject({ missing: 0, duplicated: 0 });
	}
	if (run.templates) expect(run.templates.doubled).toBe(0);
	if (run.replies) {
		figures.replies.checked += run.replies.checked;
		figures.replies.missed += run.replies.missed;
		figures.replies.duplicated += run.replies.duplicated;
		expect(run.replies).toMatchObject({ missed: 0, duplicated: 0 });
	}
	expect(world.sandbox.counters().duplicates).toBe(0);
}

function count(cell: Cell): void {
	figures.matrix.cases++;
	figures.matrix.faults.add(cell.fault.key);
	figures.matrix.operations.add(cell.operation.key);
	figures.matrix.itemCounts.add(cell.n);
}

export function faultMatrixSuite(): void {
	// The timeout cells mostly wait (the operations without a Timeout option wait 30 s): they run in
	// the background, each on an emulator of its own, from the start of the suite; `slowLaneChecks`
	// judges them at the end.
	for (const cell of cells().filter((entry) => entry.slow)) {
		for (const mode of cell.modes) {
			inBackground(`${title(cell)} (${mode})`, async () => {
				const world = await World.start();
				closeAtEnd(async () => await world.close());
				await cell.operation.prepare?.(world);
				world.clearRequests();
				return { world, run: await runCell(world, cell, mode) };
			});
		}
	}

	describe('1. fault matrix: no message lost or doubled, every item accounted for', () => {
		let world: World;
		beforeAll(async () => {
			world = await World.start();
			for (const operation of OPERATION_KINDS) await operation.prepare?.(world);
			world.clearRequests();
			// a hang detector: preparing every operation took over 60 s beside the end-to-end kill tests
		}, 600_000);
		afterAll(async () => {
			await world.close();
		});

		for (const cell of cells().filter((entry) => !entry.slow)) {
			it(
				title(cell),
				async () => {
					count(cell);
					for (const mode of cell.modes) judge(cell, mode, await runCell(world, cell, mode), world);
				},
				60_000,
			);
		}

		it('a 429 that never ends: the send gives up after its retries with a clear error, and nothing was sent', async () => {
			world.clearRequests();
			world.sandbox.setFaults({
				rules: [{ apiMethod: 'sendQuickSMS', kind: '429', retryAfter: '0' }],
			});
			const result = await world.run({
				parameters: {
					resource: 'sms',
					operation: 'send',
					phone: '375291999999',
					message: 'never through',
					senderNameId: world.alphanameId,
				},
			});
			world.sandbox.clearFaults();
			leakWatch.scanRun('persistent 429', result);
			expect(result.error?.message).toMatch(
				/request limit was exceeded \(429\) and still was after \d+ retries/,
			);
			expect((result.error as { description?: string }).description).toMatch(
				/Lower the Concurrency option, or run the workflow again later/,
			);
			expect(world.requests().every((request) => request.status === 429)).toBe(true);
			expect(world.sentCount('sms', '375291999999', 'never through')).toBe(0);
			world.clearRequests();
		});

		// Without Continue On Fail, n8n shows only the error: the items sent before it have no output.
		// A user who runs the workflow again would send them twice, unless the error says they went
		// out (as SMS > Send Batch does: "Chunks 1 to k of n were sent before this failure").
		it('without Continue On Fail, a send that fails midway stops with a clear error that says how many items were already sent', async () => {
			world.clearRequests();
			const tag = 'midway-stop';
			world.sandbox.setFaults({
				rules: [
					{ apiMethod: 'sendQuickSMS', kind: 'delay', delayMs: 0, count: 40 },
					{ apiMethod: 'sendQuickSMS', kind: '500-before', count: 1 },
				],
			});
			const items = Array.from({ length: 100 }, (_, i) => ({
				phone: phoneOf(i, '3752915'),
				text: `${tag} ${i}`,
			}));
			const result = await world.run({
				parameters: {
					resource: 'sms',
					operation: 'send',
					phone: '={{ $json.phone }}',
					message: '={{ $json.text }}',
					senderNameId: world.alphanameId,
				},
				items,
			});
			world.sandbox.clearFaults();
			leakWatch.scanRun('midway stop', result);
			expect(result.error?.message).toMatch(/unavailable \(500\)/);
			const description = (result.error as { description?: string }).description;
			expect(description).toMatch(UNKNOWN_OUTCOME);
			const counts = items.map((item) => world.sentCount('sms', item.phone, item.text));
			expect(counts.filter((count) => count > 1)).toEqual([]);
			const sentBefore = counts.filter((count) => count === 1).length;
			expect(sentBefore).toBeGreaterThanOrEqual(40);
			expect(description).toMatch(new RegExp(`\\b${sentBefore}\\b.*(sent|processed)`));
			world.clearRequests();
		});
	});
}

export function slowLaneChecks(): void {
	describe(`1. fault matrix, latency past the request timeout (Timeout option of ${NODE_TIMEOUT_S} s, or the default 30 s; run in the background)`, () => {
		for (const cell of cells().filter((entry) => entry.slow)) {
			it(
				title(cell),
				async () => {
					count(cell);
					for (const mode of cell.modes) {
						const { world, run } = await outcomeOf<{ world: World; run: CellRun }>(
							`${title(cell)} (${mode})`,
						);
						judge(cell, mode, run, world);
					}
				},
				150_000,
			);
		}
	});
}
