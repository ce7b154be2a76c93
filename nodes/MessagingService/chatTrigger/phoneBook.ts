import type { IDataObject } from 'n8n-workflow';

import { compareIds } from '../base/ids';
import { isObject } from '../base/guards';
import { loadPiece, savePiece, type SavedPiece } from '../base/savedPiece';

/** Phones remembered, the most recently active kept. */
export const MAX_PHONES = 2000;
/** Mailings remembered per phone, the newest kept (older ones go back to the reply trigger's schedule). */
export const MAX_MAILINGS_PER_PHONE = 32;
/** A mailing to more phones than this is a broadcast: read as a mailing, not as anyone's conversation. */
export const MAX_RECIPIENTS = 20;
/** Broadcasts and mailings whose phones could not be told, remembered so they are not looked up again. */
const MAX_UNOWNED = 500;
/** Where the book is saved in the node's static data. */
export const BOOK_KEY = 'chatPhones';

interface PhoneEntry {
	/** its mailings, oldest first (by ID) */
	mailings: string[];
	/** its last activity: a mailing to it found, or a new message from it (n8n's clock) */
	activeAt: number;
}

/**
 * Which watched mailing went to which phone, so that a conversation is a phone: its newest
 * mailing is the one it answers, the others are its older mailings. Filled from the delivery list
 * of each mailing sent while the trigger runs (one request per mailing, once) and from the replies
 * read (a phone that answers a mailing owns it, a broadcast too). Saved in the node's static data
 * with each turn; bounded (MAX_PHONES, MAX_MAILINGS_PER_PHONE, MAX_UNOWNED).
 */
export class PhoneBook {
	private readonly phones = new Map<string, PhoneEntry>();
	private readonly owners = new Map<string, Set<string>>();
	/** mailings looked up that belong to no single conversation (a broadcast, no phone) */
	private readonly unowned = new Set<string>();
	/** mailings whose delivery list is still to be read */
	private readonly toLookUp = new Set<string>();

	get size(): number {
		return this.phones.size;
	}

	/** The phone's mailings, oldest first. */
	mailingsOf(phone: string): string[] {
		return this.phones.get(phone)?.mailings ?? [];
	}

	newestOf(phone: string): string | undefined {
		const mailings = this.mailingsOf(phone);
		return mailings[mailings.length - 1];
	}

	ownersOf(mailing: string): string[] {
		return [...(this.owners.get(mailing) ?? [])];
	}

	activeAt(phone: string): number | undefined {
		return this.phones.get(phone)?.activeAt;
	}

	/** Whether the mailing's phones are known or being found (not to be looked up again). */
	knows(mailing: string): boolean {
		return this.owners.has(mailing) || this.unowned.has(mailing) || this.toLookUp.has(mailing);
	}

	isUnowned(mailing: string): boolean {
		return this.unowned.has(mailing);
	}

	lookUpLater(mailing: string): void {
		if (!this.knows(mailing)) this.toLookUp.add(mailing);
	}

	/** The mailings whose delivery list is to be read, the newest first. */
	pendingLookups(): string[] {
		return [...this.toLookUp].sort((a, b) => compareIds(b, a));
	}

	/** The delivery list says the mailing went to `phones`; returns the phones it became the newest mailing of. */
	lookedUp(mailing: string, phones: string[], now: number): string[] {
		this.toLookUp.delete(mailing);
		if (phones.length === 0 || phones.length > MAX_RECIPIENTS) {
			this.unowned.add(mailing);
			if (this.unowned.size > MAX_UNOWNED) this.unowned.delete(this.unowned.values().next().value!);
			return [];
		}
		return phones.filter((phone) => this.attach(phone, mailing, now));
	}

