export interface SandboxOptions {
	port?: number;
	host?: string;
	tokens?: string[];
	clock?: 'manual' | 'real';
	quiet?: boolean;
	/** the zone the service's times (no offset) are read and written in; default UTC */
	serviceTimeZone?: string;
}

/** A message handed over for sending, or scheduled to be, and the moment. */
export interface HandOver {
	channel: Channel;
	phone: string;
	text: string;
	/** ISO, UTC */
	at: string;
}

export type Channel = 'sms' | 'chat' | 'otp-app-one' | 'otp-app-two';
export type ReachabilityChannel = 'chat' | 'sms';

export interface NamedId {
	id: number;
	name: string;
}

export interface AccountInfo {
	token: string;
	balance: number;
	currency: string;
	alphanames: NamedId[];
	chatnames: NamedId[];
	lists: Array<NamedId & { phones: string[] }>;
	templates: NamedId[];
	alphanameIds: number[];
	chatnameIds: number[];
	listIds: number[];
	templateIds: number[];
	prices: { smsPart: number; chatMessage: number; otpMessage: number };
}

export interface LoggedRequest {
	seq: number;
	at: string;
	httpMethod: string;
	path: string;
	apiMethod: string | null;
	token: string | null;
	query: Record<string, string | string[]>;
	body: Record<string, unknown> | null;
	bodyType: 'none' | 'form' | 'multipart' | 'json' | 'other';
	contentType: string | null;
	files: UploadedFile[];
	status: number;
	fault: string | null;
	/** API requests being handled when this one arrived, itself included */
	inFlight: number;
}

export interface UploadedFile {
	field: string;
	filename: string;
	contentType: string;
	size: number;
	sha256: string;
}

export interface SentGroup {
	channel: Channel;
	phone: string;
	text: string;
	count: number;
}

export interface Counters {
	requests: number;
	byApiMethod: Record<string, number>;
	byStatus: Record<string, number>;
	sent: SentGroup[];
	messagesSent: number;
	duplicates: number;
}

export type FaultKind =
	| '429'
	| '400'
	| '500-before'
	| '500-after'
	| 'html'
	| 'truncated'
	| 'drop-before'
	| 'drop-after'
	| 'delay';

export interface FaultRule {
	apiMethod?: string;
	kind: FaultKind;
	count?: number;
	/** how many matching requests pass untouched before the rule hits (e.g. 4: the fifth fails) */
	after?: number;
	retryAfter?: string;
	delayMs?: number;
}

export interface FaultConfig {
	latencyMs?: number;
	/** `afterRequests`: the limit starts after that many requests (the service changes its mind mid-run) */
	rateLimit?: { perSecond: number; retryAfterSeconds?: number; afterRequests?: number };
	rules?: FaultRule[];
}

export interface CallbackDelivery {
	uuid: string;
	url: string;
	at: string;
	/** 1, or 2 and more for the same callback posted again (see `setCallbackDeliveries`) */
	attempt: number;
	payload: unknown;
	/** HTTP status answered by the receiver; null while pending or when no answer came */
	status: number | null;
	outcome: 'pending' | 'delivered' | 'failed' | 'skipped';
	error: string | null;
}

export interface Sandbox {
	url: string;
	port: number;
	close(): Promise<void>;
	addAccount(token: string, opts?: { balance?: number; seed?: boolean }): AccountInfo;
	account(token: string): AccountInfo;
	reset(): void;
	advanceClock(seconds: number): void;
	now(): Date;
	/** reads and writes the service's times in `zone` (an IANA name) from now on; reset() goes back to the option's (UTC) */
	setServiceTimeZone(zone: string): void;
	/** every message handed over for sending or scheduled to be, with its moment (confirmed list mailings included) */
	handOvers(token: string): HandOver[];
	/** a reply from a phone; `id` may repeat an ID already used, `receivedAt` (ms) may lie in the past */
	injectReply(
		token: string,
		reply: { message_id: number; phone: string; message: string; id?: string; receivedAt?: number },
	): { id: string };
	/** each phone's newest chat mailing (the one a customer answering in their chat app replies to) */
	newestChatMailings(token: string): Record<string, number>;
	/** creates `count` chat mailings at once, created evenly from `oldestAt` to `newestAt` (ms; default now), each to one of `phones` in turn */
	seedChatMailings(
		token: string,
		count: number,
		span?: { oldestAt?: number; newestAt?: number; phones?: string[] },
	): number[];
	/** getChatMessages order (default oldest first) and whether unread replies are answered twice */
	setChatQuirks(
		token: string,
		quirks: { chatListing?: 'oldest-first' | 'newest-first'; duplicateUnread?: boolean },
	): void;
	setUnreachable(token: string, phone: string, channel: ReachabilityChannel): void;
	/** a subscriber list of these phones (for scale tests); returns its list_id */
	addList(token: string, name: string, phones: string[]): number;
	/** messages created from now on to that phone on that channel end in `status` (chat: with `errorCode`) where they would have been delivered */
	setFailing(
		token: string,
		phone: string,
		channel: ReachabilityChannel,
		failure: { status: string; errorCode?: number },
	): void;
	setBalance(token: string, balance: number): void;
	setFaults(faults: FaultConfig): void;
	clearFaults(): void;
	/**
	 * From now on (until reset() or holdAnswers(false), which lets all go) each API answer waits,
	 * after its latency, until the test releases it: the test, not the speed of the machine,
	 * decides what the client sees in flight.
	 */
	holdAnswers(hold?: boolean): void;
	/** how many API answers are held now */
	heldAnswers(): number;
	/** lets the answers held so far go (later ones are held again) */
	releaseHeldAnswers(): void;
	requests(): LoggedRequest[];
	/** resolves once every API request received so far has been answered (or dropped) */
	allAnswered(): Promise<void>;
	clearRequests(): void;
	/**
	 * Calls `listener` with each API request as soon as it has been answered (or dropped), in the
	 * emulator's process: to act within milliseconds of a request (stop n8n right after a mark as
	 * read). Returns the function that removes the listener; reset() keeps listeners.
	 */
	onRequest(listener: (request: LoggedRequest) => void): () => void;
	counters(): Counters;
	callbacks(): CallbackDelivery[];
	/** posts each callback `times` times from now on (2: every callback arrives twice); reset() sets 1 */
	setCallbackDeliveries(times: number): void;
	/** resolves when every callback post started so far has finished (delivered or failed) */
	flushCallbacks(): Promise<void>;
}
