/**
 * The key, typed by a user into a field or echoed back by the service, is shown nowhere: not in
 * the error (message, description, stack, what n8n keeps of it), not in the output items, not in
 * what n8n logs. Searched for every form of the key and any cut of 8+ characters (reliability/lib/leaks).
 */
import type { INodeParameters } from 'n8n-workflow';

import { startRecordingServer, type RecordingServer } from '../hostile/redirects';
import { TEST_API_KEY } from '../harness/keys';
import type { RunNodeResult } from '../harness/runNode';
import { useSandbox } from '../harness/sandbox';
import { redact } from '../../nodes/MessagingService/transport/redaction';
import {
	KEY_PREFIX_LENGTH,
	LeakWatch,
	formsOfKey,
	keyHits,
	serialize,
} from '../reliability/lib/leaks';

const fixture = useSandbox();
const watch = new LeakWatch();
beforeAll(() => watch.install());
afterAll(() => watch.restore());

/** Every place a run shows: the error in all its parts, the run data (output items), and the log since `mark`. */
function shownBy(result: RunNodeResult, mark: number): string {
	const error = result.error as (Error & { description?: string; cause?: unknown }) | undefined;
	return [
		error?.message,
		error?.description,
		error?.stack,
		serialize(error),
		serialize(error?.cause),
		serialize(result.run.data.resultData),
		watch.loggedSince(mark),
	].join('\n');
}

function excerpts(text: string, key: string): string[] {
	return keyHits(text, key).map(({ at, length }) =>
		text.slice(Math.max(0, at - 40), at + length + 10),
	);
}

describe('the key typed into a field', () => {
	const sms = (fields: INodeParameters): INodeParameters => ({
		resource: 'sms',
		operation: 'send',
		phone: '375291234567',
		message: 'Hello',
		senderNameId: String(fixture.account.alphanameIds[0]),
		...fields,
	});

	it('into Phone: refused before any request, naming the field, without showing the key', async () => {
		const mark = watch.mark();
		const result = await fixture.run({ parameters: sms({ phone: TEST_API_KEY }) });
		expect(result.error?.message).toMatch(/Invalid Phone/);
		expect(fixture.sandbox.requests()).toEqual([]);
		expect(excerpts(shownBy(result, mark), TEST_API_KEY)).toEqual([]);
	});

	it('into Phone after other text, so that the error cuts the value inside the key: the cut is not shown either', async () => {
		const mark = watch.mark();
		const result = await fixture.run({
			parameters: sms({ phone: `${'5'.repeat(60)}${TEST_API_KEY}` }),
		});
		expect(result.error?.message).toMatch(/Invalid Phone "5{60}\*\*\*\.\.\."/);
		expect(excerpts(shownBy(result, mark), TEST_API_KEY)).toEqual([]);
	});

	it('into the text of an SMS: sent as typed (the user chose it), and not shown back', async () => {
		const mark = watch.mark();
		const result = await fixture.run({
			parameters: sms({ message: `Your code: ${TEST_API_KEY}` }),
		});
		expect(result.error).toBeUndefined();
		const [request] = fixture.sandbox.requests();
		expect(request.query.message).toBe(`Your code: ${TEST_API_KEY}`);
		expect(excerpts(shownBy(result, mark), TEST_API_KEY)).toEqual([]);
	});

	it('into the name and text of a template: stored as typed, and neither Create nor Get shows it back', async () => {
		const mark = watch.mark();
		const created = await fixture.run({
			parameters: {
				resource: 'template',
				operation: 'create',
				name: TEST_API_KEY,
				message: TEST_API_KEY,
			},
		});
		expect(created.error).toBeUndefined();
		const stored = fixture.sandbox
			.account(TEST_API_KEY)
			.templates.find((template) => template.name === TEST_API_KEY);
		expect(stored).toBeDefined();
		const read = await fixture.run({
			parameters: {
				resource: 'template',
				operation: 'get',
				template: { __rl: true, mode: 'id', value: String(stored?.id) },
			},
		});
		expect(read.error).toBeUndefined();
		expect(read.items).toHaveLength(1);
		expect(excerpts(`${shownBy(created, mark)}\n${shownBy(read, mark)}`, TEST_API_KEY)).toEqual([]);
	});
});

