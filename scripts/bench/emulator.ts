// The emulator as the benchmark uses it: its own process (started with `npm run sandbox`), driven
// over its control endpoints (/__sandbox/...), plus a tiny receiver for batch callbacks.
import * as http from 'node:http';
import axios, { type AxiosInstance } from 'axios';
import { startEmulatorProcess, type EmulatorProcess } from '../demo/emulator-process';
import { getFreePort } from '../../test/e2e/lib/free-port';
import type { Counters, FaultConfig as Faults, LoggedRequest } from '../../test/sandbox/types';

export type {
	Counters,
	FaultConfig as Faults,
	LoggedRequest,
	SentGroup,
} from '../../test/sandbox/types';

/** What a contender achieved, read from the emulator's counters. */
export interface Delivery {
	requests: number;
	refused429: number;
	/** distinct messages (phone + text) that were really sent */
	delivered: number;
	/** messages sent more than once */
	doubled: number;
	/** messages of the input that were never sent */
	failed: number;
	/** most requests the emulator was handling at once (what the client had in flight, at most) */
	peakInFlight: number;
}

export class BenchEmulator {
	private readonly control: AxiosInstance;

	private constructor(
		private readonly process: EmulatorProcess,
		private readonly callbackServer: http.Server,
		readonly callbackUrl: string,
	) {
		this.control = axios.create({ baseURL: `${process.baseUrl}/__sandbox`, timeout: 60000 });
	}

	static async start(repoRoot: string, token: string): Promise<BenchEmulator> {
		const port = await getFreePort();
		const emulator = await startEmulatorProcess({ repoRoot, port, token });
		const callbackPort = await getFreePort();
		const server = http.createServer((request, response) => {
			request.resume();
			request.on('end', () =>
				response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
			);
		});
		await new Promise<void>((resolve) => server.listen(callbackPort, '127.0.0.1', resolve));
		return new BenchEmulator(emulator, server, `http://127.0.0.1:${callbackPort}/mailing-outcome`);
	}

	get baseUrl(): string {
		return this.process.baseUrl;
	}

	get token(): string {
		return this.process.token;
	}

	get alphanameId(): string {
		return String((this.process.account.alphanameIds as number[])[0]);
	}

	get chatnameId(): string {
		return String((this.process.account.chatnameIds as number[])[0]);
	}

	/** Sends a chat mailing to one phone through the service's API; returns its message_id. */
	async sendChatMailing(phone: string, message: string): Promise<number> {
		const form = new URLSearchParams({
			token: this.token,
			chatname_id: this.chatnameId,
			phone,
			message,
		});
		const answer = await axios.post<{ result: { message_id: number } }>(
			`${this.baseUrl}/api/v2/sendQuickChatMessage`,
			form,
			{ timeout: 60000 },
		);
		return answer.data.result.message_id;
	}

	/** A customer's reply to a chat mailing (the control endpoint); returns the reply's id. */
	async injectReply(messageId: number, phone: string, message: string): Promise<string> {
		return (
			await this.control.post<{ id: string }>('/replies', {
				token: this.token,
				message_id: messageId,
				phone,
				message,
			})
		).data.id;
	}

	/** Each phone's newest chat mailing (the control endpoint): what a customer replies to. */
	async newestChatMailings(): Promise<Record<string, number>> {
		return (
			await this.control.get<Record<string, number>>(
				`/accounts/${encodeURIComponent(this.token)}/newest-chat-mailings`,
			)
		).data;
	}

	/** The IDs of the replies to a chat mailing that are still unread on the service (its API). */
	async unreadReplyIds(messageId: number): Promise<string[]> {
		const form = new URLSearchParams({ token: this.token, message_id: String(messageId) });
		const answer = await axios.post<{ result: Array<{ id: string }> }>(
			`${this.baseUrl}/api/v2/getNewIncomingMessages`,
			form,
			{ timeout: 60000 },
		);
		return answer.data.result.map((reply) => String(reply.id));
	}

	async requests(): Promise<LoggedRequest[]> {
		return (await this.control.get<LoggedRequest[]>('/requests')).data;
	}

	/** Forgets all messages, requests and faults, then applies the scenario's faults. */
	async prepare(faults: Faults): Promise<void> {
		await this.control.post('/reset', {});
		await this.control.put('/faults', faults);
	}

	async counters(): Promise<Counters> {
		return (await this.control.get<Counters>('/counters')).data;
	}

	async delivery(items: number): Promise<Delivery> {
		const counters = await this.counters();
		const requests = await this.requests();
		return {
			peakInFlight: Math.max(0, ...requests.map((request) => request.inFlight)),
			requests: counters.requests,
			refused429: counters.byStatus['429'] ?? 0,
			delivered: counters.sent.length,
			doubled: counters.duplicates,
			failed: Math.max(0, items - counters.sent.length),
		};
	}

	async stop(): Promise<void> {
		await new Promise<void>((resolve) => this.callbackServer.close(() => resolve()));
		await this.process.stop();
	}
}
