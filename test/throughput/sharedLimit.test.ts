// Three executions at once share one rate limit of the service, as in queue mode (S5). Each has its
// own pacer and nothing is shared between them: each learns its share from its own 429s. No timing
// is asserted: every message is sent once, each output keeps order and pairing, and every execution
// kept sending while the others ran (none was starved until the others had finished).
// sharedLimitShares.test.ts checks the shares on a fake clock over many seeds and start offsets.
import type { LoggedRequest } from '../sandbox';
import { useSandbox } from '../harness/sandbox';
import { phoneOf, smsSendPerItem } from './perItemSms';

const fixture = useSandbox();

const EXECUTIONS = 3;
const ITEMS = 60;
/** not starved: a share of the messages accepted before the first execution is done (below) */
const LEAST_SHARE = ITEMS / 12;

function recipients(execution: number) {
	return Array.from({ length: ITEMS }, (_, index) => ({
		phone: phoneOf(execution * 1000 + index),
		text: `Execution ${execution} item ${index}`,
	}));
}

function executionOf(request: LoggedRequest): number {
	return Math.floor((Number(request.query.phone) - Number(phoneOf(0))) / 1000);
}

describe('executions sharing one rate limit', () => {
	it('three executions of 60 sends at once under 20 requests per second: each message once, each execution served throughout', async () => {
		fixture.sandbox.setFaults({
			latencyMs: 20,
			rateLimit: { perSecond: 20, retryAfterSeconds: 1 },
		});
		const inputs = Array.from({ length: EXECUTIONS }, (_, execution) => recipients(execution));

		// a Timeout far above the default 30 s: the test is about sharing a limit, not about deadlines, and
		// at nice 10 beside busy processes (the emulator starved in the same process) one answer took longer
		const parameters = smsSendPerItem(String(fixture.account.alphanameIds[0]), { timeout: 600 });
		// "at once" made sure: no answer comes back before each execution has sent a request (beside
		// busy processes the third started when the first was nearly done)
		fixture.sandbox.holdAnswers();
		const running = Promise.all(
			inputs.map(async (input) => await fixture.run({ parameters, items: input })),
		);
		while (new Set(fixture.sandbox.requests().map(executionOf)).size < EXECUTIONS)
			await new Promise((resolve) => setTimeout(resolve, 10));
		fixture.sandbox.holdAnswers(false);
		const results = await running;

		results.forEach(({ items, error }, execution) => {
			expect(error).toBeUndefined();
			expect(items.map((item) => item.pairedItem)).toEqual(
				inputs[execution].map((_, index) => ({ item: index })),
			);
			expect(new Set(items.map((item) => item.json.sms_id)).size).toBe(ITEMS);
		});
		const counters = fixture.sandbox.counters();
		expect(counters.duplicates).toBe(0);
		expect(counters.messagesSent).toBe(EXECUTIONS * ITEMS);
		expect(counters.sent.map((group) => `${group.phone}|${group.text}`).sort()).toEqual(
			inputs
				.flat()
				.map((item) => `${item.phone}|${item.text}`)
				.sort(),
		);
		expect(counters.byStatus['429']).toBeGreaterThan(0);

		// until the first execution had all its messages accepted, each of the others had a share too.
		// Beside busy processes one execution's first requests lag, and the run takes the shape that
		// sharedLimitShares.test.ts calls "the third starts 900 ms late": its least share there is 7 over 40
		// seeds; here, quiet, 39 to 40 in 6 runs, and 6 to 40 in 6 runs beside 3 busy processes
		// (a CI run found 7 against the former bound of ITEMS / 4)
		const accepted = fixture.sandbox
			.requests()
			.filter((request) => request.status === 200 && request.apiMethod === 'sendQuickSMS');
		const lastAcceptedOf = (execution: number) =>
			Math.max(
				...accepted
					.filter((request) => executionOf(request) === execution)
					.map((request) => Date.parse(request.at)),
			);
		const firstDone = Math.min(...inputs.map((_, execution) => lastAcceptedOf(execution)));
		const shares = inputs.map(
			(_, execution) =>
				accepted.filter(
					(request) => executionOf(request) === execution && Date.parse(request.at) <= firstDone,
				).length,
		);
		for (const share of shares) expect(share).toBeGreaterThanOrEqual(LEAST_SHARE);
	}, 600_000);
});
