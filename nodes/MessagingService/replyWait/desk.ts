import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { normalizePhone } from '../helpers/phone';
import { markOutputRead } from '../replies/markAsRead';
import { unreadReplies, type Reply } from '../replies/reply';
import type { ApiClient } from '../transport/client';
import { Claims } from './claims';
import { MinuteBudget, nextReadAfter } from './readSchedule';
import { postAnswers, type ResumePost } from './resume';

/** Which replies answer the question: those to its mailing, or any the phone writes to a mailing this process sent it. */
export type WhichReply = 'thisMessage' | 'anyMessage';

/** One item's question: the phone asked, and its mailing once sent. */
export interface AskedPhone {
	item: number;
	phone: string;
}

/** An item of the waiting node that waits for nothing (not sent by a guard, or failed under Continue On Fail). */
export interface SettledItem {
	item: number;
	json: IDataObject;
}

export interface WaitOrder {
	resumeUrl: string;
	askedAt: number;
	untilMs: number;
	quietMs: number;
	which: WhichReply;
	/** Max Requests per Minute: the lowest of the waits of the account applies to all its reads */
	perMinute: number;
	asked: AskedPhone[];
}

/** What a wait needs of the execution that made it, kept after the node has returned. */
export interface WaitIo {
	client: ApiClient;
	post: ResumePost;
	/** now on the service's clock, read as UTC (base/serviceTime.ts) */
	serviceNowMs(): number;
	warn(message: string): void;
}

export interface WaitHandle {
	/** the question's mailing, once sent */
	sent(item: number, mailingId: string): void;
	/** the item waits for nothing after all (not sent by a guard, failed under Continue On Fail): this is its output */
	settle(item: number, json: IDataObject): void;
	/** nothing to wait for after all: the phones are free again */
	cancel(): void;
}

interface PhoneWait {
	item: number;
	phone: string;
	question?: string;
	mailings: Set<string>;
	replies: Map<string, Reply>;
	nextReadAt: number;
	lastFoundAt?: number;
	reading: boolean;
	done: boolean;
}

interface Wait {
	order: WaitOrder;
	io: WaitIo;
	phones: PhoneWait[];
	settled: SettledItem[];
	finishing: boolean;
}

/** How often the desk looks for due reads and ended waits. */
const TICK_MS = 250;
/** Reads under way at once, over all the waits of an account. */
const PARALLEL_READS = 4;
/** A read that failed is tried again after this long. */
const RETRY_READ_MS = 5_000;

/** A reply as the resumed node outputs it. */
function replySummary(reply: Reply): IDataObject {
	return {
		id: reply.id,
		message: typeof reply.record.message === 'string' ? reply.record.message : '',
		receivedAt: reply.receivedAt || null,
	};
}

/**
 * The reply desk of one account in this n8n process (docs/design/wait-for-reply.md): it reads the
 * mailings of the questions that executions wait on, holds a phone's messages until the phone is
 * quiet for the wait's Quiet Window, then resumes the execution through its waiting webhook and
 * marks the replies read once n8n took them. At the limit it resumes the execution with "no
 * reply". The triggers of this process ask it (`claims`) before they output a reply.
 */
export class ReplyDesk {
	private readonly waits = new Set<Wait>();
	private readonly beyondWaits = new Claims();
	private readonly budget = new MinuteBudget();
	private reads = 0;
	private running = false;

	/** How many executions wait here. */
	get size(): number {
		return this.waits.size;
	}

	/** Registers a wait before its questions are sent: from then on their phones' replies are its own. */
	register(order: WaitOrder, io: WaitIo): WaitHandle {
		const wait: Wait = {
			order,
			io,
			finishing: false,
			settled: [],
			phones: order.asked.map(({ item, phone }) => ({
				item,
				phone,
				mailings: new Set(),
				replies: new Map(),
				nextReadAt: order.askedAt,
				reading: false,
				done: false,
			})),
		};
		this.waits.add(wait);
		return {
			sent: (item, mailingId) => {
				const asked = wait.phones.find((phone) => phone.item === item);
				if (!asked) return;
				asked.question = mailingId;
				asked.mailings.add(mailingId);
			},
			settle: (item, json) => {
				wait.phones = wait.phones.filter((asked) => asked.item !== item);
				wait.settled.push({ item, json });
			},
			cancel: () => this.waits.delete(wait),
		};
	}

	/** Starts reading, once the execution waits (its waiting webhook answers from then on). */
	start(): void {
		if (!this.running) void this.run();
	}

	/** Any Message From This Phone: a chat mailing this process sent to a waited phone counts too. */
	mailingSent(phone: string, mailingId: string): void {
		for (const wait of this.waits)
			if (wait.order.which === 'anyMessage')
				for (const asked of wait.phones)
					if (asked.phone === phone && asked.question !== undefined) asked.mailings.add(mailingId);
	}

	/**
	 * An execution of another process (a queue-mode worker) waits on this question: its replies are
	 * that execution's until the wait's limit (a week at most), whatever happens to it.
	 */
	waitedElsewhere(phone: string, mailingId: string, untilMs: number, now = Date.now()): void {
		// asked in this process (regular mode): its own wait claims it, and frees it once it has the reply
		for (const wait of this.waits)
			if (wait.phones.some((asked) => asked.phone === phone && asked.mailings.has(mailingId)))
				return;
		this.beyondWaits.waitedElsewhere(phone, mailingId, untilMs, now);
	}

