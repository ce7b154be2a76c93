import { TEST_API_KEY } from '../../../harness/keys';
import type { useTriggerSandbox } from '../fixture';

export const HOUR_MS = 3600_000;

/**
 * `count` chat mailings created evenly over the six days before the emulator's now, the newest
 * `newestAgoMs` ago (with the emulator's cheap seeding); returns their IDs oldest first.
 */
export function seedMailings(
	t: ReturnType<typeof useTriggerSandbox>,
	count: number,
	newestAgoMs = HOUR_MS + 60_000,
): number[] {
	const now = t.sandbox.now().getTime();
	return t.sandbox.seedChatMailings(TEST_API_KEY, count, {
		oldestAt: now - 6 * 24 * HOUR_MS,
		newestAt: now - newestAgoMs,
	});
}
