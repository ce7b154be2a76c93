import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { LoggedRequest } from '../sandbox';
import { PHONES } from './chatBadInputCases';

import { direct } from './direct';
import { params } from './params';
import type { SandboxFixture } from './sandbox';
import type { TemplateCases, TemplateRefusalCase, UnknownTemplateCase } from './templateBadInputCases';

/** A bad value in item 1 of three items of a per-item operation. */
export interface ItemCase {
	name: string;
	/** the label the error must name */
	field: string;
	/** the API method each good item calls once */
	method: string;
	/** the node's parameters; `={{ $json.v }}` reads each item's value */
	parameters: () => INodeParameters;
	/** the values of items 0, 1 (bad) and 2 */
	values: () => Promise<unknown[]> | unknown[];
}

/** Bad input of a Send Batch: the items refused, the others still go out. */
export interface BatchCase {
	name: string;
	field: string;
	parameters: () => INodeParameters;
	items: () => IDataObject[];
	/** the items refused; the others must still go out */
	bad: number[];
	/** the API method that sends a batch */
	method?: string;
}

const refusal = (field: string, item: number) => new RegExp(`^(Invalid ${field} .*|The ${field} field is empty) in item ${item}: `);

const pairedItems = (items: Array<{ pairedItem?: unknown }>) =>
	items.flatMap((item) =>
		(Array.isArray(item.pairedItem) ? item.pairedItem : [item.pairedItem]).map((pair) => (pair as { item: number }).item),
	);

