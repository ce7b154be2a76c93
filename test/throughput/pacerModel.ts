// A model of executions sending through their pacers to a rate-limited service, on jest's fake clock:
// each execution runs `items` requests with at most `concurrency` at once (as runItems does) and
// retries a refused one after the pacer's pause, giving up after as many refusals as callApi does.
// The service accepts a request
// when fewer than `perSecond` requests were accepted in the second before its arrival (refused ones
// do not count, as in the emulator), else answers 429 with `retryAfterMs`.
import { RequestPacer } from '../../nodes/MessagingService/transport/pacer';
import { MAX_RATE_LIMIT_RETRIES } from '../../nodes/MessagingService/transport/retryPolicy';

export interface ServiceModel {
	/** the limit, or the limit at each moment (ms from the start) */
	perSecond: number | ((elapsedMs: number) => number);
	retryAfterMs?: number;
	latencyMs?: number;
	/** each request reaches the service 0..jitterMs after its start, and its answer takes 0..jitterMs more */
	jitterMs?: number;
	/** the first requests pass unlimited and uncounted: the limit starts after them */
	unlimited?: number;
	/** the first requests are refused whatever the rate (a burst of 429s) */
	refuseFirst?: number;
	/** another seed gives other delays */
	seed?: number;
}

/** One request as the service saw it; times in ms from the start. */
export interface Arrival {
	startedAt: number;
	at: number;
	answeredAt: number;
	execution: number;
	accepted: boolean;
}

export interface ModelRun {
	seconds: number;
	arrivals: Arrival[];
	/** when each execution's last request was accepted, in ms from the start */
	finishedAt: number[];
	/** items whose request was refused more often than callApi retries: lost in a real run */
	gaveUp: number;
	/** the most refusals one item met */
	mostRefused: number;
	pacers: RequestPacer[];
}

/** Deterministic jitter: the same run every time. */
function jitterSource(seed = 1): () => number {
	let state = seed;
	return () => {
		state = (state * 1103515245 + 12345) % 2147483648;
		return state / 2147483648;
	};
}

export async function runModel(
	service: ServiceModel,
	executions: Array<{ items: number; concurrency: number }>,
): Promise<ModelRun> {
	const { perSecond, retryAfterMs = 1000, latencyMs = 50, jitterMs = 0 } = service;
	let unlimited = service.unlimited ?? 0;
	let refuseFirst = service.refuseFirst ?? 0;
	const limitAt = typeof perSecond === 'number' ? () => perSecond : perSecond;
	const random = jitterSource(service.seed);
	const accepted: number[] = [];
	const arrivals: Arrival[] = [];
	const start = Date.now();
	const delay = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

	const admits = (now: number): boolean => {
		if (refuseFirst > 0) {
			refuseFirst--;
			return false;
		}
		if (unlimited > 0) {
			unlimited--;
			return true;
		}
		while (accepted.length > 0 && accepted[0] <= now - 1000) accepted.shift();
		if (accepted.length >= limitAt(now - start)) return false;
		accepted.push(now);
		return true;
	};

	let gaveUp = 0;
	let mostRefused = 0;
	const send = async (pacer: RequestPacer, execution: number) => {
		for (let refused = 0; ; refused++) {
			const request = await pacer.acquire();
			const startedAt = Date.now() - start;
			await delay(random() * jitterMs);
			const ok = admits(Date.now());
			const arrival = { startedAt, at: Date.now() - start, answeredAt: 0, execution, accepted: ok };
			arrivals.push(arrival);
			await delay(latencyMs + random() * jitterMs);
			arrival.answeredAt = Date.now() - start;
			pacer.answered(request, ok ? undefined : retryAfterMs);
			mostRefused = Math.max(mostRefused, ok ? refused : refused + 1);
			if (ok) return;
			if (refused === MAX_RATE_LIMIT_RETRIES) {
				gaveUp++;
				return;
			}
		}
	};

	const pacers = executions.map(() => new RequestPacer());
	const finishedAt = executions.map(() => 0);
	const done = Promise.all(
		executions.map(async ({ items, concurrency }, execution) => {
			let next = 0;
			await Promise.all(
				Array.from({ length: concurrency }, async () => {
					while (next < items) {
						next++;
						await send(pacers[execution], execution);
					}
				}),
			);
			finishedAt[execution] = Date.now() - start;
		}),
	);
	let finished = false;
	void done.then(() => (finished = true));
	while (!finished) await jest.advanceTimersByTimeAsync(10);
	return { seconds: (Date.now() - start) / 1000, arrivals, finishedAt, gaveUp, mostRefused, pacers };
}

/** Most requests the service accepted in any rolling second. */
export function busiestSecond(arrivals: Arrival[]): number {
	const times = arrivals.filter((arrival) => arrival.accepted).map((arrival) => arrival.at);
	let most = 0;
	for (let last = 0, first = 0; last < times.length; last++) {
		while (times[first] <= times[last] - 1000) first++;
		most = Math.max(most, last - first + 1);
	}
	return most;
}

export function refusals(arrivals: Arrival[]): number {
	return arrivals.filter((arrival) => !arrival.accepted).length;
}
