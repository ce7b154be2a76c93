/**
 * The credential's Service Time Zone for the times the operations send: every operation with a
 * date parameter, run in n8n's engine against the emulator, checked on what the emulator received.
 * A time with an offset (or a DateTime) is an instant, sent as wall time in the service's zone; a
 * time without one is wall time in the workflow's zone. An empty field keeps the workflow's zone.
 * The node's clock is set to 2026-03-02 (the emulator's start), so every time here is in the future
 * whatever today's date is. The clock changes are Europe/Berlin's of 2026.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { LoggedRequest } from '../../sandbox';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

/** Only Date is faked: the node and n8n read the test's clock, timers stay real. */
beforeAll(() => {
	jest.useFakeTimers({
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
	});
	jest.setSystemTime(Date.parse('2026-03-02T09:00:00Z'));
});
afterAll(() => jest.useRealTimers());

interface DateOperation {
	name: string;
	/** the service's format: with seconds (YYYY-MM-DDTHH:mm:ss) or without (YYYY-MM-DD HH:MM) */
	seconds: boolean;
	parameters(date: string): INodeParameters;
	sent(request: LoggedRequest): unknown;
}

const people = [{ phone: '375291234567' }];

const operations: DateOperation[] = [
	{
		name: 'SMS > Create Message (time)',
		seconds: false,
		parameters: (time) =>
			params(fixture.account, 'sms', 'createMessage', { additionalFields: { sendAt: time } }),
		sent: (request) => request.query.time,
	},
	{
		name: 'SMS > Send to List (d_schedule)',
		seconds: false,
		parameters: (sendAt) => params(fixture.account, 'sms', 'sendToList', { sendAt }),
		sent: (request) => request.body?.d_schedule,
	},
	{
		name: 'Chat Message > Send to List (d_schedule)',
		seconds: false,
		parameters: (sendAt) =>
			params(fixture.account, 'chatMessage', 'sendToList', { options: { sendAt } }),
		sent: (request) => request.body?.d_schedule,
	},
	{
		name: 'SMS > Send Batch (schedule_time)',
		seconds: true,
		parameters: (sendAt) => params(fixture.account, 'sms', 'sendBatch', { options: { sendAt } }),
		sent: (request) => (request.body as { messages: IDataObject[] }).messages[0].schedule_time,
	},
	{
		name: 'Chat Message > Send Batch (schedule_time)',
		seconds: true,
		parameters: (sendAt) =>
			params(fixture.account, 'chatMessage', 'sendBatch', { options: { sendAt } }),
		sent: (request) => (request.body as { messages: IDataObject[] }).messages[0].schedule_time,
	},
];

/** "2026-12-01 20:00:00" in the operation's format. */
function inFormat(operation: DateOperation, wall: string): string {
	return operation.seconds ? wall.replace(' ', 'T') : wall.slice(0, 16);
}

interface Sent {
	sent: unknown;
	/** the output item */
	json: IDataObject;
	/** the warnings in n8n's output pane */
	hints: string[];
}

async function sentWithOutput(
	operation: DateOperation,
	date: string,
	timezone: string,
	serviceTimeZone?: string,
): Promise<Sent> {
	const { requests, items, run } = await fixture.runOk({
		parameters: operation.parameters(date),
		items: people,
		timezone,
		...(serviceTimeZone !== undefined ? { credentialFields: { serviceTimeZone } } : {}),
	});
	expect(requests).toHaveLength(1);
	const hints = (run.data.resultData.runData['Messaging Service'][0].hints ?? []).map(
		(hint) => hint.message,
	);
	return { sent: operation.sent(requests[0]), json: items[0].json, hints };
}

/** The time sent, which must need no warning (none is in the past, none was moved). */
async function sentTime(
	operation: DateOperation,
	date: string,
	timezone: string,
	serviceTimeZone?: string,
): Promise<unknown> {
	const { sent, hints, json } = await sentWithOutput(operation, date, timezone, serviceTimeZone);
	expect(hints).toEqual([]);
	expect(json.scheduleAdjusted).toBeUndefined();
	return sent;
}

