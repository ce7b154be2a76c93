import type { IDataObject } from 'n8n-workflow';

import { TEST_API_KEY } from '../../harness/keys';
import { runNode, type RunNodeOptions, type RunNodeResult } from '../../harness/runNode';
import { startSandbox, type LoggedRequest, type Sandbox, type SandboxOptions } from '../../sandbox';

/** Every request any emulator of the suite received (harvested before a log is cleared). */
export const allRequests: LoggedRequest[] = [];

export const CALLBACK_URL = 'http://127.0.0.1:9/outcome';
/** The emulator's manual clock starts here; list mailings are scheduled at it so that a confirmation sends at once. */
export const EMULATOR_START = '2026-03-02T09:00:00.000Z';

export function phoneOf(index: number, prefix = '3752900'): string {
	return `${prefix}${String(index).padStart(5, '0')}`;
}

const open = new Set<World>();

/** Moves the request logs of every emulator still open into `allRequests`. */
export function harvestAll(): void {
	for (const world of open) world.clearRequests();
}

/** An emulator of the suite's own, with helpers that call it directly (setup only, never the package). */
export class World {
	private constructor(readonly sandbox: Sandbox) {}

	static async start(options: SandboxOptions = {}): Promise<World> {
		const world = new World(
			await startSandbox({ tokens: [TEST_API_KEY], quiet: true, ...options }),
		);
		open.add(world);
		return world;
	}

	get url(): string {
		return this.sandbox.url;
	}

	get account() {
		return this.sandbox.account(TEST_API_KEY);
	}

	get alphanameId(): string {
		return String(this.account.alphanameIds[0]);
	}

	get chatnameId(): string {
		return String(this.account.chatnameIds[0]);
	}

	/** the log since the last clear (also kept in `allRequests`) */
	requests(): LoggedRequest[] {
		return this.sandbox.requests();
	}

	clearRequests(): void {
		allRequests.push(...this.sandbox.requests());
		this.sandbox.clearRequests();
	}

	async close(): Promise<void> {
		this.clearRequests();
		open.delete(this);
		await this.sandbox.close();
	}

	/** Runs the action node (or the probe) in n8n's engine against this emulator. */
	async run(
		options: Omit<RunNodeOptions, 'baseUrl'> & { baseUrl?: string },
	): Promise<RunNodeResult> {
		return await runNode({ baseUrl: this.url, ...options });
	}

	/** Waits until every request held by a `delay` fault has been processed (the client may have given up). */
	async settle(maxMs = 40_000): Promise<void> {
		const until = Date.now() + maxMs;
		while (
			this.sandbox.requests().some((request) => request.fault === 'delay' && request.status === 0)
		) {
			if (Date.now() > until) throw new Error('delayed requests still unanswered');
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	}

	private async call(
		verb: 'GET' | 'POST',
		path: string,
		query: IDataObject,
		form?: IDataObject,
		json?: unknown,
	): Promise<IDataObject> {
		const text = (value: unknown) =>
			typeof value === 'object' ? JSON.stringify(value) : String(value);
		const qs = new URLSearchParams(
			Object.entries(query).map(([key, value]): [string, string] => [key, text(value)]),
		);
		const init: RequestInit = { method: verb };
		if (form)
			init.body = new URLSearchParams(
				Object.entries(form).map(([key, value]): [string, string] => [key, text(value)]),
			);
		if (json !== undefined) {
			init.body = JSON.stringify(json);
			init.headers = { 'Content-Type': 'application/json' };
		}
		const response = await fetch(`${this.url}${path}${qs.size > 0 ? `?${qs}` : ''}`, init);
		const answer = (await response.json()) as IDataObject;
		if (response.status !== 200)
			throw new Error(`setup call ${path} failed (${response.status}): ${JSON.stringify(answer)}`);
		return answer;
	}

	/** v1 methods whose parameters all travel in the query string */
	async v1(verb: 'GET' | 'POST', method: string, query: IDataObject): Promise<IDataObject> {
		return await this.call(verb, `/api/v1/${method}`, { token: TEST_API_KEY, ...query });
	}

	/** v1 form methods (sendSmsList, confirmSendMessageByList) */
	async v1Form(method: string, form: IDataObject): Promise<IDataObject> {
		return await this.call('POST', `/api/v1/${method}`, {}, { token: TEST_API_KEY, ...form });
	}

	/** v2 methods: the key in the form body or (queryKey) in the query; returns `result` */
	async v2(method: string, form: IDataObject, queryKey = false): Promise<unknown> {
		const answer = queryKey
			? await this.call('POST', `/api/v2/${method}`, { token: TEST_API_KEY }, form)
			: await this.call('POST', `/api/v2/${method}`, {}, { token: TEST_API_KEY, ...form });
		if (answer.status !== 'OK')
			throw new Error(`setup call ${method} refused: ${JSON.stringify(answer)}`);
		return answer.result;
	}

	async batch(method: 'sendBulkSms' | 'sendBulkChat', body: IDataObject): Promise<string> {
		const answer = await this.call(
			'POST',
			`/api/v1/${method}`,
			{ token: TEST_API_KEY },
			undefined,
			{ token: TEST_API_KEY, ...body },
		);
		return String(answer.uuid);
	}

	async quickSms(phone: string, message: string): Promise<number> {
		return (
			await this.v1('POST', 'sendQuickSMS', { phone, message, alphaname_id: this.alphanameId })
		).sms_id as number;
	}

	async chatMailing(phone: string, message: string): Promise<number> {
		const result = (await this.v2('sendQuickChatMessage', {
			chatname_id: this.chatnameId,
			phone,
			message,
		})) as IDataObject;
		return result.message_id as number;
	}

	async createdSmsMessage(message: string): Promise<number> {
		return (await this.v1('GET', 'createSmsMessage', { message })).message_id as number;
	}

	async template(name: string, message: string): Promise<number> {
		return ((await this.v2('createTemplateMessage', { name, message })) as IDataObject)
			.id as number;
	}

	/** `receivedAt` (ms): when the reply arrived; absent = the emulator's own clock */
	reply(mailingId: number, message: string, phone = '375291234567', receivedAt?: number): string {
		return this.sandbox.injectReply(TEST_API_KEY, {
			message_id: mailingId,
			phone,
			message,
			receivedAt,
		}).id;
	}

	/** how many times each (channel, phone, text) was really handed over */
	sentCount(channel: string, phone: string, text: string): number {
		return (
			this.sandbox
				.counters()
				.sent.find(
					(group) => group.channel === channel && group.phone === phone && group.text === text,
				)?.count ?? 0
		);
	}

	/** sent groups as a lookup: channel|phone|text -> count */
	sentIndex(): Map<string, number> {
		return new Map(
			this.sandbox
				.counters()
				.sent.map((group) => [`${group.channel}|${group.phone}|${group.text}`, group.count]),
		);
	}
}

/** Runs `task` for each entry, at most `width` at once. */
export async function inParallel<T, R>(
	entries: T[],
	width: number,
	task: (entry: T, index: number) => Promise<R>,
): Promise<R[]> {
	const results = new Array<R>(entries.length);
	let next = 0;
	await Promise.all(
		Array.from({ length: Math.min(width, entries.length) }, async () => {
			while (next < entries.length) {
				const index = next++;
				results[index] = await task(entries[index], index);
			}
		}),
	);
	return results;
}
