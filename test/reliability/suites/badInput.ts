/**
 * 2. Bad input, all resources: refused before any request, with a message that names the
 * field, the value (never the key) and the item; the good items still go out. The cases are the
 * engine tests' own (test/harness/badInputTable.ts); here all of them run on one emulator, and
 * everything they show and log is searched for the key.
 */
import { everyBadItem } from '../../harness/badInputTable';
import { escapeRegExp, expectBadItemRefused, type ShownRefusal } from '../../harness/badItemCheck';
import { figures } from '../lib/figures';
import { KEY_FORMS, leakWatch, markKnownLeak } from '../lib/leaks';
import { World } from '../lib/world';

function expectNoKey(shown: ShownRefusal): void {
	for (const form of KEY_FORMS) {
		for (const text of [shown.message, shown.description, ...shown.stopped])
			expect(text).not.toContain(form);
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

		const cases = everyBadItem();

		it('covers at least 40 distinct cases across SMS, Verification Code, Chat Message, Reply, Template and Conversation', () => {
			const names = cases.map(({ resource, testCase }) => `${resource}: ${testCase.name}`);
			expect(new Set(names).size).toBe(names.length);
			expect(names.length).toBeGreaterThanOrEqual(40);
			expect(new Set(cases.map(({ resource }) => resource))).toEqual(
				new Set(['sms', 'verificationCode', 'chatMessage', 'reply', 'template', 'conversation']),
			);
		});

		for (const { resource, testCase } of cases) {
			const name = `${resource}: ${testCase.name}`;
			const known = testCase.keyAsValue === true;
			if (known) {
				// The message must not show the key; what n8n keeps of the error's cause is judged in the summary
				markKnownLeak(
					name,
					new RegExp(`Invalid ${escapeRegExp(testCase.field)} .* in item \\d+: `),
				);
			}
			it(
				known
					? `${name}: refused before any request, naming the field and the item, without showing the key`
					: name,
				async () => {
					figures.badInputs.cases++;
					figures.badInputs.byResource[resource] =
						(figures.badInputs.byResource[resource] ?? 0) + 1;
					if (known) figures.badInputs.withKeyAsValue++;
					const shown = await expectBadItemRefused(world, testCase, (result, run) =>
						leakWatch.scanRun(`bad input: ${testCase.name} (${run})`, result, known),
					);
					expectNoKey(shown);
				},
			);
		}
	});
}
