/**
 * Runs `task` for indexes 0..count-1 with at most `concurrency` at once and returns the results in
 * index order. After a task throws, no new task starts and the first error is thrown once the
 * running ones have settled.
 */
export async function runItems<T>(count: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
	const results = new Array<T>(count);
	let next = 0;
	let failure: { error: unknown } | undefined;
	const worker = async () => {
		while (!failure && next < count) {
			const index = next++;
			try {
				results[index] = await task(index);
			} catch (error) {
				failure ??= { error };
			}
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, worker));
	if (failure) throw failure.error;
	return results;
}