describe.each(operations)('$name', (operation) => {
	it('an instant with an offset is sent as wall time in the service zone, not the workflow zone', async () => {
		// 18:00 at +01:00 is 17:00 UTC: 20:00 in Minsk (+03:00), 12:00 in New York.
		const sent = await sentTime(
			operation,
			'2026-12-01T18:00:00+01:00',
			'America/New_York',
			'Europe/Minsk',
		);
		expect(sent).toBe(inFormat(operation, '2026-12-01 20:00:00'));
	});

	it('a Luxon DateTime from an expression is an instant too', async () => {
		const expression = "={{ DateTime.fromISO('2026-12-01T18:00:00', { zone: 'Asia/Tokyo' }) }}";
		const sent = await sentTime(operation, expression, 'Europe/Berlin', 'Europe/Minsk');
		expect(sent).toBe(inFormat(operation, '2026-12-01 12:00:00'));
	});

	it('a time without an offset is wall time in the workflow zone, converted into the service zone', async () => {
		const sent = await sentTime(operation, '2026-12-01T18:00:00', 'Europe/Berlin', 'Europe/Minsk');
		expect(sent).toBe(inFormat(operation, '2026-12-01 20:00:00'));
	});

	it("an empty Service Time Zone keeps today's behaviour: the workflow's zone", async () => {
		expect(await sentTime(operation, '2026-12-01T18:00:00+01:00', 'Europe/Minsk', '')).toBe(
			inFormat(operation, '2026-12-01 20:00:00'),
		);
		fixture.sandbox.clearRequests();
		expect(await sentTime(operation, '2026-12-01T18:00:00', 'Europe/Minsk')).toBe(
			inFormat(operation, '2026-12-01 18:00:00'),
		);
	});

	it('an invalid zone name stops the operation before anything is sent, naming the field and the value', async () => {
		const { error } = await fixture.run({
			parameters: operation.parameters('2026-12-01T18:00:00'),
			items: people,
			credentialFields: { serviceTimeZone: 'Europe/Atlantis' },
		});
		expect(error?.message).toBe(
			'Invalid Service Time Zone: "Europe/Atlantis" is not a time zone name',
		);
		expect(fixture.sandbox.requests()).toHaveLength(0);
	});
});

