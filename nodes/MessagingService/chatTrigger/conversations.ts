import type { IDataObject } from 'n8n-workflow';

import { compareIds } from '../base/ids';
import { ActiveMailings } from './activeMailings';
import { PhoneBook } from './phoneBook';

/** After a turn, the bot's answer is looked for at every check for this long. */
export const ANSWER_EXPECTED_MS = 30_000;
/** The older mailings' turn reads at least this many a minute... */
export const OLDER_READS_MIN = 2;
/** ...and one more per this many active conversations. */
export const CONVERSATIONS_PER_OLDER_READ = 10;

/**
 * The reading plan of conversations, a conversation being a phone (see PhoneBook): an active
 * phone's newest mailing is read on the phone's schedule (ActiveMailings, keyed by phone), so a
 * bot that answers every turn with a new mailing adds no reads; when a newer mailing of the phone
 * is found, the one before is read once more (`closing`: a message the customer sent to it as the
 * answer was on its way), and a turn of that phone waits for that read. The phone's other mailings
 * are read in the older mailings' turn, a few a minute over all phones, the least recently read
 * first.
 */
export class Conversations {
	private readonly active: ActiveMailings;
	/** phone → its mailings to read once more since a newer one was found, and when it was found */
	private readonly closing = new Map<string, Map<string, number>>();
	/** phone → when its last turn was emitted, while its answer is expected */
	private readonly awaiting = new Map<string, number>();
	/** mailing → when the older mailings' turn (or any read) last read it */
	private readonly readAt = new Map<string, number>();
	/** told whose each mailing sent is, once known (the person's activity during a handoff) */
	onMailingTo?: (mailing: string, phones: string[], now: number) => void;

	constructor(
		private readonly book: PhoneBook,
		private readonly activeForMs: number,
		readEveryMs: number,
		now: number,
	) {
		this.active = new ActiveMailings(activeForMs, readEveryMs);
		// after a restart: the active phones go on being read; the mailing before each one's newest is read once more
		for (const [phone, mailings] of book.entries()) {
			const activeAt = book.activeAt(phone) ?? 0;
			if (now - activeAt >= activeForMs) continue;
			this.active.touch(phone, activeAt);
			if (mailings.length > 1)
				this.closing.set(phone, new Map([[mailings[mailings.length - 2], now]]));
		}
	}

	/** The phones a conversation is known with. */
	knownPhones(): string[] {
		return this.book.entries().map(([phone]) => phone);
	}

	/** The phone's mailings, oldest first. */
	mailingsOf(phone: string): string[] {
		return this.book.mailingsOf(phone);
	}

	/** The mailings whose delivery list is to be read, the newest first. */
	pendingLookups(): string[] {
		return this.book.pendingLookups();
	}

	/** Whether the mailing was found to belong to no single conversation (a broadcast, no phone). */
	isUnowned(mailing: string): boolean {
		return this.book.isUnowned(mailing);
	}

	/** The mailing's delivery list is to be read (unless its phones are known or being found). */
	lookUpLater(mailing: string): void {
		this.book.lookUpLater(mailing);
	}

	/** Writes the phone book into the node's static data (n8n saves it with the next emit). */
	save(staticData: IDataObject): void {
		this.book.save(staticData);
	}

	isActive(phone: string, now: number): boolean {
		return now - (this.book.activeAt(phone) ?? -Infinity) < this.activeForMs;
	}

	/** The delivery list of a mailing: it goes to these phones (none: a broadcast, read as a mailing). */
	lookedUp(mailing: string, phones: string[], now: number): void {
		this.onMailingTo?.(mailing, phones, now);
		for (const phone of this.book.lookedUp(mailing, phones, now)) this.newestFound(phone, now);
		for (const phone of phones) this.active.touch(phone, now);
	}

