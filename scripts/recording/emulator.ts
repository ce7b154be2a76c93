// What the recording asks of the demo's emulator over HTTP: its request log, a customer's
// replies (as the chatbot end-to-end test plays a customer) and a business's opening mailing.
import axios from 'axios';

interface LoggedRequest {
	seq: number;
	apiMethod: string | null;
	query: Record<string, unknown>;
	body: Record<string, unknown> | null;
	status: number;
}

/** What a request carried: the service takes its fields in the query or in a form body. */
const field = (request: LoggedRequest, name: string): string =>
	String(request.body?.[name] ?? request.query[name] ?? '');

export class Emulator {
	constructor(
		readonly baseUrl: string,
		private readonly token: string,
	) {}

	async account(): Promise<Record<string, unknown>> {
		const answer = await axios.get(
			`${this.baseUrl}/__sandbox/accounts/${encodeURIComponent(this.token)}`,
			{ timeout: 5000 },
		);
		return answer.data as Record<string, unknown>;
	}

	private async requests(): Promise<LoggedRequest[]> {
		return (await axios.get(`${this.baseUrl}/__sandbox/requests`, { timeout: 10000 }))
			.data as LoggedRequest[];
	}

	/** The highest request number so far: what came after it is what a scene made n8n send. */
	async lastSeq(): Promise<number> {
		return (await this.requests()).at(-1)?.seq ?? 0;
	}

	/** The texts n8n sent this phone after `sinceSeq` with an API method (answered 200), oldest first. */
	async textsSentTo(phone: string, apiMethod: string, sinceSeq: number): Promise<string[]> {
		return (await this.requests())
			.filter(
				(request) =>
					request.seq > sinceSeq &&
					request.apiMethod === apiMethod &&
					request.status === 200 &&
					field(request, 'phone') === phone,
			)
			.map((request) => field(request, 'message'));
	}

	/** Sends a chat mailing as the business (the account's first chat sender); its mailing ID. */
	async sendChatMailing(phone: string, message: string): Promise<number> {
		const account = await this.account();
		const chatnameId = String((account.chatnames as Array<{ id: number }>)[0].id);
		const answer = await axios.post(
			`${this.baseUrl}/api/v2/sendQuickChatMessage`,
			new URLSearchParams({ token: this.token, chatname_id: chatnameId, phone, message }),
			{ timeout: 10000 },
		);
		return Number((answer.data as { result: { message_id: number } }).result.message_id);
	}

	/** The customer answers the mailing, as the real service would report a reply. */
	async customerWrites(mailingId: number, phone: string, message: string): Promise<void> {
		await axios.post(
			`${this.baseUrl}/__sandbox/replies`,
			{ token: this.token, message_id: mailingId, phone, message },
			{ timeout: 10000 },
		);
	}
}

/** Polls until `check` gives a value (not undefined); the deadline only catches a hang. */
export async function waitFor<T>(
	what: string,
	check: () => Promise<T | undefined>,
	timeoutMs = 120000,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value !== undefined) return value;
		if (Date.now() > deadline)
			throw new Error(`gave up waiting for ${what} after ${timeoutMs / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
}
