import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

export interface ResumePostReceived {
	url: string;
	body: IDataObject;
	at: number;
}

/**
 * n8n's waiting webhooks for the reply desk to resume executions at: records each POST and answers
 * with the status the test sets (200 by default; a list is answered in turn, its last one after).
 */
export class ResumeEndpoint {
	readonly posts: ResumePostReceived[] = [];
	statuses: Array<{ status: number; body: IDataObject }> = [];
	private server?: Server;
	private arrived: Array<() => void> = [];

	async start(): Promise<void> {
		this.server = createServer((request, response) => {
			let text = '';
			request.on('data', (chunk: Buffer) => (text += chunk.toString()));
			request.on('end', () => {
				this.posts.push({ url: request.url ?? '', body: JSON.parse(text || '{}'), at: Date.now() });
				const answer =
					this.statuses.length > 1
						? this.statuses.shift()!
						: (this.statuses[0] ?? { status: 200, body: {} });
				response.writeHead(answer.status, { 'content-type': 'application/json' });
				response.end(JSON.stringify(answer.body));
				this.arrived.splice(0).forEach((resolve) => resolve());
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
	}

	/** The waiting URL base of n8n, as `webhookWaitingBaseUrl`. */
	get baseUrl(): string {
		return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/webhook-waiting`;
	}

	/** Resolves once `count` POSTs in all have arrived (at most `ms`). */
	async received(count: number, ms = 30_000): Promise<ResumePostReceived[]> {
		const until = Date.now() + ms;
		while (this.posts.length < count && Date.now() < until)
			await new Promise<void>((resolve) => {
				this.arrived.push(resolve);
				setTimeout(resolve, 200).unref();
			});
		return this.posts;
	}

	reset(): void {
		this.posts.length = 0;
		this.statuses = [];
	}

	async close(): Promise<void> {
		// n8n's HTTP helper keeps its connections alive: close() alone would wait for them
		this.server?.closeAllConnections();
		await new Promise((resolve) => this.server?.close(resolve));
	}
}
