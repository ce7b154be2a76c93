/**
 * The user's Max Requests per Minute (not the rate the transport learns from 429s, which
 * transport/learnedRateBudget.ts keeps), as a bucket of tokens refilled continuously: at most
 * one check's share can be saved up, so no minute sees more than the cap plus one check's share.
 * Spending may take it below zero (a listing that needed more pages than planned): the next
 * checks then wait.
 */
export class UserRequestCap {
	private tokens: number;
	private at: number;

	constructor(
		private readonly perMinute: number,
		private readonly capacity: number,
		now: number,
	) {
		this.tokens = capacity;
		this.at = now;
	}

	/** Whole requests that may be sent now. */
	available(now: number): number {
		this.tokens = Math.min(
			this.capacity,
			this.tokens + ((now - this.at) * this.perMinute) / 60_000,
		);
		this.at = now;
		return Math.max(0, Math.floor(this.tokens));
	}

	spend(requests: number): void {
		this.tokens -= requests;
	}
}
