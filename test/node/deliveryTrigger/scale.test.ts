import type { IDataObject } from 'n8n-workflow';

import { TEST_API_KEY } from '../../harness/keys';
import { params } from '../../harness/params';
import type { TriggerSession } from '../../harness/poll';
import { useDeliverySandbox } from './fixture';

// 10,000 watched messages: about 20 s of CPU on a quiet machine; ten times that must still pass
jest.setTimeout(600_000);

const t = useDeliverySandbox();
const MAILINGS = 19;
const PER_MAILING = 500;
const SINGLES = 500;
const REQUESTS_PER_MINUTE = 60;
const TIME_LIMIT_MINUTES = 10;

const phoneOf = (n: number) => `37529${String(2_000_000 + n).padStart(7, '0')}`;
/** every 20th phone is never reached on chat, every 50th (not a 20th) fails */
const unreachable = (n: number) => n % 20 === 7;
const failing = (n: number) => n % 50 === 3 && !unreachable(n);

function expectedEvents(n: number): string[] {
	if (unreachable(n)) return ['timedOut'];
	if (failing(n)) return ['failed', 'otherStatus'];
	return ['delivered', 'read'];
}

describe('Delivery Trigger at 10,000 watched messages, restarted between polls', () => {
	it('emits every final status once within the budget; what a restart re-emits is flagged and only what was in flight', async () => {
		t.sandbox.setBalance(TEST_API_KEY, 1_000_000);
		const phones = Array.from({ length: PER_MAILING + SINGLES }, (_, n) => phoneOf(n));
		phones.forEach((phone, n) => {
			if (unreachable(n)) t.sandbox.setUnreachable(TEST_API_KEY, phone, 'chat');
			if (failing(n))
				t.sandbox.setFailing(TEST_API_KEY, phone, 'chat', { status: 'REJECTED', errorCode: 9 });
		});
		let trigger: TriggerSession = t.deliveryTrigger({
			watch: 'sentHere',
			events: ['delivered', 'read', 'failed', 'timedOut'],
			timeLimit: TIME_LIMIT_MINUTES,
			options: { maxRequestsPerMinute: REQUESTS_PER_MINUTE },
		});
		expect((await trigger.poll()).items).toEqual([]);

		const mailingPhones = phones.slice(0, PER_MAILING);
		for (let m = 0; m < MAILINGS; m++) await t.sendChatToList(mailingPhones);
		t.syncTime();
		const singles = phones.slice(PER_MAILING);
		const sent = await t.fixture.runOk({
			parameters: params(t.fixture.account, 'chatMessage', 'send', {
				phone: '={{ $json.phone }}',
				message: 'Your parcel arrives today.',
			}),
			items: singles.map((phone) => ({ phone })),
		});
		expect(sent.items).toHaveLength(SINGLES);

		const seen = new Map<string, number>();
		const flagged: string[] = [];
		const perPoll: number[] = [];
		let inFlightBeforeRestart = new Set<string>();
		for (let poll = 1; poll <= 30; poll++) {
			t.advance(60);
			t.sandbox.clearRequests();
			const outcome = await trigger.poll();
			expect(outcome.error).toBeUndefined();
			perPoll.push(t.sandbox.requests().length);
			const lastEmitted = new Set<string>();
			for (const item of outcome.items as IDataObject[]) {
				const key = `${String(item.messageId)} ${String(item.phone)} ${String(item.event)}`;
				if (item.redelivered) {
					expect(inFlightBeforeRestart.has(key)).toBe(true);
					flagged.push(key);
					continue;
				}
				seen.set(key, (seen.get(key) ?? 0) + 1);
				lastEmitted.add(key);
			}
			// n8n restarted after every fifth poll: what that poll emitted was not yet saved as done
			if (poll % 5 === 0) {
				inFlightBeforeRestart = lastEmitted;
				trigger = trigger.restart();
			} else inFlightBeforeRestart = new Set();
		}

		const mailingIds = new Set([...seen.keys()].map((key) => key.split(' ')[0]));
		expect(mailingIds.size).toBe(MAILINGS + SINGLES);
		expect([...seen.values()].every((count) => count === 1)).toBe(true);
		const expectedCount =
			MAILINGS * mailingPhones.reduce((sum, _, n) => sum + expectedEvents(n).length, 0) +
			singles.reduce((sum, _, n) => sum + expectedEvents(PER_MAILING + n).length, 0);
		expect(seen.size).toBe(expectedCount);
		for (const key of seen.keys()) {
			const [, phone, event] = key.split(' ');
			expect(expectedEvents(phones.indexOf(phone))).toContain(event);
		}
		// the stated delay: 519 sends at 60 requests a poll take 9 polls for a round; every last status
		// (the time-outs at 10 minutes included) is out by poll 12, then nothing is read
		expect(perPoll.indexOf(0)).toBeGreaterThan(0);
		expect(perPoll.indexOf(0)).toBeLessThanOrEqual(TIME_LIMIT_MINUTES + 2);
		// the budget: a poll a minute, each within Max Requests per Minute (the first poll after a restart included)
		expect(Math.max(...perPoll)).toBeLessThanOrEqual(REQUESTS_PER_MINUTE);
		// once every message has its last status nothing is read any more
		expect(perPoll.slice(-3)).toEqual([0, 0, 0]);
		// what a restart re-emits is at most what the poll before it emitted
		expect(flagged.length).toBeLessThanOrEqual(seen.size);
	});
});
