import type { Channel } from '../types';
import { Clock } from './clock';
import { EventQueue } from './eventQueue';
import { Ids } from './ids';
import { emptyAccount, type Account, type Delivery } from './model';
import { SentCounter } from './sentCounter';
import { seedAccount } from './seed';
import { forwardIfUndelivered } from './forwarding';
import { momentOfWall, wallAt } from './serviceZone';

export const DEFAULT_BALANCE = 100;

/** Everything the emulator knows: accounts, ids, the clock, and what is due to happen. */
export class World {
	readonly clock: Clock;
	readonly ids = new Ids();
	readonly sent = new SentCounter();
	/** the zone the emulator's times are read and written in (state/serviceZone.ts) */
	serviceZone = 'UTC';
	private readonly events = new EventQueue();
	private readonly accounts = new Map<string, Account>();

	constructor(clockMode: 'manual' | 'real') {
		this.clock = new Clock(clockMode);
	}

	/** A time the API received (its wall time read as UTC, as the contract parses it) as the moment it names in the service zone. */
	fromServiceTime(wallMs: number): number {
		return momentOfWall(wallMs, this.serviceZone);
	}

	/** A moment as the wall time of the service zone, read as UTC (for the format functions). */
	toServiceTime(ms: number): number {
		return wallAt(ms, this.serviceZone);
	}

	now(): number {
		return this.clock.now();
	}

	/** Applies everything due by now: scheduled sends, forwarding checks. */
	settle(): void {
		this.events.runDue(this.now());
	}

	advance(seconds: number): void {
		this.clock.advance(seconds);
		this.settle();
	}

	addAccount(token: string, balance = DEFAULT_BALANCE, seed = true): Account {
		if (token === '') throw new Error('token must not be empty');
		if (this.accounts.has(token)) throw new Error(`an account for this token already exists`);
		const account = emptyAccount(token, balance);
		if (seed) seedAccount(this, account);
		this.accounts.set(token, account);
		return account;
	}

	findAccount(token: string): Account | undefined {
		return this.accounts.get(token);
	}

	account(token: string): Account {
		const account = this.accounts.get(token);
		if (!account) throw new Error('no account for this token');
		return account;
	}

	/** Forgets everything; the caller re-creates the accounts it wants. */
	reset(): void {
		this.accounts.clear();
		this.events.clear();
		this.sent.clear();
		this.ids.reset();
		this.clock.reset();
	}

	newDelivery(account: Account, channel: Channel, phone: string, text: string): Delivery {
		const reachability = channel === 'chat' ? account.unreachable.chat : account.unreachable.sms;
		const delivery: Delivery = {
			id: this.ids.take('delivery'),
			channel,
			phone,
			text,
			createdAt: this.now(),
			sentAt: null,
			undeliverable:
				channel !== 'otp-app-one' && channel !== 'otp-app-two' && reachability.has(phone),
		};
		const failure = account.failing.get(`${channel}:${phone}`);
		if (failure) delivery.failure = { ...failure };
		if (channel !== 'chat') account.smsSends.set(delivery.id, delivery);
		return delivery;
	}

	/** Hands a delivery over for sending at `at` (now or later): it is counted as sent when that time comes. */
	handOver(account: Account, delivery: Delivery, at: number): void {
		delivery.sentAt = at;
		if (at <= this.now()) this.markSent(account, delivery, at);
		else this.events.add(at, (due) => this.markSent(account, delivery, due));
	}

	private markSent(account: Account, delivery: Delivery, at: number): void {
		this.sent.record(delivery.channel, delivery.phone, delivery.text);
		const forwarding = delivery.forwarding;
		if (forwarding) {
			this.events.add(at + forwarding.minutes * 60_000, (due) =>
				forwardIfUndelivered(this, account, delivery, due),
			);
		}
	}
}
