/** A conversation quiet this long is checked half as often, then a quarter... */
const SLOWER_EVERY_MS = 60_000;
/** ...down to every this many checks. */
const MAX_SPACING = 16;
/** Active mailings (or phones) followed at once, the most recently active kept. */
export const MAX_ACTIVE = 2000;

interface ActiveMailing {
	/** the last activity: sent, or a new message found (n8n's clock) */
	activeAt: number;
	/** the last successful read */
	readAt?: number;
}

/**
 * Active conversations, in the trigger's memory, keyed by phone (Conversations) or, for a mailing
 * that is no single phone's (a broadcast, one from before), by mailing: a mailing is active from when
 * the trigger finds it sent or finds a new message on it, for `activeForMs`. One active in the
 * last minute is read at every check; quieter ones less often (every 2, 4, 8, 16 checks), as a
 * customer who has gone quiet rarely answers within seconds. After a restart the list is empty
 * and fills again from the once-a-minute reads.
 */
export class ActiveMailings {
	private readonly mailings = new Map<string, ActiveMailing>();

	constructor(
		private readonly activeForMs: number,
		/** how often one active in the last minute is read */
		private readonly checkEveryMs: number,
	) {}

	touch(id: string, now: number): void {
		const mailing = this.mailings.get(id);
		if (mailing) mailing.activeAt = Math.max(mailing.activeAt, now);
		else this.mailings.set(id, { activeAt: now });
		if (this.mailings.size > MAX_ACTIVE) {
			const quietest = [...this.mailings.entries()].sort(
				(a, b) => a[1].activeAt - b[1].activeAt,
			)[0][0];
			this.mailings.delete(quietest);
		}
	}

	read(id: string, now: number): void {
		const mailing = this.mailings.get(id);
		if (mailing) mailing.readAt = now;
	}

	forget(id: string): void {
		this.mailings.delete(id);
	}

	/** The active mailings due for a read, the most overdue first; the expired ones are dropped. */
	due(now: number): string[] {
		const scored: Array<[string, number]> = [];
		for (const [id, mailing] of this.mailings) {
			const quietMs = now - mailing.activeAt;
			if (quietMs >= this.activeForMs) {
				this.mailings.delete(id);
				continue;
			}
			const spacing = Math.min(MAX_SPACING, 2 ** Math.floor(quietMs / SLOWER_EVERY_MS));
			// a little under one check, so that a check that fires a bit early still reads it
			const overdue =
				mailing.readAt === undefined
					? Infinity
					: (now - mailing.readAt) / (spacing * this.checkEveryMs * 0.9);
			if (overdue >= 1) scored.push([id, overdue]);
		}
		return scored.sort((a, b) => b[1] - a[1]).map(([id]) => id);
	}
}
