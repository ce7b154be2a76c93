import type { Counters, LoggedRequest } from './types';

type HttpCounters = Pick<Counters, 'requests' | 'byApiMethod' | 'byStatus'>;

/** The log of API requests received and how they were answered. */
export class RequestLog {
	private entries: LoggedRequest[] = [];
	private seq = 0;
	private counts: HttpCounters = { requests: 0, byApiMethod: {}, byStatus: {} };

	start(fields: Omit<LoggedRequest, 'seq' | 'at' | 'status' | 'fault'>): LoggedRequest {
		const entry: LoggedRequest = { seq: ++this.seq, at: new Date().toISOString(), ...fields, status: 0, fault: null };
		this.entries.push(entry);
		this.counts.requests += 1;
		if (entry.apiMethod) {
			this.counts.byApiMethod[entry.apiMethod] = (this.counts.byApiMethod[entry.apiMethod] ?? 0) + 1;
		}
		return entry;
	}

	finish(entry: LoggedRequest, status: number): void {
		entry.status = status;
		const key = String(status);
		this.counts.byStatus[key] = (this.counts.byStatus[key] ?? 0) + 1;
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
		this.counts = { requests: 0, byApiMethod: {}, byStatus: {} };
	}
}
