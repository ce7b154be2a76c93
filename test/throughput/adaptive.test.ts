// The adaptive concurrency through n8n's engine against the emulator: how many requests the node
// had under way is what the emulator saw in flight when each request arrived (never more than the
// node had). No timing is asserted. Where the rounds matter, the emulator answers in rounds: it
// holds the answers until the node has sent all it will send before one comes back (a latency of
// 150 ms did not hold on a busy machine: answers came back before the first round was out).
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DEFAULT_CONCURRENCY } from '../../nodes/MessagingService/actions/common';
import { START_CONCURRENCY } from '../../nodes/MessagingService/transport/concurrency';
import type { LoggedRequest } from '../sandbox';
import { answerInRounds } from '../harness/answersInRounds';
import { useSandbox } from '../harness/sandbox';
import { phoneOf, smsSendPerItem } from './perItemSms';

const fixture = useSandbox();

function recipients(count: number) {
	return Array.from({ length: count }, (_, index) => ({
		phone: phoneOf(index),
		text: `Adaptive ${index}`,
	}));
}

function smsSend(options: INodeParameters = {}): INodeParameters {
	return smsSendPerItem(String(fixture.account.alphanameIds[0]), options);
}

/** Runs the node while the emulator answers in rounds. */
async function runInRounds(
	parameters: INodeParameters,
	items: Array<{ phone: string; text: string }>,
) {
	const stop = answerInRounds(fixture.sandbox);
	try {
		return await fixture.run({ parameters, items });
	} finally {
		stop();
	}
}

function peakInFlight(requests: LoggedRequest[]): number {
	return Math.max(0, ...requests.map((request) => request.inFlight));
}

/** Output i is input i's answer, paired to it; each message was sent once. */
function expectOrderedAndOnce(
	items: INodeExecutionData[],
	input: Array<{ phone: string; text: string }>,
) {
	expect(items.map((item) => item.pairedItem)).toEqual(input.map((_, index) => ({ item: index })));
	const sentBy = new Map(
		fixture.sandbox
			.requests()
			.filter((request) => request.status === 200)
			.map((request) => [String(request.query.phone), request]),
	);
	items.forEach((item, index) => expect(sentBy.get(input[index].phone)).toBeDefined());
	const counters = fixture.sandbox.counters();
	expect(counters.duplicates).toBe(0);
	expect(counters.messagesSent).toBe(input.length);
	expect(new Set(items.map((item) => item.json.sms_id)).size).toBe(input.length);
}

describe('adaptive concurrency of per-item sends', () => {
	it(`without 429s it starts at ${START_CONCURRENCY} requests at a time and raises the number, up to the default maximum of ${DEFAULT_CONCURRENCY}`, async () => {
		const input = recipients(300);

		const { items, error } = await runInRounds(smsSend(), input);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(300);
		const requests = fixture.sandbox.requests();
		expect(requests.every((request) => request.status === 200)).toBe(true);
		// the first round went out before any answer came back: never more than that at first
		const firstRound = Array.from({ length: START_CONCURRENCY }, (_, index) => index + 1);
		expect(requests.slice(0, START_CONCURRENCY).map((request) => request.inFlight)).toEqual(
			firstRound,
		);
		expect(requests[START_CONCURRENCY].inFlight).toBeLessThanOrEqual(START_CONCURRENCY);
		expect(peakInFlight(requests)).toBeGreaterThan(2 * START_CONCURRENCY);
		expect(peakInFlight(requests)).toBeLessThanOrEqual(DEFAULT_CONCURRENCY);
		expectOrderedAndOnce(items, input);
	});

	it('never above the Concurrency option, which is the maximum', async () => {
		const input = recipients(200);

		const { items, error } = await runInRounds(smsSend({ concurrency: 16 }), input);

		expect(error).toBeUndefined();
		const requests = fixture.sandbox.requests();
		expect(peakInFlight(requests)).toBeGreaterThan(10);
		expect(peakInFlight(requests)).toBeLessThanOrEqual(16);
		expectOrderedAndOnce(items, input);
	});

	it('a limit that starts mid-run: 429s halve the requests in flight; nothing lost, nothing doubled, order kept', async () => {
		fixture.sandbox.setFaults({
			latencyMs: 150,
			rateLimit: { perSecond: 60, retryAfterSeconds: 2, afterRequests: 150 },
		});
		const input = recipients(500);

		const { items, error } = await fixture.run({ parameters: smsSend(), items: input });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(500);
		const requests = fixture.sandbox.requests();
		const firstRefused = requests.findIndex((request) => request.status === 429);
		expect(firstRefused).toBeGreaterThanOrEqual(150);
		const before = requests.slice(0, firstRefused);
		expect(peakInFlight(before)).toBeGreaterThan(25);
		// Once it saw the 429 the node paused for Retry-After (2 s): the first gap of a second and a half
		// between two requests after the refusal, however long a busy machine took to see it. What came
		// after started at the halved limit: at most half of the default maximum (50). Not half of the
		// peak the emulator saw before: on a busy machine the node's limit can be above what it managed
		// to have in flight at once.
		const startsFromRefusal = requests.slice(firstRefused).map((request) => Date.parse(request.at));
		const resumed = startsFromRefusal.findIndex(
			(at, index) => index > 0 && at - startsFromRefusal[index - 1] >= 1500,
		);
		expect(resumed).toBeGreaterThan(0);
		const afterPause = requests.slice(firstRefused + resumed);
		expect(afterPause.length).toBeGreaterThan(25);
		expect(peakInFlight(afterPause.slice(0, 25))).toBeLessThanOrEqual(25);
		expectOrderedAndOnce(items, input);
	});
});
