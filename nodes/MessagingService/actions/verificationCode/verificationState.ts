/**
 * What Send and Check remember: wrong attempts and use per token, and the resend cooldown per
 * phone. No code and no phone number is kept: tokens by their nonce, phones by an HMAC.
 *
 * Each execution gets its own copy of the workflow's static data, loaded when its request arrived
 * and written back whole when it ends, so executions at once do not see each other's counts there.
 * The counts that decide are therefore kept once per n8n process and scope (processMemory.ts): a
 * workflow's own, or a Verification Scope that several workflows share (verificationScope.ts), read
 * and changed with nothing awaited in between. Every execution that opens the state merges its
 * copy of the static data into it (a count only grows, a use stays used, a cooldown only lengthens,
 * a release stays released) and puts the process's state in its place, so what n8n saves holds all
 * that this process knows. Another process (a queue-mode worker, a restarted n8n) starts from the
 * static data it loads: docs/verification-codes.md states the bound that leaves.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isObject } from '../../base/guards';
import { loadPiece, savePiece, savedForm, type SavedPiece } from '../../base/savedPiece';
import { sharedInThisProcess } from './processMemory';
import type { StateLocation } from './verificationScope';

/** Now, in the Unix seconds that tokens, cooldowns and the stored counts are written in. */
export const nowInSeconds = (): number => Math.floor(Date.now() / 1000);

/** Bounds the memory and the static data (about 50 bytes an entry); past it, new entries are refused. */
export const MAX_ENTRIES = 5000;

export interface CheckRecord {
	wrongAttempts: number;
	used: boolean;
}

/** As stored in the static data (the shape 0.1.0 wrote, plus `released`). */
interface Stored {
	/** token nonce -> [wrong attempts, used (1) or not (0), expiry in Unix seconds] */
	checks: Record<string, [number, number, number]>;
	/** phone key -> end of the cooldown in Unix seconds */
	resends: Record<string, number>;
	/** phone key -> end of a cooldown that was released because the service refused its send */
	released: Record<string, number>;
}

function numbers(value: unknown, length: number): value is number[] {
	return (
		Array.isArray(value) &&
		value.length === length &&
		value.every((entry) => typeof entry === 'number')
	);
}

function ofNumbers(value: unknown): Record<string, number> {
	if (!isObject(value)) return {};
	return Object.fromEntries(
		Object.entries(value).filter(
			(entry): entry is [string, number] => typeof entry[1] === 'number',
		),
	);
}

/**
 * The counts in the workflow's global static data, under `key`: the process's own object itself
 * (encode keeps it, so that an execution's copy is told from it by identity). 0.1.0 saved it with
 * no version, in the same shape.
 */
function storedAt(key: string): SavedPiece<IDataObject> {
	return {
		key,
		version: 1,
		bound: { max: MAX_ENTRIES, of: 'tokens checked, and as many phones in a cooldown' },
		upgrades: { 0: (saved) => saved },
		decode: (saved) => saved,
		encode: (stored) => stored,
	};
}

const laterOf = (a: number | undefined, b: number) => (a === undefined || b > a ? b : a);

export class VerificationState {
	private stored: Stored = { checks: {}, resends: {}, released: {} };

	private now = 0;

	/** when expired entries were last dropped (Unix seconds) */
	private prunedAt = -1;

	private checkCount = 0;

	private resendCount = 0;

	/** The node runs that have opened this state: each prunes it once. */
	private readonly openedBy = new WeakSet<IExecuteFunctions>();

	/**
	 * The state of a scope as of `now` (Unix seconds), with this execution's copy of the static
	 * data merged in. A node run prunes and merges once, at its first item: an item costs the same
	 * with 5,000 entries as with none.
	 */
	static open(context: IExecuteFunctions, now: number, location: StateLocation): VerificationState {
		const { states } = sharedInThisProcess;
		let state = location.memoryKey === undefined ? undefined : states.get(location.memoryKey);
		if (!state) {
			state = new VerificationState();
			// an unsaved workflow has no id: its state lives as long as its execution's static data
			if (location.memoryKey !== undefined) states.set(location.memoryKey, state);
		}
		state.now = now;
		const staticData = context.getWorkflowStaticData('global');
		const piece = storedAt(location.staticKey);
		const copy: unknown = savedForm(staticData, piece);
		if (copy !== state.stored || !state.openedBy.has(context)) {
			state.openedBy.add(context);
			state.prunedAt = -1;
			state.pruneExpired();
			if (copy !== state.stored) state.absorb(loadPiece(staticData, piece));
			// assigned at the top level, which is what marks n8n's static data as changed
			savePiece(staticData, piece, state.stored as unknown as IDataObject);
		}
		return state;
	}

