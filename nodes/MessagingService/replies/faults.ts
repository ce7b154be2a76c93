import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isRefusal } from '../transport/errors';

/**
 * Mailings whose replies could not be read. One such mailing never holds up the others: it is
 * skipped, tried again after 1, 2, 4, 8 and then every MAX_BACKOFF_POLLS polls, and reported to
 * the user once (an error execution) when it fails REPORT_AFTER times in a row; its replies stay
 * unread on the service meanwhile, so nothing is lost. A mailing the service says does not exist
 * is no longer read at all.
 */
export const MAX_BACKOFF_POLLS = 16;
/** A single failure is often a passing fault: it is reported from the second one in a row. */
export const REPORT_AFTER = 2;
/** Faults remembered; past this the longest-failing are forgotten (read again as new). */
export const MAX_FAULTS = 200;

export interface MailingFault {
	/** failed reads in a row */
	failures: number;
	/** the round (ReadingState.rounds) from which it is read again */
	retryAt: number;
	/** the service says the mailing does not exist: not read again while it is watched */
	gone?: boolean;
	/** the last failure, in the user's words */
	reason: string;
	/** the user was told (an error execution) */
	reported?: boolean;
}

export type Faults = Record<string, MailingFault>;

export type ReadFailure = 'failed' | 'gone' | 'rateLimited';

/** How the service says a mailing is not there (404, or a refusal that says so). */
const NOT_THERE =
	/not found|no longer|does ?n[o']t exist|not exist|no such|unknown|deleted|not a chat mailing/i;

export function classifyReadError(error: unknown): ReadFailure {
	const code = error instanceof NodeApiError ? error.httpCode : undefined;
	if (code === '429') return 'rateLimited';
	const message = error instanceof Error ? error.message : '';
	if ((code === '404' || code === '406' || isRefusal(error)) && NOT_THERE.test(message))
		return 'gone';
	return 'failed';
}

/** Whether the mailing is read this poll. */
export function isDue(faults: Faults | undefined, id: string, poll: number): boolean {
	const fault = faults?.[id];
	return fault === undefined || (!fault.gone && poll >= fault.retryAt);
}

export function noteFailure(
	faults: Faults,
	id: string,
	failure: 'failed' | 'gone',
	reason: string,
	poll: number,
): void {
	const fault = faults[id] ?? { failures: 0, retryAt: poll, reason };
	fault.failures++;
	fault.reason = reason;
	fault.retryAt = poll + Math.min(MAX_BACKOFF_POLLS, 2 ** (fault.failures - 1));
	if (failure === 'gone' && !fault.gone) {
		fault.gone = true;
		fault.reported = false;
	}
	// the newest faults last, so that trimming forgets the longest-failing
	delete faults[id];
	faults[id] = fault;
	const ids = Object.keys(faults);
	for (const old of ids.slice(0, Math.max(0, ids.length - MAX_FAULTS))) delete faults[old];
}

/** The faults the user has not been told about yet and should be. */
export function unreported(faults: Faults): Array<[string, MailingFault]> {
	return Object.entries(faults).filter(
		([, fault]) => !fault.reported && (fault.gone || fault.failures >= REPORT_AFTER),
	);
}

function line(id: string, fault: MailingFault): string {
	return fault.gone
		? `mailing ${id} no longer exists on the service, so it is no longer read (${fault.reason})`
		: `mailing ${id} could not be read ${fault.failures} times in a row (${fault.reason})`;
}

/** One error that tells the user about these faults (and marks them told). */
export function faultReport(
	node: INode,
	entries: Array<[string, MailingFault]>,
): NodeOperationError {
	for (const [, fault] of entries) fault.reported = true;
	const shown = entries.slice(0, 5).map(([id, fault]) => line(id, fault));
	const more = entries.length > shown.length ? `; and ${entries.length - shown.length} more` : '';
	const message =
		entries.length === 1
			? `Replies to a watched mailing are not coming in: ${shown[0]}`
			: `Replies to ${entries.length} watched mailings are not coming in: ${shown.join('; ')}${more}`;
	return new NodeOperationError(node, message, {
		description:
			"Every other watched mailing was read as usual and its replies were output. A mailing that cannot be read is tried again after 1, 2, 4, 8 and then every 16 polls; its replies stay unread on the service meanwhile and are output once it can be read. A mailing that no longer exists is no longer read: remove it from Mailings. This is reported once per mailing; n8n's log has every try.",
	});
}
