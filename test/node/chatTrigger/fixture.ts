import type { INodeParameters } from 'n8n-workflow';

import { ChatTriggerSession, type ChatTriggerSessionOptions } from '../../harness/chatTrigger';
import { useFaultProxy, useTriggerSandbox } from '../trigger/fixture';

export { PHONE } from '../trigger/fixture';
export const OTHER_PHONE = '375297654321';
export const DEFAULTS: INodeParameters = { days: 7, checkEverySeconds: 2, quietWindowSeconds: 3 };

/**
 * The emulator on a manual clock behind a fault proxy, and chat trigger sessions whose seconds
 * pass when the test says: `seconds(n)` moves the emulator's clock and n8n's `Date` one second
 * at a time and runs the trigger's every-second tick after each. `n8nAheadSeconds` sets n8n's
 * clock ahead of the service's (behind when negative).
 */
export function useChatTrigger() {
	const t = useTriggerSandbox();
	const hostile = useFaultProxy(t);
	const sessions: ChatTriggerSession[] = [];
	let aheadMs = 0;
	let workflows = 0;
	const syncTime = () => jest.setSystemTime(t.sandbox.now().getTime() + aheadMs);
	afterEach(async () => {
		for (const session of sessions.splice(0)) await session.close();
		aheadMs = 0;
	});

	function n8nAheadSeconds(seconds: number): void {
		aheadMs = seconds * 1000;
	}

	async function activate(
		parameters: INodeParameters = DEFAULTS,
		options: Partial<Omit<ChatTriggerSessionOptions, 'baseUrl' | 'parameters'>> = {},
	) {
		syncTime();
		// a workflow of its own unless told: what the in-process handoff channel keeps per workflow stays in its test
		const session = new ChatTriggerSession({
			baseUrl: hostile.proxy.url,
			parameters,
			workflowId: `harness-chat-${++workflows}`,
			...options,
		});
		sessions.push(session);
		await session.activate();
		return session;
	}

	async function seconds(session: ChatTriggerSession, count: number): Promise<void> {
		for (let n = 0; n < count; n++) {
			t.sandbox.advanceClock(1);
			syncTime();
			await session.tick();
		}
	}

	/** Seconds pass until the session has emitted `turns` turns (at most `limit` seconds); returns how many passed. */
	async function untilTurns(
		session: ChatTriggerSession,
		turns: number,
		limit = 120,
	): Promise<number> {
		for (let n = 1; n <= limit; n++) {
			await seconds(session, 1);
			if (session.turns.length >= turns) return n;
		}
		throw new Error(`${turns} turns expected within ${limit} s, got ${session.turns.length}`);
	}

	return { t, hostile, activate, seconds, untilTurns, n8nAheadSeconds };
}
