// Customers who keep writing: each phone answers its own chat mailing with numbered texts at
// random gaps, on the emulator's real clock, until stopped. What they wrote is kept, with the
// reply ID the emulator gave each text, to be looked for in n8n's executions afterwards.
import type { Sandbox } from '../../sandbox';
import { openingMailing } from './chatbot';

export interface Customer {
	phone: string;
	mailingId: number;
}

export interface WrittenReply {
	id: string;
	phone: string;
	mailingId: number;
	text: string;
	at: number;
}

/** `count` phones (prefix + a 5-digit number), each sent a chat mailing of its own to answer. */
export async function customersWithMailings(
	sandbox: Sandbox,
	token: string,
	count: number,
	prefix: string,
): Promise<Customer[]> {
	const customers: Customer[] = [];
	for (let index = 1; index <= count; index++) {
		const phone = `${prefix}${String(index).padStart(5, '0')}`;
		customers.push({ phone, mailingId: await openingMailing(sandbox, token, phone) });
	}
	return customers;
}

export class WritingCustomers {
	readonly written: WrittenReply[] = [];
	private timers = new Set<NodeJS.Timeout>();
	private writing = false;

	constructor(
		private readonly sandbox: Sandbox,
		private readonly token: string,
		private readonly customers: Customer[],
		/** each customer's gap between two texts is drawn from this range (ms) */
		private readonly gapMs: { min: number; max: number },
	) {}

	start(): void {
		this.writing = true;
		for (const customer of this.customers) this.scheduleNext(customer, 0);
	}

	/** No text after this; resolves at once (nothing in flight: a text is written synchronously). */
	stop(): void {
		this.writing = false;
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
	}

	/** One more text from this customer, now. */
	write(customer: Customer, text: string): WrittenReply {
		const { id } = this.sandbox.injectReply(this.token, {
			message_id: customer.mailingId,
			phone: customer.phone,
			message: text,
		});
		const reply = {
			id,
			phone: customer.phone,
			mailingId: customer.mailingId,
			text,
			at: Date.now(),
		};
		this.written.push(reply);
		return reply;
	}

	private scheduleNext(customer: Customer, sent: number): void {
		const gap = this.gapMs.min + Math.random() * (this.gapMs.max - this.gapMs.min);
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			if (!this.writing) return;
			this.write(customer, `Message ${sent + 1} from ${customer.phone}`);
			this.scheduleNext(customer, sent + 1);
		}, gap);
		this.timers.add(timer);
	}
}
