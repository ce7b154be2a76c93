import type { INodeExecutionData } from 'n8n-workflow';

import { combineByConversation, replyItem } from '../replies/items';
import { compareReplies, type Reply } from '../replies/reply';

/** A customer's messages held until they stop typing: one turn. */
export interface Burst {
	sessionId: string;
	/** by reply ID, in the order they were found */
	replies: Map<string, { reply: Reply; mailingId: string }>;
	/** when the trigger found the first of them (n8n's clock) */
	firstAt: number;
	/** the latest moment the customer may have written the latest of them (n8n's clock, see WrittenAt) */
	writtenAt: number;
}

/** Mailings of a conversation where an earlier message may still be unread (a turn waits for their read). */
export type WaitFor = (sessionId: string) => string[];

function mailingsOf(burst: Burst, alsoWaitFor: WaitFor): string[] {
	return [
		...new Set([
			...[...burst.replies.values()].map(({ mailingId }) => mailingId),
			...alsoWaitFor(burst.sessionId),
		]),
	];
}

/**
 * The turns being held, per conversation (phone). They live in the trigger's memory only: their
 * replies stay unread on the service until the turn is emitted, so a restart that loses this
 * finds them again.
 */
export class Bursts {
	private readonly bySession = new Map<string, Burst>();

	get size(): number {
		return this.bySession.size;
	}

	hold(sessionId: string, reply: Reply, mailingId: string, now: number, writtenAt: number): void {
		let burst = this.bySession.get(sessionId);
		if (!burst) {
			burst = { sessionId, replies: new Map(), firstAt: now, writtenAt };
			this.bySession.set(sessionId, burst);
		}
		burst.replies.set(reply.id, { reply, mailingId });
		burst.writtenAt = Math.max(burst.writtenAt, writtenAt);
	}

	/** The mailings whose read now may end a turn: read last before its quiet window was over, which it now is. */
	toConfirm(
		now: number,
		quietMs: number,
		readAt: (mailingId: string) => number | undefined,
		alsoWaitFor: WaitFor,
	): string[] {
		const ids = new Set<string>();
		for (const burst of this.bySession.values()) {
			if (now < burst.writtenAt + quietMs) continue;
			for (const mailingId of mailingsOf(burst, alsoWaitFor))
				if ((readAt(mailingId) ?? -Infinity) < burst.writtenAt + quietMs) ids.add(mailingId);
		}
		return [...ids];
	}

	/**
	 * Takes out the turns that are over: the customer has been silent for `quietMs` (every
	 * mailing of the turn, and those `alsoWaitFor` names for its phone, was read at least `quietMs`
	 * after its latest message was written, and had nothing new) and nothing it `waitsFor` is left,
	 * or the first message was found `maxWaitMs` ago.
	 */
	takeFinished(
		now: number,
		{ quietMs, maxWaitMs }: { quietMs: number; maxWaitMs: number },
		readAt: (mailingId: string) => number | undefined,
		alsoWaitFor: WaitFor,
		waitsFor: (burst: Burst) => boolean = () => false,
	): Burst[] {
		const finished: Burst[] = [];
		for (const burst of this.bySession.values()) {
			const silent = mailingsOf(burst, alsoWaitFor).every(
				(id) => (readAt(id) ?? -Infinity) >= burst.writtenAt + quietMs,
			);
			if ((silent && !waitsFor(burst)) || now - burst.firstAt >= maxWaitMs) finished.push(burst);
		}
		for (const burst of finished) this.bySession.delete(burst.sessionId);
		return finished;
	}
}

/** The turn's one item: its replies in order, combined (replies/items.ts). */
export function turnItemOf(burst: Burst, zone: string): INodeExecutionData {
	const items = [...burst.replies.values()]
		.sort((a, b) => compareReplies(a.reply, b.reply))
		.map(({ reply, mailingId }) => replyItem(reply, { id: mailingId }, zone));
	return combineByConversation(items)[0];
}
