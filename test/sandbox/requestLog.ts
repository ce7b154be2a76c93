import type { Counters, LoggedRequest } from './types';

type HttpCounters = Pick<Counters, 'requests' | 'byApiMethod' | 'byStatus'>;

/** The log of API requests received and how they were answered. */
export class RequestLog {
	private entries: LoggedRequest[] = [];
	private seq = 0;
	private open = new Set<LoggedRequest>();
	private counts: HttpCounters = { requests: 0, byApiMethod: {}, byStatus: {} };
	private readonly listeners = new Set<(entry: LoggedRequest) => void>();
	private readonly idleWaiters: Array<() => void> = [];

	start(
		fields: Omit<LoggedRequest, 'seq' | 'at' | 'status' | 'fault' | 'inFlight'>,
	): LoggedRequest {
		const entry: LoggedRequest = {
			seq: ++this.seq,
			at: new Date().toISOString(),
			...fields,
			status: 0,
			fault: null,
			inFlight: this.open.size + 1,
		};
		this.open.add(entry);
		this.entries.push(entry);
		this.counts.requests += 1;
		if (entry.apiMethod) {
			this.counts.byApiMethod[entry.apiMethod] =
				(this.counts.byApiMethod[entry.apiMethod] ?? 0) + 1;
		}
		return entry;
	}

	finish(entry: LoggedRequest, status: number): void {
		this.open.delete(entry);
		if (this.open.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
		entry.status = status;
		const key = String(status);
		this.counts.byStatus[key] = (this.counts.byStatus[key] ?? 0) + 1;
		for (const listener of this.listeners) listener(structuredClone(entry));
	}

	/** Calls `listener` with each request once it has been answered (or dropped); returns the unsubscribe. */
	onFinish(listener: (entry: LoggedRequest) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Resolves once every request received so far has been answered (or dropped). */
	async allAnswered(): Promise<void> {
		if (this.open.size === 0) return;
		await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
	}

	list(): LoggedRequest[] {
		return structuredClone(this.entries);
	}

	clear(): void {
		this.entries = [];
	}

	httpCounters(): HttpCounters {
		return structuredClone(this.counts);
	}

	reset(): void {
		this.entries = [];
		this.open.clear();
		this.counts = { requests: 0, byApiMethod: {}, byStatus: {} };
	}
}
