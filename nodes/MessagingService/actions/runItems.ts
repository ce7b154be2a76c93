import { sleep } from 'n8n-workflow';

import type { RequestPacer } from '../transport/pacer';

/** The pacer of the items' requests, as the runner sees it. */
export type ItemPacer = Pick<
	RequestPacer,
	'maxConcurrency' | 'currentLimit' | 'rateLimited' | 'stop'
>;

/** Items read ahead at one turn of the event loop, at most: answers are not left waiting longer. */
const READ_AHEAD_BATCH = 8;

/**
 * Runs `task` for indexes 0..count-1, in index order, and returns the results in index order.
 *
 * As many tasks run as the pacer lets requests be in flight, and as many again read ahead: they
 * read their parameters (n8n's expressions, most of the CPU time per item) while the others wait
 * for answers, then wait for the pacer, which sends them the moment others are answered. Reading
 * ahead starts with the first answer and goes in small batches, each at a new turn of the event
 * loop, so that requests ready to go and answers that came in are not held up by it.
 *
 * Nothing is read ahead at Concurrency 1 (an item's requests, such as a template read and the send,
 * all go out before the next item's), nor once the service has answered 429 (its limit, not n8n's
 * CPU, then holds the run back).
 *
 * After a task throws, no new task starts, the pacer stops those waiting for it, and the first
 * error is thrown once the running ones have settled.
 */
export async function runItems<T>(
	count: number,
	pacer: ItemPacer,
	task: (index: number) => Promise<T>,
): Promise<T[]> {
	const results = new Array<T>(count);
	let next = 0;
	let running = 0;
	let readingAhead = false;
	let failure: { error: unknown } | undefined;
	const limit = () => Math.max(1, pacer.currentLimit);
	const more = (bound: number) => !failure && next < count && running < bound;
	const readAheadMore = () => pacer.maxConcurrency > 1 && !pacer.rateLimited && more(2 * limit());

	return await new Promise<T[]>((resolve, reject) => {
		const start = () => {
			const index = next++;
			running++;
			task(index)
				.then(
					(result) => {
						results[index] = result;
					},
					(error: unknown) => {
						if (failure) return;
						failure = { error };
						pacer.stop();
					},
				)
				.finally(() => {
					running--;
					fill();
					if (running === 0 && (failure || next >= count)) {
						if (failure) reject(failure.error);
						else resolve(results);
					}
				});
		};
		const readAhead = async () => {
			readingAhead = true;
			while (readAheadMore()) {
				await sleep(0);
				for (let batch = 0; batch < READ_AHEAD_BATCH && readAheadMore(); batch++) start();
			}
			readingAhead = false;
		};
		const startWithinLimit = () => {
			while (more(limit())) start();
		};
		const fill = () => {
			startWithinLimit();
			if (!readingAhead && readAheadMore()) void readAhead();
		};
		if (count === 0) resolve(results);
		// the first requests go out undisturbed: reading ahead starts with the first answer
		else startWithinLimit();
	});
}
