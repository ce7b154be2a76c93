/**
 * n8n's own Retry On Fail (node Settings) runs the whole node again after an error, in the same
 * execution. Items that were already sent must not be sent again: their earlier output is given
 * again, paired with the same item (actions/itemLedger.ts). Send and Wait for Response likewise
 * sends its message with the link at most once.
 */
import type { ExecutionError } from 'n8n-workflow';

import { indexRanges } from '../../../nodes/MessagingService/actions/progress';
import { params } from '../../harness/params';
import { useSandbox } from '../../harness/sandbox';
import { waitingAdditionalData } from '../sendAndWait/waiting';

const fixture = useSandbox();

const ITEMS = 10;
const phones = Array.from({ length: ITEMS }, (_, index) => ({
	phone: `37529100${String(index).padStart(4, '0')}`,
}));
const RETRY_ON_FAIL = { maxTries: 3, waitBetweenTries: 0 };

const sendToEachPhone = (message: string, concurrency: number) =>
	params(fixture.account, 'sms', 'send', {
		phone: '={{ $json.phone }}',
		message,
		options: { concurrency },
	});

function sendRequests() {
	return fixture.sandbox.requests().filter((request) => request.apiMethod === 'sendQuickSMS');
}

/** A send answered 500 after the service processed it: the error says so, and no later try sent it again. */
function expectMayHaveBeenSent(error: ExecutionError | undefined) {
	expect(error?.message).toMatch(/unavailable \(500\)/);
	expect(error?.description).toMatch(/may have been sent/);
	expect(error?.description).toMatch(/not sent again by Retry On Fail/);
}

describe.each([1, 10])('Retry On Fail with 3 tries, Concurrency %i', (concurrency) => {
	const sendSms = async () =>
		await fixture.run({
			parameters: sendToEachPhone('Your code is ready', concurrency),
			items: phones,
			retryOnFail: RETRY_ON_FAIL,
		});

	it('the fifth request refused (400): the next try sends only what was not sent; every message once, every item paired', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendQuickSMS', kind: '400', after: 4, count: 1 }],
		});
		const { items, error } = await sendSms();
		expect(error).toBeUndefined();
		expect(items).toHaveLength(ITEMS);
		expect(items.map((item) => item.pairedItem)).toEqual(phones.map((_, item) => ({ item })));
		expect(items.every((item) => typeof item.json.sms_id === 'number')).toBe(true);
		expect(new Set(items.map((item) => item.json.sms_id)).size).toBe(ITEMS);
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: ITEMS, duplicates: 0 });
		// ten accepted requests and the one refused: nothing was sent twice
		expect(sendRequests()).toHaveLength(ITEMS + 1);
	});

	it('the fifth request answered 500 after it was processed: no try sends anything again; the error lists what went out', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendQuickSMS', kind: '500-after', after: 4, count: 1 }],
		});
		const { error } = await sendSms();
		expectMayHaveBeenSent(error);
		expect(error?.description).toMatch(
			/items had gone through \(for a send operation: were sent\): items /,
		);
		const counters = fixture.sandbox.counters();
		expect(counters.duplicates).toBe(0);
		// every request reached the service once; the one answered 500 was processed too
		expect(sendRequests()).toHaveLength(counters.messagesSent);
		expect(new Set(sendRequests().map((request) => request.query.phone)).size).toBe(
			sendRequests().length,
		);
	});
});

describe('a per-item run stopped by an error', () => {
	it('lists the items that were sent, and starts no new item after the failure', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendQuickSMS', kind: '500-after', after: 4, count: 1 }],
		});
		const { error } = await fixture.run({ parameters: sendToEachPhone('Hello', 1), items: phones });
		expect(error?.description).toMatch(
			/4 of 10 items had gone through \(for a send operation: were sent\): items 0-3\./,
		);
		expect(error?.description).toMatch(/Not started: items 5-9\./);
		expect(sendRequests()).toHaveLength(5);
	});

	it('with Concurrency 5, items read ahead of their turn are not sent after the failure, and are listed as not started', async () => {
		// answers take 30 ms: while five requests are under way, the next items read their parameters
		fixture.sandbox.setFaults({
			latencyMs: 30,
			rules: [{ apiMethod: 'sendQuickSMS', kind: '400', after: 20, count: 1 }],
		});
		const many = Array.from({ length: 60 }, (_, index) => ({
			phone: `37529200${String(index).padStart(4, '0')}`,
		}));
		const { error } = await fixture.run({ parameters: sendToEachPhone('Hello', 5), items: many });

		const requested = new Set(
			sendRequests().map((request) => many.findIndex((item) => item.phone === request.query.phone)),
		);
		// the refused 21st request, and at most the four under way beside it
		expect(requested.size).toBeGreaterThanOrEqual(21);
		expect(requested.size).toBeLessThanOrEqual(25);
		const neverRequested = many.map((_, index) => index).filter((index) => !requested.has(index));
		expect(error?.description).toContain(`Not started: items ${indexRanges(neverRequested)}.`);
	});
});

describe('Send and Wait for Response with Retry On Fail (3 tries)', () => {
	const sendAndWaitSms = async () =>
		await fixture.run({
			parameters: params(fixture.account, 'sms', 'sendAndWait', { message: 'Approve the refund?' }),
			additionalData: waitingAdditionalData,
			retryOnFail: RETRY_ON_FAIL,
		});

	it('a send answered 500 after it was processed is not sent again by the next tries; the error says it may have been sent', async () => {
		fixture.sandbox.setFaults({
			rules: [{ apiMethod: 'sendQuickSMS', kind: '500-after', count: 1 }],
		});
		const { error, run } = await sendAndWaitSms();
		expectMayHaveBeenSent(error);
		expect(sendRequests()).toHaveLength(1);
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 1, duplicates: 0 });
		expect(run.waitTill).toBeUndefined();
	});

	it('a send refused before it was processed (400) is sent by the next try, once, and the execution waits', async () => {
		fixture.sandbox.setFaults({ rules: [{ apiMethod: 'sendQuickSMS', kind: '400', count: 1 }] });
		const { error, run } = await sendAndWaitSms();
		expect(error).toBeUndefined();
		expect(sendRequests()).toHaveLength(2);
		expect(fixture.sandbox.counters()).toMatchObject({ messagesSent: 1, duplicates: 0 });
		expect(run.waitTill).toBeInstanceOf(Date);
	});
});
