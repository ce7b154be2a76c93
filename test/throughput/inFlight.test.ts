// Requests in flight and pauses of per-item sends through n8n's engine against the emulator: how
// many requests the node had under way is what the emulator saw in flight when each request
// arrived (never more than the node had). The emulator answers after 150 ms or more, far above
// the scheduling noise of a busy machine.
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { LoggedRequest } from '../sandbox';
import { useSandbox } from '../harness/sandbox';
import { phoneOf, smsSendPerItem } from './perItemSms';

const fixture = useSandbox();

function recipients(count: number) {
	return Array.from({ length: count }, (_, index) => ({ phone: phoneOf(index), text: `In flight ${index}` }));
}

function smsSend(options: INodeParameters = {}): INodeParameters {
	return smsSendPerItem(String(fixture.account.alphanameIds[0]), options);
}

function peakInFlight(requests: LoggedRequest[]): number {
	return Math.max(0, ...requests.map((request) => request.inFlight));
}

/** Output i is input i's answer, paired to it; each message was sent once. */
function expectOrderedAndOnce(items: INodeExecutionData[], input: Array<{ phone: string; text: string }>) {
	expect(items.map((item) => item.pairedItem)).toEqual(input.map((_, index) => ({ item: index })));
	const sentBy = new Map(fixture.sandbox.requests().filter((request) => request.status === 200).map((request) => [
		String(request.query.phone),
		request,
	]));
	items.forEach((item, index) => expect(sentBy.get(input[index].phone)).toBeDefined());
	const counters = fixture.sandbox.counters();
	expect(counters.duplicates).toBe(0);
	expect(counters.messagesSent).toBe(input.length);
	expect(new Set(items.map((item) => item.json.sms_id)).size).toBe(input.length);
}

describe('requests in flight of per-item sends', () => {
	it('without 429s the node sends at the Concurrency option (default 50) from the first item', async () => {
		// answers after 1 s: time enough for the node to start 50 requests even on a busy machine
		fixture.sandbox.setFaults({ latencyMs: 1000 });
		const input = recipients(100);

		const { items, error } = await fixture.run({ parameters: smsSend(), items: input });

		expect(error).toBeUndefined();
		const requests = fixture.sandbox.requests();
		expect(requests.every((request) => request.status === 200)).toBe(true);
		// the first fifty went out before any answer came back, the next ones as answers came
		expect(requests.slice(0, 50).map((request) => request.inFlight)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
		expect(peakInFlight(requests)).toBe(50);
		expectOrderedAndOnce(items, input);
	});

	it('never above the Concurrency option', async () => {
		fixture.sandbox.setFaults({ latencyMs: 400 });
		const input = recipients(100);

		const { items, error } = await fixture.run({ parameters: smsSend({ concurrency: 16 }), items: input });

		expect(error).toBeUndefined();
		const requests = fixture.sandbox.requests();
		expect(peakInFlight(requests)).toBe(16);
		expectOrderedAndOnce(items, input);
	});

	it('a limit that starts mid-run: no request goes out while Retry-After runs; nothing lost, nothing doubled, order kept', async () => {
		fixture.sandbox.setFaults({ latencyMs: 150, rateLimit: { perSecond: 60, retryAfterSeconds: 2, afterRequests: 150 } });
		const input = recipients(260);

		const { items, error } = await fixture.run({ parameters: smsSend(), items: input });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(260);
		const requests = fixture.sandbox.requests();
		const firstRefused = requests.findIndex((request) => request.status === 429);
		expect(firstRefused).toBeGreaterThanOrEqual(150);
		// The node reads a 429 150 ms after the emulator logged it; requests it had started before
		// then may still arrive a little later (up to 500 ms on a busy machine). After that, none until
		// Retry-After (2 s) has passed.
		const arrivals = requests.map((request) => Date.parse(request.at));
		for (const refusal of requests.filter((request) => request.status === 429)) {
			const refusedAt = Date.parse(refusal.at);
			expect(arrivals.filter((at) => at > refusedAt + 650 && at < refusedAt + 2000)).toEqual([]);
		}
		expectOrderedAndOnce(items, input);
	});
});
