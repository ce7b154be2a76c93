/** The service's rate window: one second, rolling, as its 429s with `Retry-After: 1` suggest. */
const WINDOW_MS = 1000;
/**
 * Starts are counted over a window this much longer, as requests reach the service up to about a
 * tenth of a second unevenly (n8n's event loop, the network)...
 */
const INITIAL_MARGIN_MS = 100;
/** ...and the margin doubles, up to this, each time the service refuses a start made at the budget. */
const MAX_MARGIN_MS = 200;
/** Finished starts kept for measuring: a window, its margin, and the answers still under way at a 429. */
const HISTORY_MS = 5000;
/** Windows spent at the ceiling before one more start per window is tried (a probe costs a 429 when it fails)... */
const PROBE_AFTER_WINDOWS = 4;
/** ...doubling after each refused probe, up to this many (a limit that does not move is probed rarely). */
const PROBE_AFTER_WINDOWS_MAX = 16;
/** A probe the service accepted is followed by a larger one (1, 2, 4, 8 more), up to this step. */
const MAX_PROBE_STEP = 8;
/**
 * A 429 at or below the ceiling (another client shares the limit) sets the ceiling to this share of
 * what was accepted, and the budget to DECREASE_ON_SHARED_LIMIT of the ceiling: executions that
 * back off by a share and climb back by steps settle at even shares (TCP's multiplicative decrease,
 * 0.7 as in CUBIC).
 */
const CEILING_ON_SHARED_LIMIT = 0.9;
const DECREASE_ON_SHARED_LIMIT = 0.7;

export type StartOutcome = 'ok' | 'refused' | 'failed';

interface Start {
	at: number;
	outcome: StartOutcome | 'pending';
}

/**
 * How many requests may start per window, learned from the service's 429s (rules 3 to 5 of
 * pacer.ts). Until the first 429 there is no budget and nothing waits.
 *
 * It keeps a log of starts. A finished request is paired with the oldest start still pending,
 * which is exact when answers keep their order and close enough otherwise.
 */
export class LearnedRateBudget {
	private starts: Start[] = [];

	/** index of the oldest start still pending; every start before it is finished */
	private firstPending = 0;

	private budget: number | undefined;

	/** what the service accepted when it last refused a start */
	private ceiling = 0;

	private marginMs = INITIAL_MARGIN_MS;

	/** the most the service ever accepted in a window from this execution */
	private mostAccepted = 0;

	/** the budget is above the ceiling: a refusal now says the probe was too much */
	private probing = false;

	private probeStep = 1;

	private probeAfterWindows = PROBE_AFTER_WINDOWS;

	/** when the budget last changed */
	private lastChangeAt = 0;

	/** refused starts before this index belong to the episode already handled */
	private episodeIndex = 0;

	/** a refusal to measure once every start made before it has been answered */
	private measuring: { startedAt: number; until: number } | undefined;

	/** starts per window allowed, once the service has answered 429 (else undefined) */
	get perSecond(): number | undefined {
		return this.budget;
	}

	/**
	 * How long a start at `now` must wait so that the last window holds fewer starts than the
	 * budget. `pausedUntil`: the end of the last pause, from which growth counts too.
	 */
	waitMs(now: number, pausedUntil: number): number {
		if (this.budget === undefined) return 0;
		const windowMs = this.windowMs;
		const counted: number[] = [];
		for (let index = this.starts.length - 1; index >= 0; index--) {
			const start = this.starts[index];
			if (start.at <= now - windowMs) break;
			if (start.outcome !== 'refused') counted.push(start.at);
		}
		// starts spread over the window, never in one burst at its beginning
		const spacedUntil = counted.length > 0 ? counted[0] + WINDOW_MS / this.budget : 0;
		if (counted.length < this.budget && spacedUntil <= now) return 0;
		if (this.grow(now, pausedUntil)) return this.waitMs(now, pausedUntil);
		// counted is newest first: the start whose leaving the window lets one more in
		const windowFreesAt =
			counted.length < this.budget ? 0 : counted[this.budget - 1] + windowMs + 1;
		return Math.max(1, Math.ceil(Math.max(windowFreesAt, spacedUntil) - now));
	}

	started(now: number): void {
		this.starts.push({ at: now, outcome: 'pending' });
	}

	/**
	 * A request finished. Returns 'answered' for an accepted one, 'newEpisode' for the first refusal
	 * of an episode (requests under way when an earlier refusal was handled are part of that one).
	 */
	finished(outcome: StartOutcome, now: number): 'answered' | 'newEpisode' | undefined {
		const index = this.firstPending;
		const start = this.starts[index] as Start | undefined;
		let result: 'answered' | 'newEpisode' | undefined;
		if (start) {
			this.firstPending++;
			start.outcome = outcome;
			if (outcome === 'ok') result = 'answered';
			if (outcome === 'refused' && index >= this.episodeIndex) {
				result = 'newEpisode';
				this.episodeIndex = this.starts.length;
				this.measuring = { startedAt: start.at, until: this.starts.length };
			}
		}
		if (this.measuring && this.firstPending >= this.measuring.until) this.measure();
		this.forget(now);
		return result;
	}

	private get windowMs(): number {
		return WINDOW_MS + this.marginMs;
	}

	/**
	 * Raises the budget while it holds starts back: quickly back up to the ceiling (half the gap per
	 * window), then, after some windows there, above it (larger after each probe accepted).
	 */
	private grow(now: number, pausedUntil: number): boolean {
		if (this.budget === undefined) return false;
		const windows = this.budget === this.ceiling && !this.starved ? this.probeAfterWindows : 1;
		if (now - Math.max(pausedUntil, this.lastChangeAt) < windows * this.windowMs) return false;
		if (this.budget < this.ceiling) {
			this.budget = Math.min(
				this.ceiling,
				this.budget + Math.max(1, Math.ceil((this.ceiling - this.budget) / 2)),
			);
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

	/** Under half of what the service once took from this execution: others hold more of a shared limit. */
	private get starved(): boolean {
		return this.ceiling < this.mostAccepted / 2;
	}

	/**
	 * What the service accepted in the window up to the refused start, counted once every request
	 * under way at the refusal has been answered (answers of one burst come back in any order). A
	 * refusal with nothing accepted before it (a burst of refusals from elsewhere) says nothing.
	 */
	private measure(): void {
		const { startedAt } = this.measuring!;
		this.measuring = undefined;
		let accepted = 0;
		for (let index = 0; index < this.firstPending; index++) {
			const start = this.starts[index];
			if (start.at >= startedAt - this.windowMs && start.at <= startedAt && start.outcome === 'ok')
				accepted++;
		}
		if (accepted === 0) return;

		const budget = this.budget;
		if (budget === undefined) {
			this.budget = this.ceiling = accepted;
		} else if (this.probing && accepted >= this.ceiling) {
			// the probe was too much: back to the level the service took, and probe more rarely
			this.budget = this.ceiling = Math.max(1, Math.min(accepted, budget - this.probeStep));
			if (!this.starved)
				this.probeAfterWindows = Math.min(PROBE_AFTER_WINDOWS_MAX, this.probeAfterWindows * 2);
		} else {
			// refused at or below the known level: uneven arrival (the margin widens) or a shared limit
			if (accepted >= budget - 1) this.marginMs = Math.min(MAX_MARGIN_MS, this.marginMs * 2);
			this.ceiling = Math.max(
				1,
				Math.floor(Math.min(budget, accepted) * CEILING_ON_SHARED_LIMIT),
				Math.floor(budget / 2),
			);
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
