import axios from 'axios';
import type { CallbackDelivery } from './types';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const TIMEOUT_MS = 5000;

function isLoopback(url: string): boolean {
	try {
		return LOOPBACK_HOSTS.has(new URL(url).hostname);
	} catch {
		return false;
	}
}

/**
 * Posts batch outcomes to callback_url after the answer has gone out: one JSON POST
 * `{uuid, result}` per batch, no retries. Only loopback receivers are contacted.
 */
export class CallbackSender {
	private log: CallbackDelivery[] = [];
	private inflight = new Set<Promise<void>>();
	private abort = new AbortController();

	post(url: string, uuid: string, result: () => unknown): void {
		const entry: CallbackDelivery = {
			uuid,
			url,
			at: new Date().toISOString(),
			payload: null,
			status: null,
			outcome: 'pending',
			error: null,
		};
		this.log.push(entry);
		const task: Promise<void> = this.deliver(entry, result).finally(() => this.inflight.delete(task));
		this.inflight.add(task);
	}

	private async deliver(entry: CallbackDelivery, result: () => unknown): Promise<void> {
		await new Promise((resolve) => setImmediate(resolve));
		entry.payload = { uuid: entry.uuid, result: result() };
		if (!isLoopback(entry.url)) {
			entry.outcome = 'skipped';
			entry.error = 'not posted: the sandbox only posts callbacks to loopback addresses';
			return;
		}
		try {
			const response = await axios.post(entry.url, entry.payload, {
				timeout: TIMEOUT_MS,
				signal: this.abort.signal,
				validateStatus: () => true,
				headers: { 'content-type': 'application/json' },
			});
			entry.status = response.status;
			entry.outcome = response.status >= 200 && response.status < 300 ? 'delivered' : 'failed';
			if (entry.outcome === 'failed') entry.error = `the receiver answered ${response.status}`;
		} catch (error) {
			entry.outcome = 'failed';
			entry.error = (error as Error).message;
		}
	}

	list(): CallbackDelivery[] {
		return structuredClone(this.log);
	}

	async flush(): Promise<void> {
		while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
	}

	clear(): void {
		this.log = [];
	}

	async close(): Promise<void> {
		this.abort.abort();
		await this.flush();
	}
}
