import { sleep } from 'n8n-workflow';

import { AdaptiveConcurrency } from './concurrency';

/** The service's rate window is taken to be one second (rolling), as 429 + `Retry-After: 1` suggests. */
const WINDOW_MS = 1000;
/** Starts are counted in a window this much longer, so uneven arrival does not cause a 429... */
const INITIAL_MARGIN_MS = 100;
/** ...and the margin doubles, up to this, each time the service refuses a start made at the known level. */
const MAX_MARGIN_MS = 200;
/** How long finished starts are remembered (to measure the budget when a 429 arrives late). */
const HISTORY_MS = 5000;
/** At the level the service last refused above, one more request per window is tried after this many windows... */
const PROBE_AFTER_WINDOWS = 4;
/** ...doubling after each such probe the service refused, up to this many. */
const PROBE_AFTER_WINDOWS_MAX = 16;
/** A probe the service accepted is followed by a larger one (doubling), up to this step. */
const MAX_PROBE_STEP = 8;
/** A 429 at or below the known level (another client shares the limit) sets the ceiling to this share of what was accepted... */
const CEILING_ON_SHARED_LIMIT = 0.9;
/** ...and the budget to this share of the ceiling (it climbs back quickly). */
const DECREASE_ON_SHARED_LIMIT = 0.7;
const MAX_BUDGET = 100_000;

type StartOutcome = 'pending' | 'ok' | 'refused' | 'failed';

interface Start {
	at: number;
	outcome: StartOutcome;
}

/**
 * Shares one request budget between the items of an execution.
 *
 * - At most `concurrency.current` requests are in flight: an AdaptiveConcurrency that starts at 40
 *   and doubles with each round of answers up to `maxConcurrency`, fed by the pacer with each
 *   start, answer and refusal episode.
 * - Until the service first answers 429, nothing else limits the pace.
 * - On a 429 everyone pauses for `Retry-After`, and the pacer measures the budget: how many requests
 *   the service accepted in the second before the refused one. From then on no window of 1 s (plus
 *   a margin) holds more starts than that budget: a rate limit stretches the run instead of failing
 *   it, and the pacer stops running into the limit (and into the pauses it costs).
 * - The level the service accepted at its last refusal is the ceiling. While the budget holds starts
 *   back, it climbs back to the ceiling (half the gap per window), stays there some windows, then
 *   probes above it: one more, then 2, 4, 8 more per window while the service accepts (another
 *   client that shared the limit has stopped). A refused probe sets budget and ceiling back to what
 *   was accepted, and the next probe waits twice as long.
 * - A 429 at or below the ceiling means the requests reached the service unevenly (the margin
 *   widens) or another client, such as another execution, shares the limit: the ceiling drops to
 *   90% of what was accepted (at most by half) and the budget to 70% of that (multiplicative
 *   decrease). A pacer whose ceiling is under half of the most the service ever took from it holds
 *   a small share of a shared limit: it probes every window (additive increase). Executions sharing
 *   one limit, each with its own pacer and nothing shared, thus even out their shares and keep
 *   their sum near the limit, as TCP flows share a link. The pause is Retry-After, once per episode.
 * - A 429 with nothing accepted in the second before it says nothing about a rate we could keep
 *   to (a burst of refusals from elsewhere): it only pauses.
 *
 * request.ts releases each acquired request once; the pacer pairs a release with the oldest start
 * still pending, which is exact when answers keep their order and close enough otherwise.
 */
export class RequestPacer {
	private inFlight = 0;

	private stopped = false;

	/** how many requests may be in flight, adapted to the service's answers */
	readonly concurrency: AdaptiveConcurrency;

	private resumeAt = 0;

	private waiting: Array<() => void> = [];

	private starts: Start[] = [];

	/** index of the oldest start still pending; every start before it is finished */
	private firstPending = 0;

	private budget: number | undefined;

	/** what the service accepted when it last refused a start: the budget climbs back to it quickly, then probes above it */
	private ceiling = 0;

	private marginMs = INITIAL_MARGIN_MS;

	/** the most the service ever accepted in a window from this pacer */
	private mostAccepted = 0;

