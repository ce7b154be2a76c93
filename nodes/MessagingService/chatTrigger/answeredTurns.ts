import { compareIds } from '../base/ids';
import { serviceTimeMs } from '../base/serviceTime';
import type { Burst } from './bursts';
import type { PhoneBook } from './phoneBook';

/** Creation times remembered, the newest kept. */
const MAX_KEPT = 5000;

function newestMailingOf(burst: Burst): string {
	return (
		[...burst.replies.values()]
			.map(({ mailingId }) => mailingId)
			.sort(compareIds)
			.at(-1) ?? ''
	);
}

function isRedelivered(burst: Burst): boolean {
	return [...burst.replies.values()].some(({ reply }) => reply.redelivered === true);
}

/**
 * A turn emitted again after a stop (its replies flagged `redelivered`) may have been answered
 * before n8n stopped. The bot's answer is a chat mailing to the phone newer than the mailings the
 * turn's replies answer, created after its latest reply (a later second): such a turn waits for the delivery
 * lists of the newer mailings found meanwhile (up to Max Wait), and its item then says
 * `alreadyAnswered: true`, which the late-answer guard reads (a bot's send for it is held back).
 */
export class AnsweredTurns {
	/** mailing → its creation (service time as ms) */
	private readonly created = new Map<string, number>();

	noteCreated(mailing: string, created: unknown): void {
		const ms = serviceTimeMs(created);
		if (ms === undefined) return;
		this.created.set(mailing, ms);
		if (this.created.size > MAX_KEPT) this.created.delete(this.created.keys().next().value!);
	}

	/** A redelivered turn waits while the phone of a mailing newer than its own is still to be found. */
	waitsForLookups(burst: Burst, book: Pick<PhoneBook, 'pendingLookups'>): boolean {
		if (!isRedelivered(burst)) return false;
		const newest = newestMailingOf(burst);
		return book.pendingLookups().some((id) => compareIds(id, newest) > 0);
	}

	/**
	 * Whether a redelivered turn's phone got a mailing after the turn: the answer sent before the
	 * stop. A mailing's time is its creation when found since the activation, else its time among
	 * the hot mailings of the saved reading state (its creation or a later reply); a mailing with
	 * neither is not taken for the answer (an answer given twice rather than none).
	 */
	wasAnswered(
		burst: Burst,
		book: Pick<PhoneBook, 'mailingsOf'>,
		hotAt: (mailing: string) => string | undefined,
	): boolean {
		if (!isRedelivered(burst)) return false;
		const newest = newestMailingOf(burst);
		const latestReplyMs = Math.max(
			...[...burst.replies.values()].map(
				({ reply }) => serviceTimeMs(reply.receivedAt) ?? Infinity,
			),
		);
		return book
			.mailingsOf(burst.sessionId)
			.some(
				(id) =>
					compareIds(id, newest) > 0 &&
					(this.created.get(id) ?? serviceTimeMs(hotAt(id)) ?? -Infinity) > latestReplyMs,
			);
	}
}
