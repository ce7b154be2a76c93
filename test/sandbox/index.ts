import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CallbackSender } from './callbacks';
import { createControlHandler } from './control';
import { Faults } from './faults';
import { injectReply } from './methods/replies';
import { seedChatMailings } from './state/chatMailings';
import { RequestLog } from './requestLog';
import { PATIENT } from './patient';
import { createRequestHandler, Waiter } from './server';
import { accountInfo } from './state/accountInfo';
import { DEFAULT_BALANCE, World } from './state/world';
import type {
	AccountInfo,
	Counters,
	FaultConfig,
	HandOver,
	LoggedRequest,
	ReachabilityChannel,
	Sandbox,
	SandboxOptions,
} from './types';

export type * from './types';

class RunningSandbox implements Sandbox {
	url = '';
	port = 0;
	readonly world: World;
	private readonly faults = new Faults();
	private readonly log = new RequestLog();
	private readonly callbackSender = new CallbackSender();
	private readonly waiter = new Waiter();
	private readonly server: Server;

	constructor(private readonly options: SandboxOptions) {
		this.world = new World(options.clock ?? 'manual');
		this.setServiceTimeZone(options.serviceTimeZone ?? 'UTC');
		this.seedInitialAccounts();
		this.server = createServer(
			PATIENT,
			createRequestHandler(
				{
					world: this.world,
					faults: this.faults,
					log: this.log,
					callbacks: this.callbackSender,
					quiet: options.quiet ?? false,
					control: createControlHandler(this),
				},
				this.waiter,
			),
		);
	}

	async listen(): Promise<void> {
		const host = this.options.host ?? '127.0.0.1';
		await new Promise<void>((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(this.options.port ?? 0, host, () => resolve());
		});
		this.port = (this.server.address() as AddressInfo).port;
		this.url = `http://${host.includes(':') ? `[${host}]` : host}:${this.port}`;
	}

	async close(): Promise<void> {
		this.waiter.close();
		await this.callbackSender.close();
		await new Promise<void>((resolve) => {
			this.server.close(() => resolve());
			this.server.closeAllConnections();
		});
	}

	private seedInitialAccounts(): void {
		for (const token of this.options.tokens ?? []) this.world.addAccount(token);
	}

	addAccount(token: string, opts: { balance?: number; seed?: boolean } = {}): AccountInfo {
		return accountInfo(
			this.world.addAccount(token, opts.balance ?? DEFAULT_BALANCE, opts.seed ?? true),
		);
	}

	account(token: string): AccountInfo {
		return accountInfo(this.world.account(token));
	}

	reset(): void {
		this.world.reset();
		this.setServiceTimeZone(this.options.serviceTimeZone ?? 'UTC');
		this.log.reset();
		this.callbackSender.clear();
		this.faults.clear();
		this.waiter.stopHolding();
		this.seedInitialAccounts();
	}

	advanceClock(seconds: number): void {
		this.world.advance(seconds);
	}

	now(): Date {
		return new Date(this.world.now());
	}

	setServiceTimeZone(zone: string): void {
		new Intl.DateTimeFormat('en-US', { timeZone: zone }); // throws for a name Intl does not know
		this.world.serviceZone = zone;
	}

	handOvers(token: string): HandOver[] {
		this.world.settle();
		const account = this.world.account(token);
		const deliveries = [
			...account.smsSends.values(),
			...[...account.chatMailings.values()].flatMap((mailing) => mailing.deliveries),
		];
		return deliveries
			.filter((delivery) => delivery.sentAt !== null)
			.map((delivery) => ({
				channel: delivery.channel,
				phone: delivery.phone,
				text: delivery.text,
				at: new Date(delivery.sentAt as number).toISOString(),
			}));
	}

	injectReply(
		token: string,
		reply: { message_id: number; phone: string; message: string; id?: string; receivedAt?: number },
	): { id: string } {
		this.world.settle();
		return injectReply(this.world, this.world.account(token), reply);
	}

	seedChatMailings(
		token: string,
		count: number,
		span: { oldestAt?: number; newestAt?: number; phones?: string[] } = {},
	): number[] {
		return seedChatMailings(this.world, this.world.account(token), count, span);
	}

	newestChatMailings(token: string): Record<string, number> {
		const newest: Record<string, number> = {};
		for (const mailing of this.world.account(token).chatMailings.values()) {
			for (const { phone } of mailing.deliveries)
				if ((newest[phone] ?? -1) < mailing.id) newest[phone] = mailing.id;
		}
		return newest;
	}

	setChatQuirks(
		token: string,
		quirks: { chatListing?: 'oldest-first' | 'newest-first'; duplicateUnread?: boolean },
	): void {
		Object.assign(this.world.account(token).quirks, quirks);
	}

	setUnreachable(token: string, phone: string, channel: ReachabilityChannel): void {
		this.world.account(token).unreachable[channel].add(phone);
	}

	addList(token: string, name: string, phones: string[]): number {
		const world = this.world;
		const id = world.ids.take('list');
		world.account(token).lists.set(id, { id, name, phones: [...phones] });
		return id;
	}

	setFailing(
		token: string,
		phone: string,
		channel: ReachabilityChannel,
		failure: { status: string; errorCode?: number },
	): void {
		this.world.account(token).failing.set(`${channel}:${phone}`, {
			status: failure.status,
			errorCode: failure.errorCode ?? 0,
		});
	}

	setBalance(token: string, balance: number): void {
		this.world.account(token).balance = balance;
	}

	setFaults(faults: FaultConfig): void {
		this.faults.set(faults);
	}

	clearFaults(): void {
		this.faults.clear();
	}

	holdAnswers(hold = true): void {
		if (hold) this.waiter.hold();
		else this.waiter.stopHolding();
	}

	heldAnswers(): number {
		return this.waiter.heldCount;
	}

	releaseHeldAnswers(): void {
		this.waiter.releaseHeld();
	}

	requests() {
		return this.log.list();
	}

	async allAnswered(): Promise<void> {
		await this.log.allAnswered();
	}

	clearRequests(): void {
		this.log.clear();
	}

	onRequest(listener: (request: LoggedRequest) => void): () => void {
		return this.log.onFinish(listener);
	}

	counters(): Counters {
		this.world.settle();
		return { ...this.log.httpCounters(), ...this.world.sent.summary() };
	}

	callbacks() {
		return this.callbackSender.list();
	}

	setCallbackDeliveries(times: number): void {
		this.callbackSender.setDeliveries(times);
	}

	flushCallbacks(): Promise<void> {
		return this.callbackSender.flush();
	}
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const sandbox = new RunningSandbox(options);
	await sandbox.listen();
	return sandbox;
}