	/**
	 * Merges a stored copy: a count only grows, a use stays used, a cooldown only lengthens. Entries
	 * past the bound are left out: with the table full, their tokens and phones are refused anyway.
	 */
	private absorb(copy: IDataObject | undefined): void {
		if (!copy) return;
		const { checks, resends, released } = this.stored;
		if (isObject(copy.checks)) {
			for (const [nonce, entry] of Object.entries(copy.checks)) {
				if (!numbers(entry, 3) || entry[2] <= this.now) continue;
				const mine = checks[nonce];
				if (!mine) {
					if (this.checkCount >= MAX_ENTRIES) continue;
					this.checkCount++;
				}
				checks[nonce] = mine
					? [Math.max(mine[0], entry[0]), Math.max(mine[1], entry[1]), Math.max(mine[2], entry[2])]
					: [entry[0], entry[1], entry[2]];
			}
		}
		for (const [phone, until] of Object.entries(ofNumbers(copy.resends))) {
			if (until <= this.now) continue;
			if (resends[phone] === undefined) {
				if (this.resendCount >= MAX_ENTRIES) continue;
				this.resendCount++;
			}
			resends[phone] = laterOf(resends[phone], until);
		}
		for (const [phone, until] of Object.entries(ofNumbers(copy.released))) {
			if (until > this.now) released[phone] = laterOf(released[phone], until);
		}
	}

	private liveCheck(nonce: string): [number, number, number] | undefined {
		const entry = this.stored.checks[nonce];
		return entry && entry[2] > this.now ? entry : undefined;
	}

	checkOf(nonce: string): CheckRecord {
		const entry = this.liveCheck(nonce);
		return entry
			? { wrongAttempts: entry[0], used: entry[1] === 1 }
			: { wrongAttempts: 0, used: false };
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
	}

	/** The end of the phone's cooldown (Unix seconds), if one runs. */
	cooldownOf(phone: string): number | undefined {
		const until = this.stored.resends[phone];
		if (until === undefined || until <= this.now) return undefined;
		const released = this.stored.released[phone];
		return released !== undefined && released >= until ? undefined : until;
	}

	canStartCooldown(): boolean {
		if (this.resendCount < MAX_ENTRIES) return true;
		this.pruneExpired();
		return this.resendCount < MAX_ENTRIES;
	}

	/**
	 * Starts the phone's cooldown, to end at `until` or later: always after a released one, so that
	 * the release cannot be taken for this cooldown's. Returns when it ends.
	 */
	startCooldown(phone: string, until: number): number {
		const released = this.stored.released[phone];
		const end = released !== undefined && released >= until ? released + 1 : until;
		if (!(phone in this.stored.resends)) this.resendCount++;
		this.stored.resends[phone] = end;
		return end;
	}

	/** Releases the cooldown that ends at `until` (its send was refused), unless a later one has started. */
	releaseCooldown(phone: string, until: number): void {
		if (this.stored.resends[phone] === until) this.stored.released[phone] = until;
	}

	private pruneExpired(): void {
		if (this.prunedAt === this.now) return;
		this.prunedAt = this.now;
		const { checks, resends, released } = this.stored;
		for (const [nonce, entry] of Object.entries(checks)) {
			if (entry[2] <= this.now) delete checks[nonce];
		}
		for (const [phone, until] of Object.entries(resends)) {
			if (until <= this.now) delete resends[phone];
		}
		for (const [phone, until] of Object.entries(released)) {
			if (until <= this.now) delete released[phone];
		}
		this.checkCount = Object.keys(checks).length;
		this.resendCount = Object.keys(resends).length;
	}
}