	/** Whether a reply belongs to a waiting execution: a trigger then leaves it alone (unread, not output). */
	claims(phone: string | undefined, mailingId: string, replyId: string): boolean {
		if (this.beyondWaits.has(phone, mailingId, replyId, Date.now())) return true;
		for (const wait of this.waits)
			if (wait.phones.some((asked) => asked.replies.has(replyId))) return true;
		return this.ownerOf(phone, mailingId) !== undefined;
	}

	/** The wait a reply goes to: the newest one on its phone that counts a reply to that mailing. */
	private ownerOf(phone: string | undefined, mailingId: string): Wait | undefined {
		let owner: Wait | undefined;
		for (const wait of this.waits)
			for (const asked of wait.phones)
				if (
					asked.phone === phone &&
					!asked.done &&
					(asked.question === undefined || asked.mailings.has(mailingId)) &&
					(!owner || wait.order.askedAt >= owner.order.askedAt)
				)
					owner = wait;
		return owner;
	}

	private async run(): Promise<void> {
		this.running = true;
		try {
			while (this.waits.size > 0) {
				this.tick(Date.now());
				await sleep(TICK_MS);
			}
		} finally {
			this.running = false;
		}
	}

	private tick(now: number): void {
		this.beyondWaits.forget(now);
		for (const wait of this.waits) {
			if (wait.finishing) continue;
			const answered = wait.phones.every((asked) => asked.done);
			if (answered || now >= wait.order.untilMs) void this.finish(wait);
		}
		const due: Array<[Wait, PhoneWait]> = [];
		let perMinute = Infinity;
		for (const wait of this.waits) {
			perMinute = Math.min(perMinute, wait.order.perMinute);
			if (wait.finishing) continue;
			for (const asked of wait.phones)
				if (!asked.done && !asked.reading && asked.question && asked.nextReadAt <= now)
					due.push([wait, asked]);
		}
		// the most overdue first: past the budget, every wait's bound grows alike
		due.sort((a, b) => a[1].nextReadAt - b[1].nextReadAt);
		for (const [wait, asked] of due) {
			if (this.reads >= PARALLEL_READS) break;
			if (this.budget.left(perMinute, now) < asked.mailings.size) break;
			void this.read(wait, asked, now);
		}
	}

	private async read(wait: Wait, asked: PhoneWait, now: number): Promise<void> {
		asked.reading = true;
		this.reads++;
		let found = false;
		try {
			for (const mailingId of asked.mailings) {
				this.budget.spend(now);
				for (const reply of await unreadReplies(
					wait.io.client,
					mailingId,
					wait.io.serviceNowMs(),
				)) {
					const phone = normalizePhone(reply.record.phone) ?? asked.phone;
					if (phone !== asked.phone) continue;
					if (this.ownerOf(phone, mailingId) !== wait || asked.replies.has(reply.id)) continue;
					asked.replies.set(reply.id, reply);
					found = true;
				}
			}
			const quietMs = Math.max(1000, wait.order.quietMs);
			if (found) asked.lastFoundAt = now;
			if (asked.lastFoundAt === undefined)
				asked.nextReadAt = nextReadAfter(wait.order.askedAt, now);
			else if (now - asked.lastFoundAt >= quietMs) asked.done = true;
			else asked.nextReadAt = asked.lastFoundAt + quietMs;
		} catch (error) {
			wait.io.warn(
				`Messaging Service: the replies to a question an execution waits on could not be read; tried again in ${RETRY_READ_MS / 1000} s: ${(error as Error).message}`,
			);
			asked.nextReadAt = now + RETRY_READ_MS;
		} finally {
			asked.reading = false;
			this.reads--;
		}
	}

	/**
	 * Resumes the execution with what each phone wrote (nothing, at the limit). The replies are
	 * marked read only once n8n took them; an execution resumed already (its timer, another desk)
	 * leaves them unread for the triggers.
	 */
	private async finish(wait: Wait): Promise<void> {
		wait.finishing = true;
		const { order, io } = wait;
		const answers: IDataObject[] = [
			...wait.settled.map(({ item, json }) => ({ item, settled: json })),
			...wait.phones.map((asked) => ({
				item: asked.item,
				phone: asked.phone,
				mailing: asked.question ?? null,
				askedAt: new Date(order.askedAt).toISOString(),
				waitedUntil: Number.isFinite(order.untilMs) ? new Date(order.untilMs).toISOString() : null,
				replies: [...asked.replies.values()].map(replySummary),
			})),
		];
		const ids = wait.phones.flatMap((asked) => [...asked.replies.keys()]);
		try {
			const taken = await postAnswers(io, order.resumeUrl, answers, order.untilMs);
			if (taken && ids.length > 0) {
				for (const asked of wait.phones)
					this.beyondWaits.givenTo(asked.phone, [...asked.replies.keys()], Date.now());
				await markOutputRead(io.client, ids, [], io.warn);
			}
		} finally {
			this.waits.delete(wait);
		}
	}
}
