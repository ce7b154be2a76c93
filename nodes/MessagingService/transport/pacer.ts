import { sleep } from 'n8n-workflow';

/**
 * Shares one request budget between the items of an execution: at most `limit` requests in
 * flight, halved and paused for everyone when the service answers 429, then raised again step
 * by step while answers come back fine. A rate limit thus stretches a run instead of failing it.
 */
export class RequestPacer {
	private inFlight = 0;

	private limit: number;

	private resumeAt = 0;

	private successesAtLimit = 0;

	private waiting: Array<() => void> = [];

	constructor(readonly maxConcurrency: number) {
		this.limit = maxConcurrency;
	}

	get currentLimit(): number {
		return this.limit;
	}

	async acquire(): Promise<void> {
		for (;;) {
			const pause = this.resumeAt - Date.now();
			if (pause > 0) {
				await sleep(pause);
				continue;
			}
			if (this.inFlight < this.limit) {
				this.inFlight++;
				return;
			}
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		}
	}

	release(outcome: 'ok' | 'rateLimited' | 'failed', retryAfterMs = 0): void {
		this.inFlight--;
		if (outcome === 'rateLimited') {
			this.limit = Math.max(1, Math.floor(this.limit / 2));
			this.resumeAt = Math.max(this.resumeAt, Date.now() + retryAfterMs);
			this.successesAtLimit = 0;
		} else if (outcome === 'ok' && this.limit < this.maxConcurrency) {
			this.successesAtLimit++;
			if (this.successesAtLimit >= this.limit * 2) {
				this.limit++;
				this.successesAtLimit = 0;
			}
		}
		const woken = this.waiting;
		this.waiting = [];
		for (const wake of woken) wake();
	}
}
