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

export class VerificationState {
	private constructor(
		private readonly staticData: IDataObject,
		private readonly stored: Stored,
	) {}

	/** The state as of `now` (Unix seconds), expired entries dropped. */
	static open(context: IExecuteFunctions, now: number): VerificationState {
		const staticData = context.getWorkflowStaticData('global');
		return new VerificationState(staticData, pruned(staticData[STATIC_DATA_KEY], now));
	}

	checkOf(nonce: string): CheckRecord {
		const entry = this.stored.checks[nonce];
		return entry ? { wrongAttempts: entry[0], used: entry[1] === 1 } : { wrongAttempts: 0, used: false };
	}

	/** Whether the token's check can be recorded (it has an entry, or there is room for one). */
	canRecordCheck(nonce: string): boolean {
		return nonce in this.stored.checks || Object.keys(this.stored.checks).length < MAX_ENTRIES;
	}

	recordCheck(nonce: string, record: CheckRecord, expiresAt: number): void {
		this.stored.checks[nonce] = [record.wrongAttempts, record.used ? 1 : 0, expiresAt];
		this.save();
	}

	/** The end of the phone's cooldown (Unix seconds), if one runs. */
	cooldownOf(phone: string): number | undefined {
		return this.stored.resends[phone];
	}

	canStartCooldown(): boolean {
		return Object.keys(this.stored.resends).length < MAX_ENTRIES;
	}

	startCooldown(phone: string, until: number): void {
		this.stored.resends[phone] = until;
		this.save();
	}

	/** Ends the cooldown started with `until` (when the send failed), unless another send started a later one. */
	cancelCooldown(phone: string, until: number): void {
		const current = pruned(this.staticData[STATIC_DATA_KEY], 0);
		if (current.resends[phone] !== until) return;
		delete current.resends[phone];
		this.staticData[STATIC_DATA_KEY] = current;
	}

	/**
	 * Writes the whole state back: assigning it at the top level is what marks n8n's static data
	 * as changed (n8n watches the top object, not plain objects put inside it during a run).
	 */
	private save(): void {
		this.staticData[STATIC_DATA_KEY] = this.stored;
	}
}