	/** the budget is above the ceiling: a refusal now says the probe was too much */
	private probing = false;

	private probeStep = 1;

	private probeAfterWindows = PROBE_AFTER_WINDOWS;

	/** when the budget last changed (a growth, or the end of a pause after a refusal) */
	private lastChangeAt = 0;

	/** a refused start with a lower index was under way when the last episode was handled: part of it */
	private episodeIndex = 0;

	/** a refusal to measure once every start made before it was received has been answered */
	private measuring: { startedAt: number; until: number } | undefined;

	/** `startConcurrency`: requests in flight at first (default: START_CONCURRENCY, or the maximum when lower) */
	constructor(
		readonly maxConcurrency: number,
		startConcurrency?: number,
	) {
		this.concurrency = new AdaptiveConcurrency(maxConcurrency, startConcurrency);
	}

	/** how many requests may be in flight at once now */
	get currentLimit(): number {
		return this.concurrency.current;
	}

	/** requests per second the pacer allows, once the service has answered 429 (else undefined) */
	get requestsPerSecond(): number | undefined {
		return this.budget;
	}

	async acquire(): Promise<void> {
		for (;;) {
			if (this.stopped) throw new Error('The requests of this execution were stopped');
			const now = Date.now();
			const pause = this.resumeAt - now;
			if (pause > 0) {
				await sleep(pause);
				continue;
			}
			if (this.inFlight >= this.concurrency.current) {
				await new Promise<void>((resolve) => this.waiting.push(resolve));
				continue;
			}
			const wait = this.windowWait(now);
			if (wait > 0) {
				await sleep(wait);
				continue;
			}
			this.inFlight++;
			this.starts.push({ at: now, outcome: 'pending' });
			this.concurrency.started(this.inFlight);
			return;
		}
	}

	/** Requests waiting now or later fail: an item stopped the execution, nothing more is sent. */
	stop(): void {
		this.stopped = true;
		this.wakeAll();
	}

	release(outcome: 'ok' | 'rateLimited' | 'failed', retryAfterMs = 0): void {
		const now = Date.now();
		this.inFlight = Math.max(0, this.inFlight - 1);
		const index = this.firstPending;
		const start = this.starts[index] as Start | undefined;
		if (start) {
			this.firstPending++;
			start.outcome = outcome === 'ok' ? 'ok' : outcome === 'rateLimited' ? 'refused' : 'failed';
			if (outcome === 'ok') this.concurrency.answered();
		}
		if (outcome === 'rateLimited') this.onRefused(start ? index : undefined, now, retryAfterMs);
		if (this.measuring && this.firstPending >= this.measuring.until) this.measure();
		this.forget(now);
		// After a failure, the next request waits for a turn of the event loop: when the error stops
		// the execution (stop()), that has happened by then, and the request is not sent.
		if (outcome === 'failed') void sleep(0).then(() => this.wakeAll());
		else this.wakeAll();
	}

	private wakeAll(): void {
		for (const wake of this.waiting.splice(0)) wake();
	}

	private get pacedWindowMs(): number {
		return WINDOW_MS + this.marginMs;
	}

	/** How long a start must wait so that the last paced window holds fewer starts than the budget. */
	private windowWait(now: number): number {
		if (this.budget === undefined) return 0;
		const windowMs = this.pacedWindowMs;
		const counted: number[] = [];
		for (let index = this.starts.length - 1; index >= 0; index--) {
			const start = this.starts[index];
			if (start.at <= now - windowMs) break;
			if (start.outcome !== 'refused') counted.push(start.at);
		}
		if (counted.length < this.budget) return 0;
		if (this.grow(now)) return this.windowWait(now);
		// counted is newest first: the start whose leaving the window lets one more in
		return Math.max(1, counted[this.budget - 1] + windowMs - now + 1);
	}