describe('clock changes (Europe/Berlin, clocks forward on 29 March 2026 at 02:00, back on 25 October at 03:00)', () => {
	const [createMessage, sendToList] = operations;

	it.each([
		['the hour before the change', '2026-03-29T00:30:00Z', '2026-03-29 01:30'],
		[
			'past the change: 02:xx never occurs, the clock shows 03:30',
			'2026-03-29T01:30:00Z',
			'2026-03-29 03:30',
		],
		['the hour after the clocks went back', '2026-10-25T02:30:00Z', '2026-10-25 03:30'],
	])('an instant into the service zone, %s', async (_case, instant, wall) => {
		expect(await sentTime(createMessage, instant, 'UTC', 'Europe/Berlin')).toBe(wall);
	});

	it.each(operations)(
		'$name: an instant whose wall time is repeated (either 02:30 of 25 October) is sent as 03:00, the first time after the repeated hour, and the output says so',
		async (operation) => {
			for (const instant of ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z']) {
				fixture.sandbox.clearRequests();
				const { sent, json, hints } = await sentWithOutput(
					operation,
					instant,
					'UTC',
					'Europe/Berlin',
				);
				expect(sent).toBe(inFormat(operation, '2026-10-25 03:00:00'));
				expect(json.scheduleAdjusted).toEqual({
					reason: 'repeatedHour',
					askedFor: [new Date(instant).toISOString()],
					scheduledFor: '2026-10-25T02:00:00.000Z',
					note: expect.stringMatching(
						/occurs twice in Europe\/Berlin .*scheduled at 2026-10-25.03:00/,
					),
				});
				expect(hints).toEqual([expect.stringContaining('occurs twice in Europe/Berlin')]);
			}
		},
	);

	it('a skipped wall time of the workflow zone (02:30) is moved forward by the gap, as n8n (Luxon) reads it, and the output says so', async () => {
		const { sent, json } = await sentWithOutput(
			sendToList,
			'2026-03-29T02:30:00',
			'Europe/Berlin',
			'UTC',
		);
		expect(sent).toBe('2026-03-29 01:30');
		expect(json.scheduleAdjusted).toMatchObject({
			reason: 'skippedHour',
			askedFor: ['2026-03-29T02:30:00'],
			scheduledFor: '2026-03-29T01:30:00.000Z',
		});
	});

	it('with the service zone the same as the workflow zone, a skipped wall time is not sent as given (it names no moment): 03:30, said in the output', async () => {
		for (const serviceTimeZone of ['Europe/Berlin', undefined]) {
			fixture.sandbox.clearRequests();
			const { sent, json } = await sentWithOutput(
				sendToList,
				'2026-03-29T02:30:00',
				'Europe/Berlin',
				serviceTimeZone,
			);
			expect(sent).toBe('2026-03-29 03:30');
			expect(json.scheduleAdjusted).toMatchObject({
				reason: 'skippedHour',
				scheduledFor: '2026-03-29T01:30:00.000Z',
			});
		}
	});

	it.each(operations)(
		'$name: a wall time the workflow zone repeats (02:30 of 25 October) is refused before anything is sent: which one is meant cannot be known',
		async (operation) => {
			const { error } = await fixture.run({
				parameters: operation.parameters('2026-10-25T02:30:00'),
				items: people,
				timezone: 'Europe/Berlin',
				credentialFields: { serviceTimeZone: 'UTC' },
			});
			expect(error?.message).toMatch(
				/^Invalid (Send At|Schedule Time) "2026-10-25T02:30:00" in item 0: 2026-10-25T02:30:00 occurs twice in Europe\/Berlin .*give the time with its offset \(e\.g\. 2026-10-25T02:30:00\+02:00\)/,
			);
			expect(fixture.sandbox.requests()).toHaveLength(0);
		},
	);

	it('with an offset the same wall time is one moment, sent as it is', async () => {
		expect(await sentTime(sendToList, '2026-10-25T02:30:00+01:00', 'Europe/Berlin', 'UTC')).toBe(
			'2026-10-25 01:30',
		);
	});
});

describe('bad dates with a Service Time Zone', () => {
	it('an impossible date is still refused naming field, value and item, before anything is sent', async () => {
		const { error } = await fixture.run({
			parameters: operations[1].parameters('2026-02-30T10:00:00'),
			timezone: 'Europe/Berlin',
			credentialFields: { serviceTimeZone: 'Europe/Minsk' },
		});
		expect(error?.message).toContain('Invalid Send At "2026-02-30T10:00:00" in item 0');
		expect(fixture.sandbox.requests()).toHaveLength(0);
	});
});

describe('the zone is read with the credential, once per execution', () => {
	it('100 items with a date each: one credential read, every time converted', async () => {
		const items = Array.from({ length: 100 }, (_, index) => ({
			minute: String(index % 60).padStart(2, '0'),
		}));
		const { error, credentialReads } = await fixture.run({
			parameters: operations[0].parameters('={{ "2026-12-01T18:" + $json.minute + ":00+01:00" }}'),
			items,
			timezone: 'America/New_York',
			credentialFields: { serviceTimeZone: 'Europe/Minsk' },
		});
		expect(error).toBeUndefined();
		expect(credentialReads).toBe(1);
		// Items go out up to 10 at a time, so the emulator may see them in any order.
		const sent = fixture.sandbox.requests().map((request) => String(request.query.time));
		expect(sent.sort()).toEqual(items.map((item) => `2026-12-01 20:${item.minute}`).sort());
	});
});