	/** A new message from `phone` on `mailing`. */
	replied(phone: string, mailing: string, now: number): void {
		if (this.book.attach(phone, mailing, now)) this.newestFound(phone, now);
		this.book.touch(phone, now);
		this.active.touch(phone, now);
	}

	private newestFound(phone: string, now: number): void {
		this.awaiting.delete(phone);
		const mailings = this.book.mailingsOf(phone);
		if (mailings.length < 2) return;
		const closing = this.closing.get(phone) ?? new Map<string, number>();
		closing.set(mailings[mailings.length - 2], now);
		this.closing.set(phone, closing);
	}

	turnEmitted(phone: string, now: number): void {
		this.awaiting.set(phone, now);
	}

	/** Whether a turn's answer may be about to be sent: the listing is read at every check. */
	expectingAnswer(now: number): boolean {
		for (const [phone, at] of this.awaiting)
			if (now - at >= ANSWER_EXPECTED_MS) this.awaiting.delete(phone);
		return this.awaiting.size > 0;
	}

	/** The mailings a turn of this phone waits for: read once more since a newer one was found. */
	unclosed(phone: string): string[] {
		return [...(this.closing.get(phone)?.keys() ?? [])];
	}

	/** The reads due on the phones' schedule: each due phone's mailings to read once more, else its newest. */
	due(now: number): string[] {
		const ids: string[] = [];
		for (const phone of this.active.due(now)) {
			const unclosed = this.unclosed(phone);
			const newest = this.book.newestOf(phone);
			if (unclosed.length > 0) ids.push(...unclosed);
			else if (newest !== undefined) ids.push(newest);
		}
		return ids;
	}

	/** A read of the mailing started at `now` and succeeded. */
	read(mailing: string, now: number): void {
		this.readAt.set(mailing, now);
		for (const phone of this.book.ownersOf(mailing)) {
			const closing = this.closing.get(phone);
			const since = closing?.get(mailing);
			if (since !== undefined && now >= since) {
				closing!.delete(mailing);
				if (closing!.size === 0) this.closing.delete(phone);
			}
			if (since !== undefined || this.book.newestOf(phone) === mailing)
				this.active.read(phone, now);
		}
	}

	forget(mailing: string): void {
		for (const phone of this.book.ownersOf(mailing)) this.closing.get(phone)?.delete(mailing);
		this.book.forget(mailing);
		this.readAt.delete(mailing);
	}

	/**
	 * Whether the conversations' plan reads this mailing, so the minute's sweep passes over it: an
	 * older mailing of its phones, or the newest of an active one. The newest mailing of a phone
	 * gone quiet goes back to the reply trigger's schedule.
	 */
	covers(mailing: string, now: number): boolean {
		const owners = this.book.ownersOf(mailing);
		return (
			owners.length > 0 &&
			owners.every((phone) => this.book.newestOf(phone) !== mailing || this.isActive(phone, now))
		);
	}

	/** How many older mailings the minute's turn reads. */
	olderReads(now: number): number {
		let active = 0;
		for (const [phone] of this.book.entries()) if (this.isActive(phone, now)) active++;
		return Math.max(OLDER_READS_MIN, Math.ceil(active / CONVERSATIONS_PER_OLDER_READ));
	}

	/** The older mailings to read in this minute's turn: the least recently read first (never read: the newest first). */
	olderTurn(count: number, now: number): string[] {
		const older = new Set<string>();
		for (const [phone, mailings] of this.book.entries()) {
			const newest = mailings[mailings.length - 1];
			for (const mailing of mailings)
				if (
					mailing !== newest &&
					this.covers(mailing, now) &&
					!this.closing.get(phone)?.has(mailing)
				)
					older.add(mailing);
		}
		for (const id of this.readAt.keys()) if (!this.book.ownersOf(id).length) this.readAt.delete(id);
		return [...older]
			.sort((a, b) => (this.readAt.get(a) ?? 0) - (this.readAt.get(b) ?? 0) || compareIds(b, a))
			.slice(0, count);
	}
}