	/**
	 * Raises the budget while it holds starts back: quickly back up to the ceiling (half the gap per
	 * window), then, after some windows there, above it (additive probing, larger after each probe
	 * the service accepted).
	 */
	private grow(now: number): boolean {
		if (this.budget === undefined || this.budget >= MAX_BUDGET) return false;
		const windows = this.budget === this.ceiling && !this.starved ? this.probeAfterWindows : 1;
		if (now - Math.max(this.resumeAt, this.lastChangeAt) < windows * this.pacedWindowMs) return false;
		if (this.budget < this.ceiling) {
			this.budget = Math.min(this.ceiling, this.budget + Math.max(1, Math.ceil((this.ceiling - this.budget) / 2)));
		} else {
			if (this.probing) {
				// the last probe went through: the service takes this many, try more
				this.ceiling = this.budget;
				this.probeStep = Math.min(MAX_PROBE_STEP, this.probeStep * 2);
				this.probeAfterWindows = PROBE_AFTER_WINDOWS;
			}
			this.budget += this.probeStep;
			this.probing = true;
		}
		this.lastChangeAt = now;
		return true;
	}

	/**
	 * Well below what the service once took from this pacer: others share the limit and hold more of
	 * it. Such a pacer probes every window (additive increase without pause), so that shares even out.
	 */
	private get starved(): boolean {
		return this.ceiling < this.mostAccepted / 2;
	}

	/** `index`: the refused request's start (undefined when the pacer lost track of it) */
	private onRefused(index: number | undefined, now: number, retryAfterMs: number): void {
		this.resumeAt = Math.max(this.resumeAt, now + retryAfterMs);
		// Requests already under way when the previous refusal was handled are part of that episode.
		if (index === undefined || index < this.episodeIndex) return;
		this.concurrency.rateLimited();
		this.episodeIndex = this.starts.length;
		this.measuring = { startedAt: this.starts[index].at, until: this.starts.length };
	}

	/**
	 * What the service accepted in the second up to the refused start, counted once every request
	 * under way at the refusal has been answered (answers of one burst come back in any order). The
	 * count looks back one second plus the margin: requests reach the service some time after they
	 * start here, unevenly, so the service's second may reach further back than ours.
	 */
	private measure(): void {
		const { startedAt } = this.measuring!;
		this.measuring = undefined;
		let accepted = 0;
		for (let index = 0; index < this.firstPending; index++) {
			const start = this.starts[index];
			if (start.at >= startedAt - this.pacedWindowMs && start.at <= startedAt && start.outcome === 'ok') accepted++;
		}
		if (accepted === 0) return;

		const budget = this.budget;
		if (budget === undefined) {
			this.budget = this.ceiling = accepted;
		} else if (this.probing && accepted >= this.ceiling) {
			// the probe was too much: back to the level the service took, and probe more rarely
			this.budget = this.ceiling = Math.max(1, Math.min(accepted, budget - this.probeStep));
			if (!this.starved) this.probeAfterWindows = Math.min(PROBE_AFTER_WINDOWS_MAX, this.probeAfterWindows * 2);
		} else {
			// refused at or below the known level: requests reached the service unevenly, or another
			// client (another execution) shares the limit. Step back below what was accepted, so that
			// executions sharing one limit settle at shares whose sum stays under it.
			if (accepted >= budget - 1) this.marginMs = Math.min(MAX_MARGIN_MS, this.marginMs * 2);
			this.ceiling = Math.max(1, Math.floor(Math.min(budget, accepted) * CEILING_ON_SHARED_LIMIT), Math.floor(budget / 2));
			this.budget = Math.max(1, Math.floor(this.ceiling * DECREASE_ON_SHARED_LIMIT));
			this.probeAfterWindows = PROBE_AFTER_WINDOWS;
		}
		this.mostAccepted = Math.max(this.mostAccepted, accepted);
		this.probing = false;
		this.probeStep = 1;
	}

	/** Drops finished starts that no measurement needs any more. */
	private forget(now: number): void {
		let drop = 0;
		while (drop < this.firstPending && this.starts[drop].at < now - HISTORY_MS) drop++;
		if (drop >= 256 || (drop > 0 && drop === this.starts.length)) {
			this.starts.splice(0, drop);
			this.firstPending -= drop;
			this.episodeIndex = Math.max(0, this.episodeIndex - drop);
			if (this.measuring) this.measuring.until = Math.max(0, this.measuring.until - drop);
		}
	}
}