/** Each case: refused before any request, naming the field and the item; Continue On Fail sends the good items. */
export function itRefusesBadItems(fixture: SandboxFixture, cases: ItemCase[]): void {
	it.each(cases.map((testCase) => [testCase.name, testCase]))('%s', async (_name, testCase) => {
		const created = await direct(fixture, 'GET', 'createSmsMessage', {
			message: 'Stored',
		});
		const values = await testCase.values();
		const items = values.map((v) => ({ v, id: created.message_id }));
		fixture.sandbox.clearRequests();

		const { items: outputs, error } = await fixture.run({
			parameters: testCase.parameters(),
			items,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();

		const failed = outputs.filter((item) => item.json.error !== undefined);
		expect(failed).toHaveLength(1);
		expect(failed[0].pairedItem).toEqual({ item: 1 });
		expect(String(failed[0].json.error)).toMatch(refusal(testCase.field, 1));

		// the good items went through, one request each; so the bad item sent none
		const succeeded = outputs.filter((item) => item.json.error === undefined);
		expect(new Set(succeeded.map((item) => (item.pairedItem as { item: number }).item))).toEqual(new Set([0, 2]));
		const calls = fixture.sandbox.requests();
		expect(calls.map((call) => call.apiMethod)).toEqual([testCase.method, testCase.method]);
		expect(calls.every((call) => call.status === 200)).toBe(true);

		// without Continue On Fail the node stops with the same message
		const stopped = await fixture.run({
			parameters: testCase.parameters(),
			items: [items[1]],
		});
		expect(stopped.error?.message).toMatch(refusal(testCase.field, 0));
	});
}

/** Each case: the bad items refused before any request, naming field and item; the good recipients still sent. */
export function itRefusesBadBatchInput(fixture: SandboxFixture, cases: BatchCase[]): void {
	it.each(cases.map((testCase) => [testCase.name, testCase]))('%s', async (_name, testCase) => {
		const input = testCase.items();
		const { items: outputs, error } = await fixture.run({
			parameters: testCase.parameters(),
			items: input,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();

		const failed = outputs.filter((item) => item.json.error !== undefined);
		expect(pairedItems(failed).sort()).toEqual(testCase.bad);
		for (const item of failed) expect(String(item.json.error)).toMatch(refusal(testCase.field, testCase.bad[0]));

		const good = input.map((_, index) => index).filter((index) => !testCase.bad.includes(index));
		const succeeded = outputs.filter((item) => item.json.error === undefined);
		expect(pairedItems(succeeded).sort()).toEqual(good);

		const calls = fixture.sandbox.requests();
		const method = testCase.method ?? 'sendBulkSms';
		expect(calls.every((call) => call.apiMethod === method && call.status === 200)).toBe(true);
		const sentPhones = calls.flatMap((call) =>
			(call.body as { messages: IDataObject[] }).messages.flatMap((sent) =>
				(sent.delivery_list as Array<string | IDataObject>).map((entry) => (typeof entry === 'string' ? entry : entry.phone)),
			),
		);
		if (testCase.parameters().buildFrom === 'items') {
			expect(sentPhones.sort()).toEqual(good.map((index) => String(input[index].phone)).sort());
		} else {
			expect(calls).toHaveLength(good.length);
		}

		const stopped = await fixture.run({
			parameters: testCase.parameters(),
			items: input,
		});
		expect(stopped.error?.message).toMatch(refusal(testCase.field, testCase.bad[0]));
	});
}

export interface ChatCase {
	title: string;
	/** the node parameters; fields that vary use expressions on the item's json */
	parameters: () => INodeParameters;
	/** three items: 0 and 2 good, 1 bad */
	items: () => INodeExecutionData[];
	/** the field label the message must name */
	field: string;
	/** the method that must not receive the bad item */
	apiMethod: string;
	/** which item a request of that method was for */
	itemOf: (request: LoggedRequest) => number;
}

async function quickMessages(fixture: SandboxFixture, count: number): Promise<number[]> {
	const { items } = await fixture.run({
		parameters: params(fixture.account, 'chatMessage', 'send', { phone: '={{ $json.phone }}', message: 'seed' }),
		items: PHONES.slice(0, count).map((phone) => ({ phone })),
	});
	return items.map((item) => item.json.message_id as number);
}

export function itRefusesBadChatItems(fixture: SandboxFixture, cases: ChatCase[]): void {
	it.each(cases)('$title', async (testCase) => {
		let items = testCase.items();
		let itemOf = testCase.itemOf;
		if (testCase.apiMethod === 'getChatMessageData') {
			// real ids for the good items
			const ids = await quickMessages(fixture, 2);
			items = [{ json: { id: String(ids[0]) } }, items[1], { json: { id: String(ids[1]) } }];
			itemOf = (request) =>
				Number(request.body?.message_id) === ids[0] ? 0 : Number(request.body?.message_id) === ids[1] ? 2 : 1;
			fixture.sandbox.clearRequests();
		}

		// Stopped: the error names the field, the value's item, and says what to fix.
		const stopped = await fixture.run({ parameters: testCase.parameters(), items: [items[1]] });
		expect(stopped.error?.message).toContain(testCase.field);
		expect(stopped.error?.message).toMatch(/in item 0\b/);
		expect(fixture.sandbox.requests().filter((r) => r.apiMethod === testCase.apiMethod)).toHaveLength(0);

		// Continue On Fail with three items: the bad one becomes an error item, the others go through.
		fixture.sandbox.clearRequests();
		const { items: output, error } = await fixture.run({ parameters: testCase.parameters(), items, continueOnFail: true });
		expect(error).toBeUndefined();
		const sent = fixture.sandbox.requests().filter((r) => r.apiMethod === testCase.apiMethod);
		expect(sent.map(itemOf).sort()).toEqual([0, 2]);
		expect(sent.every((request) => request.status === 200)).toBe(true);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(output[0].json.error).toBeUndefined();
		expect(output[2].json.error).toBeUndefined();
		expect(String(output[1].json.error)).toContain(testCase.field);
		expect(String(output[1].json.error)).toMatch(/in item 1\b/);
	});
}

/** A Send and Wait for Response refused before anything is sent: [title, parameters, the error message]. */
export type WaitCase = [string, () => INodeParameters, RegExp];

/** Each row: the error stops the node, nothing is sent and nothing waits; `additionalData` lets the node sign its link. */
export function itRefusesBeforeWaiting(fixture: SandboxFixture, rows: WaitCase[], additionalData: Record<string, unknown>): void {
	it.each(rows)('%s', async (_title, parameters, message) => {
		const run = await fixture.run({ parameters: parameters(), additionalData });
		expect(run.error?.message).toMatch(message);
		expect(fixture.sandbox.requests().filter((request) => request.apiMethod?.startsWith('send'))).toEqual([]);
		expect(run.run.waitTill).toBeUndefined();
	});
}

/** A Template operation's cases: template IDs the service does not have, and inputs refused before any request. */
export function itRefusesBadTemplateInput(fixture: SandboxFixture, cases: TemplateCases): void {
	itRefusesUnknownTemplate(fixture, cases.unknown);
	itRefusesTemplateInput(fixture, cases.refused);
}

/** Each row: item 1 names a template ID the service does not have; items 0 and 2 go through. */
function itRefusesUnknownTemplate(fixture: SandboxFixture, rows: UnknownTemplateCase[]): void {
	if (rows.length === 0) return;
	it.each(rows)(
		'%s with a template ID that does not exist names the Template field and the item',
		async (_title, parameters, field, apiMethod) => {
			const ids = fixture.account.templateIds;
			const { items, error } = await fixture.run({
				parameters: params(fixture.account, 'template', String(parameters.operation), parameters),
				items: [{ id: ids[0] }, { id: 4999 }, { id: ids[1] }],
				continueOnFail: true,
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			expect(items[0].json.error).toBeUndefined();
			expect(items[2].json.error).toBeUndefined();
			expect(String(items[1].json.error)).toMatch(
				new RegExp(`^Invalid ${field} "4999" in item 1: no stored template has this ID`),
			);
			const ok = fixture.sandbox.requests().filter((r) => r.apiMethod === apiMethod && r.status === 200);
			expect(ok).toHaveLength(2);
		},
	);
}

/** Each row: the one item is refused before any request, naming the field and the item. */
function itRefusesTemplateInput(fixture: SandboxFixture, rows: TemplateRefusalCase[]): void {
	if (rows.length === 0) return;
	it.each(rows)('%s: refused before any request, naming the field and the item', async (_title, parameters, field) => {
		const { items, error } = await fixture.run({
			parameters: params(fixture.account, 'template', String(parameters.operation), parameters),
			items: [{ name: '', fields: {} }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(String(items[0].json.error)).toMatch(refusal(field, 0));
		expect(fixture.sandbox.requests()).toHaveLength(0);
	});
}
