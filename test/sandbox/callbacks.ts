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
 * `setDeliveries(n)` posts each callback n times, the same body one after the other, as a
 * service that retries (or whose retry crosses a slow answer) does; `clear()` goes back to once.
 */
export class CallbackSender {
	private log: CallbackDelivery[] = [];
	private inflight = new Set<Promise<void>>();
	private abort = new AbortController();
	private deliveries = 1;

	/** How many times each callback is posted from now on (1 = once, 2 = it arrives twice). */
	setDeliveries(times: number): void {
		if (!Number.isInteger(times) || times < 1 || times > 10)
			throw new Error('deliveries must be a whole number from 1 to 10');
		this.deliveries = times;
	}

	post(url: string, uuid: string, result: () => unknown): void {
		const at = new Date().toISOString();
		const entries: CallbackDelivery[] = Array.from({ length: this.deliveries }, (_, index) => ({
			uuid,
			url,
			at,
			attempt: index + 1,
			payload: null,
			status: null,
			outcome: 'pending',
			error: null,
		}));
		this.log.push(...entries);
		const task: Promise<void> = this.deliverAll(entries, result).finally(() =>
			this.inflight.delete(task),
		);
		this.inflight.add(task);
	}

	/** One status snapshot, posted once per entry, in order. */
	private async deliverAll(entries: CallbackDelivery[], result: () => unknown): Promise<void> {
		await new Promise((resolve) => setImmediate(resolve));
		const payload = { uuid: entries[0].uuid, result: result() };
		for (const entry of entries) {
			entry.payload = structuredClone(payload);
			await this.deliver(entry);
		}
	}

	private async deliver(entry: CallbackDelivery): Promise<void> {
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
		this.deliveries = 1;
	}

	async close(): Promise<void> {
		this.abort.abort();
		await this.flush();
	}
}
