import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

/** POSTs JSON to a URL of this n8n (its waiting webhook); the HTTP status, 0 when nothing answered. */
export type ResumePost = (
	url: string,
	body: IDataObject,
) => Promise<{ status: number; body: string }>;

/** What the resumed node reads from the POST's body (replyWait/webhook.ts). */
export const ANSWERS_KEY = 'messagingServiceReplies';

/** A POST that found the execution still running (not saved as waiting yet) is tried again this often... */
const RUNNING_RETRY_MS = 2_000;
/** ...and nothing answering, this often, until the limit plus n8n's own timer's margin. */
const UNREACHABLE_RETRY_MS = 5_000;
export const TIMER_MARGIN_MS = 2 * 60_000;
const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/**
 * Resumes the waiting execution with the answers: true once n8n took them. n8n answers 409 for an
 * execution running (not saved as waiting yet: tried again) or finished (resumed already by its
 * timer or another desk: false), 404 for one deleted, 401 for a wrong token.
 */
export async function postAnswers(
	io: { post: ResumePost; warn(message: string): void },
	url: string,
	answers: IDataObject[],
	untilMs: number,
): Promise<boolean> {
	// an execution without a limit is given a day of tries, like one whose limit has come
	const giveUpAt = Math.min(untilMs, Date.now() + GIVE_UP_AFTER_MS) + TIMER_MARGIN_MS;
	let toldUnreachable = false;
	for (;;) {
		const { status, body } = await io.post(url, { [ANSWERS_KEY]: answers });
		if (status >= 200 && status < 300) return true;
		const running = status === 409 && /running/i.test(body);
		if (status === 0 && !toldUnreachable) {
			toldUnreachable = true;
			// the origin only: the rest of the URL holds the execution's resume token
			io.warn(
				`Messaging Service: n8n's waiting webhook at ${new URL(url).origin} does not answer; a waiting execution is resumed when it does (in queue mode, WEBHOOK_URL must reach main)`,
			);
		}
		if ((status !== 0 && !running) || Date.now() >= giveUpAt) {
			if (status !== 409)
				io.warn(
					`Messaging Service: a waiting execution could not be resumed with its replies (HTTP ${status}); they stay unread for the triggers`,
				);
			return false;
		}
		await sleep(running ? RUNNING_RETRY_MS : UNREACHABLE_RETRY_MS);
	}
}