	/** The phone owns the mailing (sent to it, or it answered it) and is active now; returns whether it is now its newest mailing. */
	attach(phone: string, mailing: string, now: number): boolean {
		let entry = this.phones.get(phone);
		if (!entry) {
			entry = { mailings: [], activeAt: now };
			this.phones.set(phone, entry);
			this.trimPhones();
		}
		entry.activeAt = Math.max(entry.activeAt, now);
		if (entry.mailings.includes(mailing)) return false;
		entry.mailings.push(mailing);
		entry.mailings.sort(compareIds);
		this.own(mailing, phone);
		while (entry.mailings.length > MAX_MAILINGS_PER_PHONE)
			this.disown(entry.mailings.shift()!, phone);
		return entry.mailings[entry.mailings.length - 1] === mailing;
	}

	/** A new message from the phone. */
	touch(phone: string, now: number): void {
		const entry = this.phones.get(phone);
		if (entry) entry.activeAt = Math.max(entry.activeAt, now);
	}

	private own(mailing: string, phone: string): void {
		const owners = this.owners.get(mailing) ?? new Set<string>();
		owners.add(phone);
		this.owners.set(mailing, owners);
	}

	private disown(mailing: string, phone: string): void {
		const owners = this.owners.get(mailing);
		owners?.delete(phone);
		if (owners?.size === 0) this.owners.delete(mailing);
	}

	private trimPhones(): void {
		if (this.phones.size <= MAX_PHONES) return;
		const quietest = [...this.phones.entries()].sort((a, b) => a[1].activeAt - b[1].activeAt)[0][0];
		for (const mailing of this.phones.get(quietest)!.mailings) this.disown(mailing, quietest);
		this.phones.delete(quietest);
	}

	/** The service says the mailing does not exist. */
	forget(mailing: string): void {
		for (const phone of this.ownersOf(mailing)) {
			const entry = this.phones.get(phone)!;
			entry.mailings = entry.mailings.filter((id) => id !== mailing);
		}
		this.owners.delete(mailing);
		this.toLookUp.delete(mailing);
	}

	/** Every phone with its mailings, for the older mailings' turn. */
	entries(): Array<[string, string[]]> {
		return [...this.phones.entries()].map(([phone, entry]) => [phone, entry.mailings]);
	}

	/** Writes the book into the node's static data (n8n saves it with the next emit). */
	save(staticData: IDataObject): void {
		savePiece(staticData, BOOK, this);
	}

	/** The book as saved (an empty one when nothing or something unreadable was saved). */
	static load(staticData: IDataObject): PhoneBook {
		return loadPiece(staticData, BOOK) ?? new PhoneBook();
	}

	/** The saved form: times are seconds on n8n's clock in base 36, mailing IDs as the service wrote them. */
	static encode(book: PhoneBook): IDataObject {
		const phones: Record<string, string> = {};
		for (const [phone, entry] of book.phones)
			phones[phone] =
				`${Math.floor(entry.activeAt / 1000).toString(36)} ${entry.mailings.join(' ')}`;
		return {
			phones,
			unowned: [...book.unowned].join(' '),
			toLookUp: [...book.toLookUp].join(' '),
		};
	}

	static decode(raw: IDataObject): PhoneBook {
		const book = new PhoneBook();
		if (!isObject(raw.phones)) return book;
		for (const [phone, text] of Object.entries(raw.phones)) {
			if (typeof text !== 'string') continue;
			const [at, ...mailings] = text.split(' ').filter((part) => part !== '');
			const activeAt = parseInt(at ?? '', 36) * 1000;
			if (!Number.isFinite(activeAt)) continue;
			for (const mailing of mailings.slice(-MAX_MAILINGS_PER_PHONE))
				book.attach(phone, mailing, activeAt);
		}
		const ids = (value: unknown) =>
			typeof value === 'string' ? value.split(' ').filter((id) => id !== '') : [];
		for (const id of ids(raw.unowned).slice(-MAX_UNOWNED)) book.unowned.add(id);
		for (const id of ids(raw.toLookUp)) if (!book.knows(id)) book.toLookUp.add(id);
		return book;
	}
}

/** The book in the node's static data. */
const BOOK: SavedPiece<PhoneBook> = {
	key: BOOK_KEY,
	version: 1,
	bound: { max: MAX_PHONES, of: 'phones' },
	decode: (saved) => PhoneBook.decode(saved),
	encode: (book) => PhoneBook.encode(book),
};
