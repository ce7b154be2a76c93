// The adaptive concurrency's rules, fed with starts, answers and refusals as the pacer feeds it.
// Latencies are numbers handed in: nothing here depends on real time.
import { AdaptiveConcurrency, START_CONCURRENCY } from '../../nodes/MessagingService/transport/concurrency';

/** One round at the current limit: that many requests in flight at once, then answered in `latencyMs`. */
function fullRound(controller: AdaptiveConcurrency, latencyMs = 50): void {
	const limit = controller.current;
	for (let inFlight = 1; inFlight <= limit; inFlight++) controller.started(inFlight);
	for (let answer = 0; answer < limit; answer++) controller.answered(latencyMs);
}

function limitsOver(controller: AdaptiveConcurrency, rounds: number, latencyMs = 50): number[] {
	const limits: number[] = [];
	for (let round = 0; round < rounds; round++) {
		fullRound(controller, latencyMs);
		limits.push(controller.current);
	}
	return limits;
}

describe('AdaptiveConcurrency', () => {
	it(`starts at ${START_CONCURRENCY}, or at the maximum when that is lower`, () => {
		expect(new AdaptiveConcurrency(50).current).toBe(START_CONCURRENCY);
		expect(new AdaptiveConcurrency(4).current).toBe(4);
		expect(new AdaptiveConcurrency(0).current).toBe(1);
	});

	it('raises the limit while the service answers without 429 and latency holds: doubling, up to the maximum, never above', () => {
		const controller = new AdaptiveConcurrency(50);
		expect(limitsOver(controller, 6)).toEqual([20, 40, 50, 50, 50, 50]);
	});

	it('a maximum below the start of the doubling: the limit never goes above it', () => {
		const controller = new AdaptiveConcurrency(15);
		expect(limitsOver(controller, 4)).toEqual([15, 15, 15, 15]);
	});

	it('does not raise a limit that was not used (fewer requests in flight than allowed)', () => {
		const controller = new AdaptiveConcurrency(50);
		for (let round = 0; round < 5; round++) {
			for (let answer = 0; answer < controller.current; answer++) {
				controller.started(3);
				controller.answered(50);
			}
		}
		expect(controller.current).toBe(START_CONCURRENCY);
	});

	it('halves the limit on a 429, then raises it by one per round (additive increase)', () => {
		const controller = new AdaptiveConcurrency(50);
		limitsOver(controller, 3);
		expect(controller.current).toBe(50);
		controller.rateLimited();
		expect(controller.current).toBe(25);
		expect(limitsOver(controller, 4)).toEqual([26, 27, 28, 29]);
		controller.rateLimited();
		expect(controller.current).toBe(14);
	});

	it('never goes below one request at a time', () => {
		const controller = new AdaptiveConcurrency(50);
		for (let refusal = 0; refusal < 10; refusal++) controller.rateLimited();
		expect(controller.current).toBe(1);
		expect(limitsOver(controller, 3)).toEqual([2, 3, 4]);
	});

	it('holds the limit while answers come clearly slower than the quickest round, and steps back when the service queues', () => {
		const controller = new AdaptiveConcurrency(50);
		fullRound(controller, 100);
		expect(controller.current).toBe(20);
		// more than twice as slow (plus a little): held
		expect(limitsOver(controller, 2, 250)).toEqual([20, 20]);
		// more than four times as slow: the service queues our requests, back by a quarter
		fullRound(controller, 500);
		expect(controller.current).toBe(15);
		// latency back to normal: the limit rises again, by one per round now
		expect(limitsOver(controller, 2, 100)).toEqual([16, 17]);
	});

	it('latencies of a few milliseconds vary by more than the factor: small differences do not hold the limit', () => {
		const controller = new AdaptiveConcurrency(50);
		fullRound(controller, 1);
		expect(limitsOver(controller, 2, 8)).toEqual([40, 50]);
	});
});
