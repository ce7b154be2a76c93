import type { IDataObject, IRun } from 'n8n-workflow';

import {
	handoffItemJson,
	newHandoffChange,
	type HandoffChange,
} from '../../../nodes/MessagingService/handoff/change';
import { publishHandoff } from '../../../nodes/MessagingService/handoff/inProcess';
import type { ChatTriggerSession } from '../../harness/chatTrigger';

/** A hand-over as Hand Over to Person makes it (n8n's clock is the test's): an hour at most unless told. */
export function handOverChange(
	phone: string,
	options: { reason?: string; untilMs?: number; silenceMs?: number; at?: number } = {},
): HandoffChange {
	const at = options.at ?? Date.now();
	return newHandoffChange({
		phone,
		to: 'person',
		reason: options.reason ?? 'asked for a person',
		untilMs: options.untilMs ?? at + 3600_000,
		silenceMs: options.silenceMs ?? 0,
		at,
	});
}

export function handBackChange(phone: string, at = Date.now()): HandoffChange {
	return newHandoffChange({ phone, to: 'bot', at });
}

/** Channel 1: the change published in this process, as the operation run by an execution of the same n8n does. */
export function publish(session: ChatTriggerSession, change: HandoffChange): boolean {
	return publishHandoff(String(session.workflow.id), change);
}

/** A finished execution as n8n hands it to the done promise in regular mode: the run data of each node, by connection type. */
export function runWith(
	runData: Record<string, Array<{ data: Record<string, IDataObject[][]> }>>,
	metadata?: Record<string, string>,
): IRun {
	const asItems = Object.fromEntries(
		Object.entries(runData).map(([node, tasks]) => [
			node,
			tasks.map(({ data }) => ({
				startTime: 0,
				executionTime: 0,
				executionIndex: 0,
				source: [],
				data: Object.fromEntries(
					Object.entries(data).map(([type, outputs]) => [
						type,
						outputs.map((items) => items.map((json) => ({ json }))),
					]),
				),
			})),
		]),
	);
	return {
		data: { resultData: { runData: asItems, metadata } },
		mode: 'trigger',
		startedAt: new Date(),
		status: 'success',
		finished: true,
	} as unknown as IRun;
}

/** The output json of Hand Over to Person (what channel 2 finds in the run data). */
export function handOverOutput(change: HandoffChange): IDataObject {
	return handoffItemJson(change, { messageSent: false, reachedTrigger: false });
}

/** Every message text of a list of turns (one line each). */
export const textsOf = (turns: IDataObject[][]) =>
	turns.flatMap(([turn]) => String(turn.chatInput).split('\n'));
