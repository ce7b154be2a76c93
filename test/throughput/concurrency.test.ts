// The adaptive concurrency's rules, fed with starts, answers and refusals as the pacer feeds it.
// Nothing here depends on real time.
import {
	AdaptiveConcurrency,
	START_CONCURRENCY,
} from '../../nodes/MessagingService/transport/concurrency';

/** One round at the current limit: that many requests in flight at once, then answered. */
function fullRound(controller: AdaptiveConcurrency): void {
	const limit = controller.current;
	for (let inFlight = 1; inFlight <= limit; inFlight++) controller.started(inFlight);
	for (let answer = 0; answer < limit; answer++) controller.answered();
}

function limitsOver(controller: AdaptiveConcurrency, rounds: number): number[] {
	const limits: number[] = [];
	for (let round = 0; round < rounds; round++) {
		fullRound(controller);
		limits.push(controller.current);
	}
	return limits;
}

describe('AdaptiveConcurrency', () => {
	it(`starts at ${START_CONCURRENCY}, or at the maximum when that is lower`, () => {
		expect(new AdaptiveConcurrency(200).current).toBe(START_CONCURRENCY);
		expect(new AdaptiveConcurrency(4).current).toBe(4);
		expect(new AdaptiveConcurrency(0).current).toBe(1);
	});

	it('raises the limit while the service answers without 429: doubling, up to the maximum, never above', () => {
		const controller = new AdaptiveConcurrency(50, 10);
		expect(limitsOver(controller, 6)).toEqual([20, 40, 50, 50, 50, 50]);
	});

	it('a maximum below the start of the doubling: the limit never goes above it', () => {
		const controller = new AdaptiveConcurrency(15);
		expect(limitsOver(controller, 4)).toEqual([15, 15, 15, 15]);
	});

	it('does not raise a limit that was not used (fewer requests in flight than allowed)', () => {
		const controller = new AdaptiveConcurrency(50, 10);
		for (let round = 0; round < 5; round++) {
			for (let answer = 0; answer < controller.current; answer++) {
				controller.started(3);
				controller.answered();
			}
		}
		expect(controller.current).toBe(10);
	});

	it('halves the limit on a 429, then raises it by one per round (additive increase)', () => {
		const controller = new AdaptiveConcurrency(50, 10);
		limitsOver(controller, 3);
		expect(controller.current).toBe(50);
		controller.rateLimited();
		expect(controller.current).toBe(25);
		expect(limitsOver(controller, 4)).toEqual([26, 27, 28, 29]);
		controller.rateLimited();
		expect(controller.current).toBe(14);
	});

	it('never goes below one request at a time', () => {
		const controller = new AdaptiveConcurrency(50, 10);
		for (let refusal = 0; refusal < 10; refusal++) controller.rateLimited();
		expect(controller.current).toBe(1);
		expect(limitsOver(controller, 3)).toEqual([2, 3, 4]);
	});
});