describe('a hostile service that echoes the raw request in its error answer', () => {
	// a key with characters that every encoding changes: & = space / + é %
	const KEY = 'pk&a=b c/+é%-Zq7X-echo-91d3';
	let service: RecordingServer;
	let shape: 'text' | 'json' = 'text';

	beforeAll(async () => {
		service = await startRecordingServer((request) => {
			const raw = `${request.method} ${request.url}\n${request.body}`;
			return shape === 'text'
				? { status: 400, headers: { 'content-type': 'text/plain' }, body: raw }
				: {
						status: 400,
						body: JSON.stringify({
							error: `bad request: ${raw}`,
							message: Buffer.from(raw).toString('base64'),
						}),
					};
		});
	});
	afterAll(async () => await service.close());

	const operations: Array<[string, INodeParameters]> = [
		[
			'SMS > Send (key in the query)',
			{
				resource: 'sms',
				operation: 'send',
				phone: '375291234567',
				message: 'Hi',
				senderNameId: '1',
			},
		],
		[
			'Chat Message > Send (key in the form body)',
			{
				resource: 'chatMessage',
				operation: 'send',
				chatnameId: '1',
				phone: '375291234567',
				messageType: 'TEXT',
				message: 'Hi',
			},
		],
		[
			'SMS > Send Batch (key in the query and the JSON body)',
			{
				resource: 'sms',
				operation: 'sendBatch',
				buildFrom: 'items',
				mailingName: 'Sale',
				senderNameId: '1',
				messageType: 'bulk',
				text: 'Sale',
				recipientsFrom: 'define',
				recipientPhone: '={{ $json.phone }}',
				callbackUrl: 'http://127.0.0.1:9/outcome',
			},
		],
	];

	it.each(
		operations.flatMap(([title, parameters]) =>
			(['text', 'json'] as const).map((answer) => [title, answer, parameters] as const),
		),
	)(
		'%s, answered as %s: the error says what happened and shows the key in no form',
		async (_title, answer, parameters) => {
			shape = answer;
			service.seen.length = 0;
			const mark = watch.mark();
			for (const continueOnFail of [false, true]) {
				const result = await fixture.run({
					baseUrl: `http://127.0.0.1:${service.port}`,
					apiKey: KEY,
					parameters,
					items: [{ phone: '375291234567' }],
					continueOnFail,
				});
				const shown = shownBy(result, mark);
				expect(shown).toMatch(
					answer === 'text'
						? /not JSON \(status 400\)/
						: /refused the request as invalid \(400\): bad request/,
				);
				expect(excerpts(shown, KEY)).toEqual([]);
			}
			// the service did receive the key, in one of the forms searched for
			expect(service.seen.length).toBeGreaterThan(0);
			expect(
				keyHits(`${service.seen[0].url}\n${service.seen[0].body}`, KEY).length,
			).toBeGreaterThan(0);
		},
	);
});

describe('redact', () => {
	const key = 'pk&a=b c/+é%-Zq7X';
	it.each(formsOfKey(key).map((form) => [form]))(
		'takes out the form %s, whole and cut to 8+ characters',
		(form) => {
			expect(redact(`before ${form} after`, key)).toBe('before *** after');
			expect(redact(`"${form.slice(0, KEY_PREFIX_LENGTH)}..."`, key)).toBe('"***..."');
		},
	);

	it.each([0, 1, 2, 3, 4, 5])(
		'takes the key out of a longer base64 text, %i bytes in',
		(offset) => {
			for (const inner of [key, encodeURIComponent(key)]) {
				const encoded = Buffer.from(
					`${'x'.repeat(offset)}token=${inner}&phone=375291234567`,
				).toString('base64');
				const redacted = redact(`echo: ${encoded}`, key);
				expect(redacted).toContain('***');
				expect(keyHits(redacted, key)).toEqual([]);
			}
		},
	);

	it('leaves a text without the key, or with fewer than 8 of its first characters, as it is', () => {
		const text = `not it: ${key.slice(0, KEY_PREFIX_LENGTH - 1)}!`;
		expect(redact(text, key)).toBe(text);
	});
});
