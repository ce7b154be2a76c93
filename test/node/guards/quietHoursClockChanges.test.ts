/**
 * Quiet Hours and batch scheduling across the clock changes of a Service Time Zone with daylight
 * saving time (New York, Berlin, Sydney), the emulator told the same zone. The changes of 2027 are
 * found with Intl (reference.ts), and the node's "now" is set hours before each: nothing depends
 * on today's date. Recipients' clocks are fixed offsets (Etc/GMT-4 is UTC+4) chosen so that
 * their next allowed moments fall before, inside and after the hour a change repeats or skips.
 * Every time sent must name one moment, the emulator must hand each message over at the moment
 * the output says, never before the recipient's hours, and no mailing may hold two moments.
 */
import type { IDataObject } from 'n8n-workflow';

import type { LoggedRequest } from '../../sandbox';
import { call } from '../../emulator/helpers';
import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import {
	allowedAt,
	clockChanges,
	firstOneMomentMinute,
	momentsNamedBy,
	referenceNextAllowed,
	serviceTimeIn,
} from './reference';

const fixture = useSandbox();

const HOURS = '09:30-21:00';
const [FROM, UNTIL] = [9 * 60 + 30, 21 * 60];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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
});
afterAll(() => jest.useRealTimers());

/** The fixed-offset zone whose clock shows 09:30 at `ms` (a whole hour after a half hour). */
function zoneStartingAt(ms: number): string {
	let hours = (FROM - ((ms / MINUTE) % (24 * 60))) / 60;
	while (hours > 14) hours -= 24;
	while (hours <= -12) hours += 24;
	return hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

/** The fixed-offset zone whose clock shows 15:00 at `ms` (inside the hours). */
function zoneInsideAt(ms: number): string {
	let hours = (15 * 60 - ((ms / MINUTE) % (24 * 60))) / 60;
	while (hours > 14) hours -= 24;
	while (hours <= -12) hours += 24;
	return `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

const SERVICE_ZONES = ['America/New_York', 'Europe/Berlin', 'Australia/Sydney'];
type Kind = 'autumn' | 'spring';

function changeOf(zone: string, kind: Kind) {
	const change = clockChanges(zone, 2027).find(({ before, after }) =>
		kind === 'autumn' ? after < before : after > before,
	);
	if (!change) throw new Error(`no ${kind} change in ${zone} in 2027`);
	return change;
}

interface Recipient {
	phone: string;
	timeZone: string;
	/** the next allowed moment on the recipient's clock (reference.ts), at the node's now */
	allowed: number;
	/** that moment, or the first minute after it whose service time names one moment */
	expected: number;
}

function recipientsAround(change: number, nowMs: number, serviceZone: string): Recipient[] {
	const moments = [
		change - 90 * MINUTE,
		change - 30 * MINUTE,
		change + 30 * MINUTE,
		change + 90 * MINUTE,
	];
	const zones = [zoneInsideAt(nowMs), ...moments.map(zoneStartingAt)];
	return zones.map((timeZone, index) => {
		const allowed = referenceNextAllowed(nowMs, timeZone, FROM, UNTIL);
		return {
			phone: `37529000000${index}`,
			timeZone,
			allowed,
			expected: allowed === nowMs ? nowMs : firstOneMomentMinute(allowed, serviceZone),
		};
	});
}

const at = (ms: number) => new Date(ms).toISOString();
const sends = (requests: LoggedRequest[]) =>
	requests.filter((request) => request.apiMethod?.startsWith('send') && request.status === 200);

describe.each(SERVICE_ZONES)('Service Time Zone %s', (serviceZone) => {
	const credentialFields = { serviceTimeZone: serviceZone };

	it.each<Kind>(['autumn', 'spring'])(
		'Send Batch with Quiet Hours across the %s change: every schedule_time names the moment handed over, none early',
		async (kind) => {
			const change = changeOf(serviceZone, kind);
			const nowMs = change.at - 3 * HOUR;
			jest.setSystemTime(nowMs);
			fixture.sandbox.setServiceTimeZone(serviceZone);
			const recipients = recipientsAround(change.at, nowMs, serviceZone);
			const { items: outputs, requests } = await fixture.runOk({
				parameters: params(fixture.account, 'sms', 'sendBatch', {
					mailingName: 'Sale',
					text: 'Hi',
					options: { quietHours: HOURS, recipientTimeZone: '={{ $json.timeZone }}' },
				}),
				items: recipients.map(({ phone, timeZone }) => ({ phone, timeZone })),
				credentialFields,
			});
			const mailings = sends(requests).flatMap(
				(request) => (request.body as IDataObject).messages as IDataObject[],
			);
			const handedAt = new Map(
				fixture.sandbox
					.handOvers(TEST_API_KEY)
					.map((handOver) => [handOver.phone, Date.parse(handOver.at)]),
			);
			const wrong: string[] = [];
			for (const mailing of mailings) {
				const phones = mailing.delivery_list as string[];
				const moments = new Set(phones.map((phone) => handedAt.get(phone)));
				if (moments.size !== 1)
					wrong.push(
						`${mailing.name as string}: recipients handed over at ${[...moments].map((ms) => at(ms!)).join(', ')}`,
					);
				if (mailing.schedule_time !== undefined) {
					const named = momentsNamedBy(mailing.schedule_time as string, serviceZone);
					if (named.length !== 1)
						wrong.push(
							`${mailing.schedule_time as string} names ${named.length} moments in ${serviceZone}`,
						);
				}
			}
			for (const recipient of recipients) {
				const handed = handedAt.get(recipient.phone);
				const scheduled = mailings.find((mailing) =>
					(mailing.delivery_list as string[]).includes(recipient.phone),
				)?.schedule_time;
				if (recipient.allowed === nowMs) {
					if (scheduled !== undefined)
						wrong.push(
							`${recipient.timeZone}: inside its hours, yet scheduled ${scheduled as string}`,
						);
					continue;
				}
				if (handed !== recipient.expected)
					wrong.push(
						`${recipient.timeZone}: handed over at ${handed === undefined ? 'never' : at(handed)}, expected ${at(recipient.expected)}`,
					);
				if (
					handed !== undefined &&
					(handed < recipient.allowed || !allowedAt(handed, recipient.timeZone, FROM, UNTIL))
				) {
					wrong.push(
						`${recipient.timeZone}: handed over at ${at(handed)}, outside its hours (allowed from ${at(recipient.allowed)})`,
					);
				}
			}
			// each output says when its mailing goes, and which ones were moved to name one moment
			for (const output of outputs) {
				const json = output.json;
				const phones = (output.pairedItem as Array<{ item: number }>).map(
					({ item }) => recipients[item],
				);
				if (json.deferredForQuietHours !== true) continue;
				if (json.sendAfter !== at(handedAt.get(phones[0].phone)!))
					wrong.push(`output ${JSON.stringify(json)}: sendAfter is not the moment handed over`);
				const moved = phones.some((recipient) => recipient.expected !== recipient.allowed);
				if (moved !== (json.scheduleAdjusted !== undefined))
					wrong.push(
						`output ${JSON.stringify(json)}: scheduleAdjusted should be ${moved ? 'there' : 'absent'}`,
					);
			}
			expect(wrong).toEqual([]);
			// the recipients inside the repeated hour (autumn) meet past it; in spring every one keeps its own moment
			expect(mailings).toHaveLength(kind === 'autumn' ? 4 : 5);
			if (kind === 'autumn') {
				expect(recipients[2].expected).toBe(recipients[3].expected);
				expect(
					outputs.find((output) => output.json.scheduleAdjusted !== undefined)?.json
						.scheduleAdjusted,
				).toMatchObject({
					reason: 'repeatedHour',
					askedFor: [at(recipients[2].allowed), at(recipients[3].allowed)],
					scheduledFor: at(recipients[2].expected),
				});
			}
		},
	);

	it('SMS > Send to List with Quiet Hours deferred into the repeated hour: d_schedule names one moment, the confirmed mailing goes then', async () => {
		const change = changeOf(serviceZone, 'autumn');
		const nowMs = change.at - 3 * HOUR;
		jest.setSystemTime(nowMs);
		fixture.sandbox.setServiceTimeZone(serviceZone);
		const listZone = zoneStartingAt(change.at + 30 * MINUTE);
		const { items, request } = await fixture.runOk({
			parameters: params(fixture.account, 'sms', 'sendToList', {
				options: { quietHours: HOURS, recipientTimeZone: listZone },
			}),
			credentialFields,
		});
		const expected = change.at + (change.before - change.after) * MINUTE;
		expect(momentsNamedBy(String(request.body?.d_schedule), serviceZone)).toEqual([expected]);
		expect(items[0].json).toMatchObject({
			deferredForQuietHours: true,
			sendAfter: at(expected),
			scheduleAdjusted: { reason: 'repeatedHour', askedFor: [at(change.at + 30 * MINUTE)] },
		});
		await call(fixture.sandbox, 'v1/confirmSendMessageByList', {
			form: { token: TEST_API_KEY, message_id: String(items[0].json.message_id), confirm: '1' },
		});
		const handOvers = fixture.sandbox
			.handOvers(TEST_API_KEY)
			.filter((handOver) => handOver.text === request.body?.message);
		expect(handOvers.length).toBe(fixture.account.lists[0].phones.length);
		expect(new Set(handOvers.map((handOver) => handOver.at))).toEqual(new Set([at(expected)]));
	});

	it('SMS > Create Message at an instant inside the repeated hour: the time sent names one moment, the one the emulator reads', async () => {
		const change = changeOf(serviceZone, 'autumn');
		jest.setSystemTime(change.at - 3 * HOUR);
		fixture.sandbox.setServiceTimeZone(serviceZone);
		const expected = change.at + (change.before - change.after) * MINUTE;
		for (const asked of [change.at - 20 * MINUTE, change.at + 20 * MINUTE]) {
			fixture.sandbox.clearRequests();
			const { items, request } = await fixture.runOk({
				parameters: params(fixture.account, 'sms', 'createMessage', {
					additionalFields: { sendAt: at(asked) },
				}),
				credentialFields,
			});
			expect(momentsNamedBy(String(request.query.time), serviceZone)).toEqual([expected]);
			expect(Number(items[0].json.time) * 1000).toBe(expected);
			expect(items[0].json.scheduleAdjusted).toMatchObject({
				reason: 'repeatedHour',
				askedFor: [at(asked)],
				scheduledFor: at(expected),
			});
		}
	});

	it('Send At written in the hour the spring change skips: read as n8n reads it (past the gap), and the output says so', async () => {
		const change = changeOf(serviceZone, 'spring');
		jest.setSystemTime(change.at - 3 * HOUR);
		fixture.sandbox.setServiceTimeZone(serviceZone);
		// the wall time half an hour before the change, plus the hour the clocks skip: one they never show
		const before = serviceTimeIn(change.at - 30 * MINUTE, serviceZone, 'T');
		const wall = new Date(Date.parse(`${before}Z`) + (change.after - change.before) * MINUTE)
			.toISOString()
			.slice(0, 19);
		expect(momentsNamedBy(wall, serviceZone)).toEqual([]);
		const { items, requests } = await fixture.runOk({
			parameters: params(fixture.account, 'sms', 'sendBatch', {
				mailingName: 'Sale',
				text: 'Hi',
				options: { sendAt: wall },
			}),
			items: [{ phone: '375290000001' }],
			timezone: serviceZone,
			credentialFields,
		});
		const sent = ((requests[0].body as IDataObject).messages as IDataObject[])[0]
			.schedule_time as string;
		const [moment] = momentsNamedBy(sent, serviceZone);
		expect(moment).toBe(change.at + 30 * MINUTE);
		const handOvers = fixture.sandbox
			.handOvers(TEST_API_KEY)
			.filter((handOver) => handOver.phone === '375290000001');
		expect(handOvers.map((handOver) => handOver.at)).toEqual([at(moment)]);
		expect(items[0].json.scheduleAdjusted).toMatchObject({
			reason: 'skippedHour',
			askedFor: [wall],
			scheduledFor: at(moment),
		});
	});
});

describe('hours that lie inside the repeated hour (01:00-01:45 in New York on the night the clocks go back)', () => {
	it('Send to List goes at the first allowed time that names one moment: the next night, said in the output', async () => {
		const zone = 'America/New_York';
		const change = changeOf(zone, 'autumn');
		const nowMs = change.at - 2 * HOUR;
		jest.setSystemTime(nowMs);
		fixture.sandbox.setServiceTimeZone(zone);
		const { items, request } = await fixture.runOk({
			parameters: params(fixture.account, 'sms', 'sendToList', {
				options: { quietHours: '01:00-01:45', recipientTimeZone: zone },
			}),
			credentialFields: { serviceTimeZone: zone },
		});
		let expected = nowMs;
		while (
			!allowedAt(expected, zone, 60, 105) ||
			momentsNamedBy(serviceTimeIn(expected, zone, 'minutes'), zone).length !== 1
		)
			expected += MINUTE;
		expect(expected - change.at).toBeGreaterThan(20 * HOUR);
		expect(momentsNamedBy(String(request.body?.d_schedule), zone)).toEqual([expected]);
		expect(items[0].json).toMatchObject({
			sendAfter: at(expected),
			scheduleAdjusted: { reason: 'repeatedHour', scheduledFor: at(expected) },
		});
		expect(String((items[0].json.scheduleAdjusted as IDataObject).note)).toContain(
			"outside the recipient's hours",
		);
	});
});

describe('a time that names two moments and cannot be resolved (America/New_York, 1 November 2026)', () => {
	beforeEach(() => jest.setSystemTime(Date.parse('2026-10-01T12:00:00Z')));

	it('Create Message: the item whose Send At is written inside the repeated hour is refused, naming field, value and item; the others go', async () => {
		const { items, requests } = await fixture.runOk({
			parameters: params(fixture.account, 'sms', 'createMessage', {
				additionalFields: { sendAt: '={{ $json.at }}' },
			}),
			items: [
				{ at: '2026-11-01T00:30:00' },
				{ at: '2026-11-01T01:30:00' },
				{ at: '2026-11-01T01:30:00-05:00' },
			],
			timezone: 'America/New_York',
			credentialFields: { serviceTimeZone: 'America/New_York' },
			continueOnFail: true,
		});
		expect(requests.map((request) => request.query.time)).toEqual([
			'2026-11-01 00:30',
			'2026-11-01 02:00',
		]);
		expect(items[1].json.error).toBe(
			'Invalid Send At "2026-11-01T01:30:00" in item 1: 2026-11-01T01:30:00 occurs twice in America/New_York (the clocks go back: once at UTC-04:00, once at UTC-05:00) and names two moments an hour apart; give the time with its offset (e.g. 2026-11-01T01:30:00-04:00) or a time outside the repeated hour (read in the workflow time zone)',
		);
		expect(items[2].json.scheduleAdjusted).toMatchObject({
			reason: 'repeatedHour',
			askedFor: ['2026-11-01T06:30:00.000Z'],
			scheduledFor: '2026-11-01T07:00:00.000Z',
		});
	});

	it('Send Batch from JSON: a schedule_time inside the repeated hour is refused for its item, the other item is sent', async () => {
		const mailing = (schedule_time: string) =>
			JSON.stringify([
				{
					name: 'Night',
					alphaname_id: String(fixture.account.alphanameIds[0]),
					message_type: 'bulk',
					text: 'Hi',
					schedule_time,
					delivery_list: ['375290000001'],
				},
			]);
		const { items, requests } = await fixture.runOk({
			parameters: params(fixture.account, 'sms', 'sendBatch', {
				buildFrom: 'json',
				messagesJson: '={{ $json.messages }}',
			}),
			items: [
				{ messages: mailing('2026-11-01T01:30:00') },
				{ messages: mailing('2026-11-01T02:30:00') },
			],
			credentialFields: { serviceTimeZone: 'America/New_York' },
			continueOnFail: true,
		});
		expect(requests).toHaveLength(1);
		expect(((requests[0].body as IDataObject).messages as IDataObject[])[0].schedule_time).toBe(
			'2026-11-01T02:30:00',
		);
		expect(String(items[0].json.error)).toContain(
			'Invalid Mailings (JSON) "2026-11-01T01:30:00" in item 0: mailing 1 (messages[0]): "schedule_time" is read in the Service Time Zone, and 2026-11-01T01:30:00 occurs twice in America/New_York',
		);
		expect(String(items[0].json.error)).toContain(
			'write a time outside the repeated hour, e.g. 2026-11-01T02:00:00',
		);
	});
});
