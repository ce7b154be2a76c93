import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { LoggedRequest } from '../../sandbox';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { referenceNextAllowed, serviceTimeIn } from './reference';

const fixture = useSandbox();

const SERVICE_ZONE = 'Europe/Minsk';
const CREDENTIAL = { serviceTimeZone: SERVICE_ZONE };
const QUIET = { quietHours: '09:00-21:00', recipientTimeZone: '={{ $json.timeZone }}' };

/**
 * Recipients in six zones: two that change to summer time in the 24 hours (Europe/London and
 * Europe/Berlin, on 29 March 2026 at 01:00 UTC), two with a half-hour offset (Asia/Kolkata from
 * the phone's country; America/St_Johns given by the item, as +1 says no zone), Asia/Tokyo, and a
 * Russian number without a zone, which falls back to the Service Time Zone.
 */
const RECIPIENTS = [
	{ phone: '447700900123', zone: 'Europe/London' },
	{ phone: '4915123456789', zone: 'Europe/Berlin' },
	{ phone: '919812345678', zone: 'Asia/Kolkata' },
	{ phone: '819012345678', zone: 'Asia/Tokyo' },
	{ phone: '17095551234', zone: 'America/St_Johns', timeZone: 'America/St_Johns' },
	{ phone: '79161234567', zone: SERVICE_ZONE },
];
const zoneOfPhone = new Map(RECIPIENTS.map((recipient) => [recipient.phone, recipient.zone]));
const items = RECIPIENTS.map(({ phone, timeZone }) => ({ phone, timeZone: timeZone ?? '' }));

const START_MS = Date.parse('2026-03-28T12:00:00Z');
const RUNS = 100;
const STEP_MS = (24 * 3600_000) / RUNS;

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
});
afterAll(() => jest.useRealTimers());

type Kind = 'send' | 'chatSend' | 'batch' | 'smsList' | 'chatList';
const KINDS: Kind[] = ['send', 'batch', 'smsList', 'chatSend', 'chatList'];

function parametersOf(kind: Kind, listZone: string): INodeParameters {
	switch (kind) {
		case 'send':
			return params(fixture.account, 'sms', 'send', {
				phone: '={{ $json.phone }}',
				options: QUIET,
			});
		case 'chatSend':
			return params(fixture.account, 'chatMessage', 'send', {
				phone: '={{ $json.phone }}',
				options: QUIET,
			});
		case 'batch':
			return params(fixture.account, 'sms', 'sendBatch', {
				mailingName: 'Sale',
				text: 'Hi',
				options: QUIET,
			});
		case 'smsList':
			return params(fixture.account, 'sms', 'sendToList', {
				options: { quietHours: '09:00-21:00', recipientTimeZone: listZone },
			});
		case 'chatList':
			return params(fixture.account, 'chatMessage', 'sendToList', {
				options: { quietHours: '09:00-21:00', recipientTimeZone: listZone },
			});
	}
}

