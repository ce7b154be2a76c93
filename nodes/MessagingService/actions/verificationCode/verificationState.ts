/**
 * What Send and Check remember across executions, in the workflow's static data (global, so all
 * Send and Check nodes of a workflow share it): wrong attempts and use per token, and the resend
 * cooldown per phone. n8n loads static data when an execution starts and saves it when the
 * execution ends (not for manual executions); docs/verification-codes.md says what that means
 * when executions overlap. No code and no phone number is stored: tokens by their nonce, phones
 * by an HMAC.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isObject } from '../../base/guards';

const STATIC_DATA_KEY = 'messagingServiceVerification';

/** Now, in the Unix seconds that tokens, cooldowns and the stored counts are written in. */
export const nowInSeconds = (): number => Math.floor(Date.now() / 1000);

/** Bounds the static data (about 50 bytes an entry); past it, new entries are refused. */
export const MAX_ENTRIES = 5000;

export interface CheckRecord {
	wrongAttempts: number;
	used: boolean;
}

interface Stored {
	/** token nonce -> [wrong attempts, used (1) or not (0), expiry in Unix seconds] */
	checks: Record<string, [number, number, number]>;
	/** phone key -> end of the cooldown in Unix seconds */
	resends: Record<string, number>;
}

function numbers(value: unknown, length: number): value is number[] {
	return Array.isArray(value) && value.length === length && value.every((entry) => typeof entry === 'number');
}

/** Keeps only well-formed entries that have not expired. */
function pruned(value: unknown, now: number): Stored {
	const stored: Stored = { checks: {}, resends: {} };
	if (!isObject(value)) return stored;
	if (isObject(value.checks)) {
		for (const [nonce, entry] of Object.entries(value.checks)) {
			if (numbers(entry, 3) && entry[2] > now) stored.checks[nonce] = [entry[0], entry[1], entry[2]];
		}
	}
	if (isObject(value.resends)) {
		for (const [phone, until] of Object.entries(value.resends)) {
			if (typeof until === 'number' && until > now) stored.resends[phone] = until;
		}
	}
	return stored;
}

/**
 * A node's run prunes the state when it first opens it, and its items then share it: an item costs
 * the same with 5,000 entries as with none (a copy per item made 5,000 sends three times as slow as
 * 5,000 SMS). Entries that expire during the run count as gone, and a full map is pruned again
 * (at most once a second) before anything is refused. The run opens it afresh when another
 * execution sharing the static data has written it since.
 */
const openStates = new WeakMap<IExecuteFunctions, VerificationState>();

export class VerificationState {
	private now: number;

	/** when expired entries were last dropped (Unix seconds) */
	private prunedAt: number;

	private checkCount: number;

	private resendCount: number;

	private constructor(
		private readonly staticData: IDataObject,
		private stored: Stored,
		now: number,
	) {
		this.now = now;
		this.prunedAt = now;
		this.checkCount = Object.keys(stored.checks).length;
		this.resendCount = Object.keys(stored.resends).length;
	}

	/** The state as of `now` (Unix seconds), expired entries left out. */
	static open(context: IExecuteFunctions, now: number): VerificationState {
		const staticData = context.getWorkflowStaticData('global');
		const current = staticData[STATIC_DATA_KEY];
		let state = openStates.get(context);
		// the stored value is this state's own object as long as nobody else has written it
		if (!state || current !== state.stored) {
			state = new VerificationState(staticData, pruned(current, now), now);
			state.save();
			openStates.set(context, state);
		}
		state.now = now;
		return state;
	}

	private liveCheck(nonce: string): [number, number, number] | undefined {
		const entry = this.stored.checks[nonce];
		return entry && entry[2] > this.now ? entry : undefined;
	}

	checkOf(nonce: string): CheckRecord {
		const entry = this.liveCheck(nonce);
		return entry ? { wrongAttempts: entry[0], used: entry[1] === 1 } : { wrongAttempts: 0, used: false };
	}

	/** Whether the token's check can be recorded (it has an entry, or there is room for one). */
	canRecordCheck(nonce: string): boolean {
		if (this.liveCheck(nonce) || this.checkCount < MAX_ENTRIES) return true;
		this.pruneExpired();
		return this.checkCount < MAX_ENTRIES;
	}

	recordCheck(nonce: string, record: CheckRecord, expiresAt: number): void {
		if (!(nonce in this.stored.checks)) this.checkCount++;
		this.stored.checks[nonce] = [record.wrongAttempts, record.used ? 1 : 0, expiresAt];
		this.save();
	}

	/** The end of the phone's cooldown (Unix seconds), if one runs. */
	cooldownOf(phone: string): number | undefined {
		const until = this.stored.resends[phone];
		return until !== undefined && until > this.now ? until : undefined;
	}

	canStartCooldown(): boolean {
		if (this.resendCount < MAX_ENTRIES) return true;
		this.pruneExpired();
		return this.resendCount < MAX_ENTRIES;
	}

	startCooldown(phone: string, until: number): void {
		if (!(phone in this.stored.resends)) this.resendCount++;
		this.stored.resends[phone] = until;
		this.save();
	}

	/** Ends the cooldown started with `until` (when the send failed), unless another send started a later one. */
	cancelCooldown(phone: string, until: number): void {
		if (this.stored.resends[phone] !== until) return;
		delete this.stored.resends[phone];
		this.resendCount--;
		this.save();
	}

	private pruneExpired(): void {
		if (this.prunedAt === this.now) return;
		this.prunedAt = this.now;
		this.stored = pruned(this.stored, this.now);
		this.checkCount = Object.keys(this.stored.checks).length;
		this.resendCount = Object.keys(this.stored.resends).length;
		this.save();
	}

	/**
	 * Writes the whole state back: assigning it at the top level is what marks n8n's static data
	 * as changed (n8n watches the top object, not plain objects put inside it during a run).
	 */
	private save(): void {
		this.staticData[STATIC_DATA_KEY] = this.stored;
	}
}
