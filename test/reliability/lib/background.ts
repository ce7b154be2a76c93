/**
 * Work that mostly waits (30 s timeouts, retry back-off) runs in the background from the start of
 * the suite, each piece on emulators of its own, while the rest of the suite runs; its tests at
 * the end only collect the outcome (an assertion that failed in the background fails them).
 */
type Outcome = { value: unknown } | { error: unknown };

const tasks = new Map<string, () => Promise<unknown>>();
const started = new Map<string, Promise<Outcome>>();
const cleanups: Array<() => Promise<void>> = [];

/** Registers a task; `useBackground` starts them all before the first test. */
export function inBackground(key: string, task: () => Promise<unknown>): void {
	tasks.set(key, task);
}

/** Something to close once every task has settled (an emulator). */
export function closeAtEnd(cleanup: () => Promise<void>): void {
	cleanups.push(cleanup);
}

/** The outcome of a task: its value, or its error thrown again. */
export async function outcomeOf<T>(key: string): Promise<T> {
	const outcome = await started.get(key);
	if (!outcome) throw new Error(`no background task "${key}"`);
	if ('error' in outcome) throw outcome.error;
	return outcome.value as T;
}

/** Resolves once every task has settled. */
export async function allSettled(): Promise<void> {
	await Promise.all(started.values());
}

/** Call once at the top of the test file. */
export function useBackground(): void {
	beforeAll(() => {
		for (const [key, task] of tasks) {
			started.set(
				key,
				task().then(
					(value) => ({ value }),
					(error: unknown) => ({ error }),
				),
			);
		}
	});
	afterAll(async () => {
		await Promise.all(started.values());
		for (const cleanup of cleanups) await cleanup();
	}, 120_000);
}
