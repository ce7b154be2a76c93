/** How long a question an execution of another process waits on is claimed at most (one without a limit). */
const ELSEWHERE_MAX_MS = 7 * 86_400_000;
/** How long the replies given to an execution stay claimed: a trigger that read them before they were marked leaves them. */
const GIVEN_FOR_MS = 10 * 60_000;

/**
 * The replies a desk claims beyond those of its own waits: the questions executions of another
 * process wait on (customData.ts), until their limit, and the replies given to executions lately.
 */
export class Claims {
	/** `phone:mailing` → until when */
	private readonly elsewhere = new Map<string, number>();
	/** `phone:reply ID` → when given */
	private readonly given = new Map<string, number>();

	waitedElsewhere(phone: string, mailingId: string, untilMs: number, now: number): void {
		this.elsewhere.set(`${phone}:${mailingId}`, Math.min(untilMs, now + ELSEWHERE_MAX_MS));
	}

	givenTo(phone: string, replyIds: string[], now: number): void {
		for (const id of replyIds) this.given.set(`${phone}:${id}`, now);
	}

	has(phone: string | undefined, mailingId: string, replyId: string, now: number): boolean {
		return (
			this.given.has(`${phone}:${replyId}`) ||
			(this.elsewhere.get(`${phone}:${mailingId}`) ?? 0) > now
		);
	}

	forget(now: number): void {
		for (const [key, until] of this.elsewhere) if (until <= now) this.elsewhere.delete(key);
		for (const [key, at] of this.given) if (now - at > GIVEN_FOR_MS) this.given.delete(key);
	}
}
