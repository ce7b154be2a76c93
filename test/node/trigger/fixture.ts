import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { TEST_API_KEY } from '../../harness/keys';
import { startFaultProxy, type FaultProxy } from '../../hostile/faultProxy';
import { TriggerSession, type TriggerSessionOptions } from '../../harness/poll';
import { useSandbox } from '../../harness/sandbox';

export const PHONE = '375291234567';
/** The trigger watching the chat mailings of the last 7 days, marking what it outputs as read. */
export const RECENT = { watch: 'recentMailings', days: 7, markAsRead: true };

/**
 * The emulator (manual clock) with the system time kept equal to its clock: the trigger
 * measures "created within the last N days" against now, so before each poll n8n's and the
 * node's `Date` are set to the emulator's time (only Date is faked; timers stay real).
 */
export function useTriggerSandbox() {
	const fixture = useSandbox();
	beforeAll(() => {
		jest.useFakeTimers({
			doNotFake: [
				'hrtime',
				'nextTick',
				'performance',
				'queueMicrotask',
				'requestAnimationFrame',
				'cancelAnimationFrame',
				'requestIdleCallback',
				'cancelIdleCallback',
				'setImmediate',
				'clearImmediate',
				'setInterval',
				'clearInterval',
				'setTimeout',
				'clearTimeout',
			],
		});
	});
	afterAll(() => {
		jest.useRealTimers();
	});
	const syncTime = () => jest.setSystemTime(fixture.sandbox.now());

	async function api(method: string, form: Record<string, string | number>): Promise<IDataObject> {
		syncTime();
		const body = new URLSearchParams(
			Object.entries(form).map(([key, value]): [string, string] => [key, String(value)]),
		);
		const response = await fetch(`${fixture.sandbox.url}/api/v2/${method}`, {
			method: 'POST',
			body,
		});
		const answer = (await response.json()) as IDataObject;
		if (answer.status !== 'OK') throw new Error(`${method}: ${JSON.stringify(answer)}`);
		return answer;
	}

	/** a chat mailing created by the emulator's API (sendQuickChatMessage); returns its message_id */
	async function sendChat(
		message = 'Your order is ready. Reply YES to confirm.',
		phone = PHONE,
	): Promise<number> {
		const answer = await api('sendQuickChatMessage', {
			token: TEST_API_KEY,
			chatname_id: fixture.account.chatnameIds[0],
			phone,
			message,
		});
		return (answer.result as IDataObject).message_id as number;
	}
	const session = (
		parameters: INodeParameters,
		options: Partial<TriggerSessionOptions> = {},
	): TriggerSession =>
		new TriggerSession({
			baseUrl: fixture.sandbox.url,
			parameters,
			beforePoll: syncTime,
			...options,
		});

	return {
		fixture,
		get sandbox() {
			return fixture.sandbox;
		},
		sendChat,
		/** a chat mailing, and a session past its first poll (the activation, which outputs nothing old) */
		async watching(parameters: INodeParameters, message?: string) {
			const mailing = await sendChat(message);
			const watcher = session(parameters);
			const activation = await watcher.poll();
			return { mailing, session: watcher, activation };
		},
		/** a reply from a phone to a mailing; returns its id */
		reply(mailingId: number, message: string, phone = PHONE): string {
			return fixture.sandbox.injectReply(TEST_API_KEY, { message_id: mailingId, phone, message })
				.id;
		},
		/** the unread replies of a mailing, as the service answers them */
		async unread(mailingId: number): Promise<IDataObject[]> {
			const answer = await api('getNewIncomingMessages', {
				token: TEST_API_KEY,
				message_id: mailingId,
			});
			return answer.result as IDataObject[];
		},
		session,
		syncTime,
	};
}

/** The API methods the emulator received since the last clearRequests(), in order. */
export function methodsCalled(requests: Array<{ apiMethod: string | null }>): string[] {
	return requests.map((request) => request.apiMethod ?? '?');
}

/** The trigger's Mailings field with these mailings, picked from the list (numbers) or typed by ID (text). */
export function pickedMailings(...ids: Array<number | string>): INodeParameters {
	return {
		mailing: ids.map((id) => ({
			messageId: { __rl: true, mode: typeof id === 'number' ? 'list' : 'id', value: String(id) },
		})),
	};
}

/**
 * A hostile service in front of the file's emulator (see test/hostile/faultProxy.ts): it passes
 * everything on until a test scripts a lie; reset before each test.
 */
export function useFaultProxy(t: ReturnType<typeof useTriggerSandbox>): {
	readonly proxy: FaultProxy;
} {
	let proxy: FaultProxy | undefined;
	beforeAll(async () => {
		proxy = await startFaultProxy(t.sandbox.url);
	});
	afterAll(async () => {
		await proxy?.close();
	});
	beforeEach(() => {
		proxy!.intercept = () => undefined;
		proxy!.rewrite = (_request, body) => body;
		proxy!.delayMs = () => 0;
		proxy!.requests.length = 0;
	});
	return {
		get proxy() {
			return proxy!;
		},
	};
}
