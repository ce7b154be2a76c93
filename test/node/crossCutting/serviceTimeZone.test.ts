/**
 * The credential's Service Time Zone for the times the operations send: every operation with a
 * date parameter, run in n8n's engine against the emulator, checked on what the emulator received.
 * A time with an offset (or a DateTime) is an instant, sent as wall time in the service's zone; a
 * time without one is wall time in the workflow's zone. An empty field keeps the workflow's zone.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { LoggedRequest } from '../../sandbox';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';

const fixture = useSandbox();

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
		parameters: (time) => params(fixture.account, 'sms', 'createMessage', { additionalFields: { sendAt: time } }),
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
		parameters: (sendAt) => params(fixture.account, 'chatMessage', 'sendToList', { options: { sendAt } }),
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
		parameters: (sendAt) => params(fixture.account, 'chatMessage', 'sendBatch', { options: { sendAt } }),
		sent: (request) => (request.body as { messages: IDataObject[] }).messages[0].schedule_time,
	},
];

/** "2026-12-01 20:00:00" in the operation's format. */
function inFormat(operation: DateOperation, wall: string): string {
	return operation.seconds ? wall.replace(' ', 'T') : wall.slice(0, 16);
}

async function sentTime(operation: DateOperation, date: string, timezone: string, serviceTimeZone?: string): Promise<unknown> {
	const { requests } = await fixture.runOk({
		parameters: operation.parameters(date),
		items: people,
		timezone,
		...(serviceTimeZone !== undefined ? { credentialFields: { serviceTimeZone } } : {}),
	});
	expect(requests).toHaveLength(1);
	return operation.sent(requests[0]);
}

describe.each(operations)('$name', (operation) => {
	it('an instant with an offset is sent as wall time in the service zone, not the workflow zone', async () => {
		// 18:00 at +01:00 is 17:00 UTC: 20:00 in Minsk (+03:00), 12:00 in New York.
		const sent = await sentTime(operation, '2026-12-01T18:00:00+01:00', 'America/New_York', 'Europe/Minsk');
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
		expect(await sentTime(operation, '2026-12-01T18:00:00+01:00', 'Europe/Minsk', '')).toBe(inFormat(operation, '2026-12-01 20:00:00'));
		fixture.sandbox.clearRequests();
		expect(await sentTime(operation, '2026-12-01T18:00:00', 'Europe/Minsk')).toBe(inFormat(operation, '2026-12-01 18:00:00'));
	});

	it('an invalid zone name stops the operation before anything is sent, naming the field and the value', async () => {
		const { error } = await fixture.run({
			parameters: operation.parameters('2026-12-01T18:00:00'),
			items: people,
			credentialFields: { serviceTimeZone: 'Europe/Atlantis' },
		});
		expect(error?.message).toBe('Invalid Service Time Zone: "Europe/Atlantis" is not a time zone name');
		expect(fixture.sandbox.requests()).toHaveLength(0);
	});
});

describe('clock changes (Europe/Berlin, clocks forward on 29 March 2026 at 02:00, back on 25 October at 03:00)', () => {
	const [createMessage, sendToList] = operations;

	it.each([
		['the hour before the change', '2026-03-29T00:30:00Z', '2026-03-29 01:30'],
		['past the change: 02:xx never occurs, the clock shows 03:30', '2026-03-29T01:30:00Z', '2026-03-29 03:30'],
		['the first 02:30 of the night clocks go back', '2026-10-25T00:30:00Z', '2026-10-25 02:30'],
		['the second 02:30: the same wall time, the service cannot tell them apart', '2026-10-25T01:30:00Z', '2026-10-25 02:30'],
	])('an instant into the service zone, %s', async (_case, instant, wall) => {
		expect(await sentTime(createMessage, instant, 'UTC', 'Europe/Berlin')).toBe(wall);
	});

	it.each([
		['a skipped wall time (02:30) is moved forward by the gap, as Luxon does: 03:30 CEST', '2026-03-29T02:30:00', '2026-03-29 01:30'],
		['a repeated wall time (02:30) is the first one, as Luxon does: 02:30 CEST', '2026-10-25T02:30:00', '2026-10-25 00:30'],
	])('a wall time of the workflow zone sent into UTC: %s', async (_case, wall, sent) => {
		expect(await sentTime(sendToList, wall, 'Europe/Berlin', 'UTC')).toBe(sent);
	});

	it('with the service zone the same as the workflow zone, a wall time is sent as given (the service reads it)', async () => {
		expect(await sentTime(sendToList, '2026-03-29T02:30:00', 'Europe/Berlin', 'Europe/Berlin')).toBe('2026-03-29 02:30');
		fixture.sandbox.clearRequests();
		expect(await sentTime(sendToList, '2026-03-29T02:30:00', 'Europe/Berlin')).toBe('2026-03-29 02:30');
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
		const items = Array.from({ length: 100 }, (_, index) => ({ minute: String(index % 60).padStart(2, '0') }));
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