describe('Quiet Hours over 24 hours of a manual clock', () => {
	it('100 sends in six zones: nothing immediate inside quiet hours, every scheduled time and sendAfter right', async () => {
		const tally = {
			immediate: 0,
			immediateInQuiet: 0,
			scheduled: 0,
			heldWithSendAfter: 0,
			wrong: [] as string[],
		};
		const wrong = (what: string) => tally.wrong.push(what);
		for (let run = 0; run < RUNS; run++) {
			const nowMs = START_MS + run * STEP_MS;
			jest.setSystemTime(nowMs);
			fixture.sandbox.clearRequests();
			const kind = KINDS[run % KINDS.length];
			// list mailings: a zone of its own per run, the Service Time Zone when none is given
			const listZone = ['Asia/Kolkata', 'America/St_Johns', 'Europe/London', ''][run % 4];
			const single = kind === 'send' || kind === 'chatSend';
			const { items: outputs, requests } = await fixture.runOk({
				parameters: parametersOf(kind, listZone),
				items: kind === 'smsList' || kind === 'chatList' ? [{}] : items,
				credentialFields: CREDENTIAL,
			});
			const at = `run ${run} (${kind}) at ${new Date(nowMs).toISOString()}`;
			const sends = requests.filter(
				(request: LoggedRequest) => request.apiMethod?.startsWith('send') && request.status === 200,
			);
			if (single) {
				RECIPIENTS.forEach(({ phone, zone }, index) => {
					const expected = referenceNextAllowed(nowMs, zone);
					const went = sends.some((request) =>
						JSON.stringify([request.query, request.body]).includes(phone),
					);
					if (expected === nowMs) {
						tally.immediate++;
						if (!went || outputs[index].json.sent !== true)
							wrong(`${at}: ${phone} not sent inside its hours`);
					} else {
						if (went) tally.immediateInQuiet++;
						tally.heldWithSendAfter++;
						const json = outputs[index].json;
						if (
							json.sent !== false ||
							json.reason !== 'quietHours' ||
							json.sendAfter !== new Date(expected).toISOString()
						) {
							wrong(
								`${at}: ${phone} says ${JSON.stringify(json)}, expected sendAfter ${new Date(expected).toISOString()}`,
							);
						}
					}
				});
			} else if (kind === 'batch') {
				const mailings = sends.flatMap(
					(request) => (request.body as IDataObject).messages as IDataObject[],
				);
				const got = mailings.reduce(
					(sum, mailing) => sum + (mailing.delivery_list as string[]).length,
					0,
				);
				if (got !== RECIPIENTS.length) wrong(`${at}: ${got} recipients in the mailings`);
				for (const mailing of mailings) {
					for (const phone of mailing.delivery_list as string[]) {
						const expected = referenceNextAllowed(nowMs, zoneOfPhone.get(phone)!);
						if (mailing.schedule_time === undefined) {
							tally.immediate++;
							if (expected !== nowMs) tally.immediateInQuiet++;
						} else {
							tally.scheduled++;
							if (mailing.schedule_time !== serviceTimeIn(expected, SERVICE_ZONE, 'T')) {
								wrong(
									`${at}: ${phone} scheduled ${String(mailing.schedule_time)}, expected ${serviceTimeIn(expected, SERVICE_ZONE, 'T')}`,
								);
							}
						}
					}
				}
			} else {
				const zone = listZone === '' ? SERVICE_ZONE : listZone;
				const expected = referenceNextAllowed(nowMs, zone);
				const body = sends[0]?.body as IDataObject | undefined;
				const schedule = body?.d_schedule;
				if (expected === nowMs) {
					tally.immediate++;
					// SMS > Send to List always sends a time (now); the chat one none unless Send At is set
					if (kind === 'smsList' && schedule !== serviceTimeIn(nowMs, SERVICE_ZONE, 'minutes'))
						wrong(`${at}: d_schedule ${String(schedule)}, expected now`);
					if (kind === 'chatList' && schedule !== undefined)
						wrong(`${at}: d_schedule ${String(schedule)}, expected none`);
				} else {
					tally.scheduled++;
					if (schedule !== serviceTimeIn(expected, SERVICE_ZONE, 'minutes')) {
						wrong(
							`${at}: d_schedule ${String(schedule)} for ${zone}, expected ${serviceTimeIn(expected, SERVICE_ZONE, 'minutes')}`,
						);
					}
					if (outputs[0].json.sendAfter !== new Date(expected).toISOString())
						wrong(`${at}: output ${JSON.stringify(outputs[0].json)}`);
				}
			}
		}
		console.log(
			`Quiet Hours, 100 sends over 24 h: ${tally.immediate} recipients reached the service at once inside their hours, ${tally.scheduled} were scheduled, ${tally.heldWithSendAfter} single sends held with sendAfter; ${tally.immediateInQuiet} at once inside quiet hours`,
		);
		expect(tally.wrong).toEqual([]);
		expect(tally.immediateInQuiet).toBe(0);
		// the day covers both: sends inside and outside the hours of every kind
		expect(tally.immediate).toBeGreaterThan(50);
		expect(tally.scheduled).toBeGreaterThan(20);
		expect(tally.heldWithSendAfter).toBeGreaterThan(20);
	});
});
