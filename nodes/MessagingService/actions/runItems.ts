/** A limit that may change while the items run (the pacer's adaptive concurrency). */
export interface ConcurrencyLimit {
	readonly current: number;
	readonly maximum: number;
}

/**
 * Runs `task` for indexes 0..count-1 with at most `concurrency` at once (read again before each
 * start when it is a ConcurrencyLimit) and returns the results in index order. After a task throws,
 * no new task starts and the first error is thrown once the running ones have settled.
 */
export async function runItems<T>(
	count: number,
	concurrency: number | ConcurrencyLimit,
	task: (index: number) => Promise<T>,
): Promise<T[]> {
	const limit = typeof concurrency === 'number' ? { current: concurrency, maximum: concurrency } : concurrency;
	const results = new Array<T>(count);
	let next = 0;
	let running = 0;
	let failure: { error: unknown } | undefined;
	const waiting: Array<() => void> = [];
	const worker = async () => {
		while (!failure && next < count) {
			if (running >= Math.max(1, limit.current)) {
				// woken when a running task ends: a raised limit is seen then
				await new Promise<void>((resolve) => waiting.push(resolve));
				continue;
			}
			const index = next++;
			running++;
			try {
				results[index] = await task(index);
			} catch (error) {
				failure ??= { error };
			} finally {
				running--;
				// only as many waiters as may start now (one, or more when the limit rose): waking all
				// of them at each answer costs a promise per waiter per item
				const free = failure || next >= count ? waiting.length : Math.max(1, limit.current) - running;
				for (const wake of waiting.splice(0, Math.max(0, free))) wake();
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit.maximum, count) }, worker));
	if (failure) throw failure.error;
	return results;
}
