import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { LoggedRequest } from '../sandbox';
import { ITEM_PHONES, shownValue, type BadItemCase, type CaseEmulator } from './badInputCase';
import { TEST_API_KEY } from './keys';
import type { RunNodeOptions, RunNodeResult } from './runNode';

/** The emulator a bad item is tried on: it runs the node and keeps a log of the requests it received. */
export interface BadItemEmulator extends CaseEmulator {
	run(options: Omit<RunNodeOptions, 'baseUrl'>): Promise<RunNodeResult>;
	requests(): LoggedRequest[];
	clearRequests(): void;
}

/** What the user is shown of a refusal: the error item's message and description, and the errors of the stopped runs. */
export interface ShownRefusal {
	message: string;
	description: string;
	stopped: string[];
}

/** Told each node run of a case, with a few words on which run it was. */
export type RunWatcher = (result: RunNodeResult, run: string) => void;

export function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The input items an output item is paired to. */
export function pairedTo(item: INodeExecutionData): number[] {
	const paired = item.pairedItem;
	if (paired === undefined) return [];
	return (Array.isArray(paired) ? paired : [paired]).map((entry) =>
		typeof entry === 'number' ? entry : entry.item,
	);
}

/** The message an invalid field must start with, for the bad item at `index`. */
function refusalStart(testCase: BadItemCase, index: number): RegExp {
	const shown = testCase.shown ?? shownValue(testCase.bad);
	if (shown === 'empty')
		return new RegExp(`^The ${escapeRegExp(testCase.field)} field is empty in item ${index}: \\S`);
	const value = testCase.keyAsValue ? '.*' : escapeRegExp(shown);
	return new RegExp(`^Invalid ${escapeRegExp(testCase.field)} ${value} in item ${index}: \\S`);
}

/** The message starts as a refusal of the bad item at `index` does, and says what the case says besides. */
function expectRefusal(message: string | undefined, testCase: BadItemCase, index: number): void {
	expect(message).toMatch(refusalStart(testCase, index));
	for (const rule of testCase.says ?? []) expect(message).toMatch(rule);
}

function carries(requests: LoggedRequest[], text: string): boolean {
	return requests.some((request) => JSON.stringify([request.query, request.body]).includes(text));
}

/** The bad value as text, where it is distinctive enough to look for in the requests (the key is in all of them, as the token). */
function distinctiveBadText(testCase: BadItemCase, good: unknown[]): string | undefined {
	const text = typeof testCase.bad === 'string' ? testCase.bad.trim() : '';
	if (testCase.inRequests || testCase.keyAsValue || text.length < 4) return undefined;
	return good.some((value) => JSON.stringify(value).includes(text)) ? undefined : text;
}

/** The phones in the delivery lists of Send Batch requests. */
export function deliveryPhones(requests: LoggedRequest[]): string[] {
	return requests.flatMap((request) =>
		(request.body as { messages: IDataObject[] }).messages.flatMap((sent) =>
			(sent.delivery_list as Array<string | IDataObject>).map((entry) =>
				String(typeof entry === 'string' ? entry : entry.phone),
			),
		),
	);
}

/** None of the requests is the bad item's: none carries its phone, nor its value where that is distinctive. */
function expectNothingOfItem1(requests: LoggedRequest[], badText: string | undefined): void {
	expect(carries(requests, ITEM_PHONES[1])).toBe(false);
	if (badText !== undefined) expect(carries(requests, badText)).toBe(false);
}

/**
 * Runs a case three times: with Continue On Fail (item 1 fails alone, naming field, value and item;
 * items 0 and 2 go out), without it (the run stops at item 1 with the same message), and the bad
 * item alone (it stops at item 0 and nothing is sent). Returns what the user is shown.
 */
export async function expectBadItemRefused(
	emulator: BadItemEmulator,
	testCase: BadItemCase,
	watch: RunWatcher = () => {},
): Promise<ShownRefusal> {
	const good = await testCase.good(emulator);
	const json = (await testCase.itemJson?.(emulator)) ?? {};
	const items = [good[0], testCase.bad, good[1]].map((v, index) => ({
		json: { v, phone: ITEM_PHONES[index], ...json } as IDataObject,
		...(testCase.binary?.[index] ? { binary: testCase.binary[index] } : {}),
	}));
	const parameters = testCase.parameters(emulator.account);
	const typeVersion = testCase.typeVersion;
	const run = async (runItems: typeof items, continueOnFail?: boolean) =>
		await emulator.run({
			typeVersion,
			parameters,
			items: runItems,
			continueOnFail,
			staticData: testCase.staticData?.(),
		});
	const badText = distinctiveBadText(testCase, good);
	emulator.clearRequests();

	const result = await run(items, true);
	watch(result, 'with Continue On Fail');
	expect(result.error?.message).toBeUndefined();
	// one output per item, in order; where one request carries both good items, one output for both, then item 1's
	const together = testCase.requests?.length === 1;
	expect(result.items.map(pairedTo)).toEqual(together ? [[0, 2], [1]] : [[0], [1], [2]]);
	const failed = result.items.filter((item) => item.json.error !== undefined);
	expect(failed.map(pairedTo)).toEqual([[1]]);
	const message = String(failed[0].json.error);
	const description = String(failed[0].json.description ?? '');
	expectRefusal(message, testCase, 1);
	expect(description).toMatch(new RegExp(`${escapeRegExp(testCase.field)}.*item 1`));

	// the good items' requests, all answered, and nothing of item 1
	const requests = emulator.requests();
	expect(requests.map((request) => request.apiMethod)).toEqual(
		testCase.requests ?? [testCase.method, testCase.method],
	);
	expect(requests.map((request) => request.status).filter((status) => status !== 200)).toEqual([]);
	expectNothingOfItem1(requests, badText);
	if (testCase.sentTo) expect(deliveryPhones(requests).sort()).toEqual([...testCase.sentTo].sort());
	emulator.clearRequests();

	const stopped = await run(items.slice(0, 2));
	watch(stopped, 'stopped at item 1');
	expectRefusal(stopped.error?.message, testCase, 1);
	expectNothingOfItem1(emulator.requests(), badText);
	emulator.clearRequests();

	const alone = await run([items[1]]);
	watch(alone, 'the bad item alone');
	expectRefusal(alone.error?.message, testCase, 0);
	expect(emulator.requests()).toEqual([]);

	const shown = {
		message,
		description,
		stopped: [String(stopped.error?.message), String(alone.error?.message)],
	};
	if (testCase.keyAsValue)
		for (const text of [message, description, ...shown.stopped])
			expect(text).not.toContain(TEST_API_KEY);
	return shown;
}
