/**
 * 2. Bad input, all resources: refused before any request, with a message that names the
 * field, the value (never the key) and the item; the good items still go out.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { BAD_INPUT_CASES, shownValue, type BadInputCase } from '../lib/badInputCases';
import { figures } from '../lib/figures';
import { KEY_FORMS, leakWatch, markKnownLeak } from '../lib/leaks';
import { phoneOf, World } from '../lib/world';

function escape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function pairedTo(item: INodeExecutionData): number[] {
	const paired = item.pairedItem;
	if (paired === undefined) return [];
	return (Array.isArray(paired) ? paired : [paired]).map((entry) => (typeof entry === 'number' ? entry : entry.item));
}

function itemsOf(testCase: BadInputCase, values: unknown[]): INodeExecutionData[] {
	return values.map((v, index) => ({
		json: { v, phone: phoneOf(index, '3752913') } as IDataObject,
		...(testCase.binary?.[index] ? { binary: testCase.binary[index] } : {}),
	}));
}

/** The message an invalid field must start with, for the bad item at `index`. */
function expectedStart(testCase: BadInputCase, index: number): RegExp {
	const shown = testCase.shown ?? shownValue(testCase.bad);
	if (shown === 'empty') return new RegExp(`^The ${escape(testCase.field)} field is empty in item ${index}: \\S`);
	const value = testCase.keyAsValue ? '.*' : escape(shown);
	return new RegExp(`^Invalid ${escape(testCase.field)} ${value} in item ${index}: \\S`);
}

/** The KEY_FORMS never appear; the bad value does not either, where it is distinctive. */
function carries(requests: Array<{ query: unknown; body: unknown }>, text: string): boolean {
	return requests.some((request) => JSON.stringify([request.query, request.body]).includes(text));
}

interface Shown {
	message: string;
	description: string;
	stopped: string;
}

/** Runs the case with and without Continue On Fail and checks all but the key; returns what the user sees. */
async function check(world: World, testCase: BadInputCase): Promise<Shown> {
	const where = `bad input: ${testCase.name}`;
	const known = testCase.keyAsValue === true;
	const [good0, good2] = await testCase.good(world);
	world.clearRequests();

	// With Continue On Fail: item 1 fails alone, items 0 and 2 go out
	const items = itemsOf(testCase, [good0, testCase.bad, good2]);
	const result = await world.run({ parameters: testCase.parameters(world), items, continueOnFail: true });
	leakWatch.scanRun(where, result, known);
	expect(result.error?.message).toBeUndefined();
	const failed = result.items.filter((item) => item.json.error !== undefined);
	expect(failed.map((item) => pairedTo(item))).toEqual([[1]]);
	const message = String(failed[0].json.error);
	const description = String(failed[0].json.description ?? '');
	expect(message).toMatch(expectedStart(testCase, 1));
	expect(description).toMatch(new RegExp(`${escape(testCase.field)}.*item 1`));
	const succeeded = result.items.filter((item) => item.json.error === undefined).flatMap(pairedTo);
	expect([...new Set(succeeded)].sort()).toEqual([0, 2]);

	// no request left for item 1: only the good items' requests, none carrying the bad value
	const requests = world.requests();
	expect(requests.map((request) => request.status).filter((status) => status !== 200)).toEqual([]);
	expect(requests).toHaveLength(testCase.requests ?? 2);
	const badText = typeof testCase.bad === 'string' ? testCase.bad.trim() : '';
	// (the key is in every request, as the token: there the count says it all)
	const distinctive =
		!testCase.inRequests && !known && badText.length >= 4 && ![good0, good2].some((good) => JSON.stringify(good).includes(badText));
	if (distinctive) expect(carries(requests, badText)).toBe(false);
	world.clearRequests();

	// Without it: the execution stops with the same clear message, naming item 1
	const stopped = await world.run({ parameters: testCase.parameters(world), items: items.slice(0, 2) });
	leakWatch.scanRun(`${where} (stopped)`, stopped, known);
	expect(stopped.error?.message).toMatch(expectedStart(testCase, 1));
	if (distinctive) expect(carries(world.requests(), badText)).toBe(false);
	world.clearRequests();
	return { message, description, stopped: String(stopped.error?.message) };
}

function expectNoKey(shown: Shown): void {
	for (const form of KEY_FORMS) {
		expect(shown.message).not.toContain(form);
		expect(shown.description).not.toContain(form);
		expect(shown.stopped).not.toContain(form);
	}
}

export function badInputSuite(): void {
	describe('2. bad input: refused before any request, naming the field, the value and the item', () => {
		let world: World;
		beforeAll(async () => {
			world = await World.start();
		});
		afterAll(async () => {
			await world.close();
		});

		it('covers at least 40 distinct cases across SMS, Verification Code, Chat Message, Reply and Template', () => {
			const names = BAD_INPUT_CASES.map((testCase) => `${testCase.resource}: ${testCase.name}`);
			expect(new Set(names).size).toBe(names.length);
			expect(names.length).toBeGreaterThanOrEqual(40);
			expect(new Set(BAD_INPUT_CASES.map((testCase) => testCase.resource))).toEqual(
				new Set(['sms', 'verificationCode', 'chatMessage', 'reply', 'template']),
			);
		});

		for (const testCase of BAD_INPUT_CASES) {
			const name = `${testCase.resource}: ${testCase.name}`;
			const count = () => {
				figures.badInputs.cases++;
				figures.badInputs.byResource[testCase.resource] = (figures.badInputs.byResource[testCase.resource] ?? 0) + 1;
				if (testCase.keyAsValue) figures.badInputs.withKeyAsValue++;
			};
			if (testCase.keyAsValue) {
				// The message must not show the key; what n8n keeps of the error's cause is judged in the summary
				markKnownLeak(name, new RegExp(`Invalid ${escape(testCase.field)} .* in item \\d+: `));
			}
			it(testCase.keyAsValue ? `${name}: refused before any request, naming the field and the item, without showing the key` : name, async () => {
				count();
				expectNoKey(await check(world, testCase));
			});
		}
	});
}
