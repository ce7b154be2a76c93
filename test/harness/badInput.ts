import {
	ITEM_PHONES,
	type BadItemCase,
	type BadSettingCase,
	type UnknownTemplateCase,
	type WaitCase,
} from './badInputCase';
import { escapeRegExp, expectBadItemRefused, pairedTo, type BadItemEmulator } from './badItemCheck';
import type { SandboxFixture } from './sandbox';

/** The runners of the bad-input table (badInputTable.ts) for a test file's emulator. */

const refusal = (field: string, item: number) =>
	new RegExp(
		`^(Invalid ${escapeRegExp(field)} .*|The ${escapeRegExp(field)} field is empty) in item ${item}: `,
	);

function emulatorOf(fixture: SandboxFixture): BadItemEmulator {
	return {
		sandbox: fixture.sandbox,
		account: fixture.account,
		run: fixture.run,
		requests: () => fixture.sandbox.requests(),
		clearRequests: () => fixture.sandbox.clearRequests(),
	};
}

/** Each case: item 1 refused before any request, naming field, value and item; items 0 and 2 go out (badItemCheck.ts). */
export function itRefusesBadItems(fixture: SandboxFixture, cases: BadItemCase[]): void {
	it.each(cases.map((testCase) => [testCase.name, testCase]))('%s', async (_name, testCase) => {
		await expectBadItemRefused(emulatorOf(fixture), testCase);
	});
}

/** Each case: every item refused before any request, each error naming the field and the first item it stands for. */
export function itRefusesBadSettings(fixture: SandboxFixture, cases: BadSettingCase[]): void {
	it.each(cases.map((testCase) => [testCase.name, testCase]))('%s', async (_name, testCase) => {
		const parameters = testCase.parameters(fixture.account);
		const items = ITEM_PHONES.slice(0, 2).map((phone) => ({ phone, text: `for ${phone}` }));
		const { items: outputs, error } = await fixture.run({
			parameters,
			items,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(outputs.flatMap(pairedTo).sort()).toEqual([0, 1]);
		if (testCase.asOne) expect(outputs.map(pairedTo)).toEqual([[0, 1]]);
		const says = (message: unknown) => {
			for (const rule of testCase.says ?? []) expect(String(message)).toMatch(rule);
		};
		for (const item of outputs) {
			expect(String(item.json.error)).toMatch(refusal(testCase.field, Math.min(...pairedTo(item))));
			says(item.json.error);
		}
		expect(fixture.sandbox.requests()).toEqual([]);

		const stopped = await fixture.run({ parameters, items });
		expect(stopped.error?.message).toMatch(refusal(testCase.field, 0));
		says(stopped.error?.message);
		expect(fixture.sandbox.requests()).toEqual([]);
	});
}

/** Each row: the error stops the node, nothing is sent and nothing waits; `additionalData` lets the node sign its link. */
export function itRefusesBeforeWaiting(
	fixture: SandboxFixture,
	rows: WaitCase[],
	additionalData: Record<string, unknown>,
): void {
	it.each(rows)('%s', async (_title, parameters, message) => {
		const run = await fixture.run({ parameters: parameters(fixture.account), additionalData });
		expect(run.error?.message).toMatch(message);
		expect(
			fixture.sandbox.requests().filter((request) => request.apiMethod?.startsWith('send')),
		).toEqual([]);
		expect(run.run.waitTill).toBeUndefined();
	});
}

/**
 * Each case: item 1 names template 4999, which the service does not have: the item fails naming the
 * Template field, the value and the item, and goes no further; items 0 and 2 go through.
 */
export function itRefusesUnknownTemplates(
	fixture: SandboxFixture,
	cases: UnknownTemplateCase[],
): void {
	const unknown = (item: number) =>
		new RegExp(`^Invalid Template "4999" in item ${item}: no stored template has this ID`);
	it.each(cases.map((testCase) => [testCase.name, testCase]))('%s', async (_name, testCase) => {
		const ids = fixture.account.templateIds;
		const items = [ids[0], 4999, ids[1]].map((id, index) => ({ id, phone: ITEM_PHONES[index] }));
		const parameters = testCase.parameters(fixture.account);
		const { items: outputs, error } = await fixture.run({
			parameters,
			items,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(outputs.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(outputs[0].json.error).toBeUndefined();
		expect(outputs[2].json.error).toBeUndefined();
		expect(String(outputs[1].json.error)).toMatch(unknown(1));
		const done = fixture.sandbox
			.requests()
			.filter((request) => request.apiMethod === testCase.method && request.status === 200);
		expect(done).toHaveLength(2);
		expect(
			done.some((request) =>
				JSON.stringify([request.query, request.body]).includes(ITEM_PHONES[1]),
			),
		).toBe(false);
		fixture.sandbox.clearRequests();

		const stopped = await fixture.run({ parameters, items: [items[1]] });
		expect(stopped.error?.message).toMatch(unknown(0));
		expect(
			fixture.sandbox
				.requests()
				.filter((request) => request.apiMethod === testCase.method && request.status === 200),
		).toEqual([]);
	});
}
