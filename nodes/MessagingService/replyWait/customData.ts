/**
 * A wait as its execution carries it to the trigger that started it (the channel of the sends,
 * sends/customData.ts): n8n hands the custom data back when the execution goes waiting, in queue
 * mode from the worker. The trigger's process then knows which replies are the execution's, while
 * the worker's reply desk reads them. Compact JSON within CUSTOM_DATA_VALUE_MAX characters: the
 * questions that do not fit are not carried (their replies may then become turns there too).
 */
import type { IExecuteFunctions, IRun } from 'n8n-workflow';

import { CUSTOM_DATA_VALUE_MAX, customDataOf, jsonArrayOf } from '../base/customData';

export const WAITS_CUSTOM_DATA_KEY = 'messagingServiceWaits';

/** A question an execution waits on: with which credential (its n8n ID), to whom, which mailing, until when (ms; Infinity: no limit). */
export interface CarriedWait {
	credentialId: string;
	phone: string;
	mailingId: string;
	untilMs: number;
}

type Compact = [credentialId: string, phone: string, mailingId: string, untilSeconds: number];

function expand(raw: unknown): CarriedWait | undefined {
	if (!Array.isArray(raw)) return undefined;
	const [credentialId, phone, mailingId, untilSeconds] = raw as unknown[];
	if (typeof credentialId !== 'string' || typeof phone !== 'string' || phone === '')
		return undefined;
	if (typeof mailingId !== 'string' || mailingId === '' || typeof untilSeconds !== 'number')
		return undefined;
	return {
		credentialId,
		phone,
		mailingId,
		untilMs: untilSeconds > 0 ? untilSeconds * 1000 : Infinity,
	};
}

/** Writes the execution's questions into its custom data, as many as fit; nothing where n8n offers none. */
export function recordWaitsInExecution(context: IExecuteFunctions, waits: CarriedWait[]): void {
	const customData = customDataOf(context, 0);
	if (!customData || waits.length === 0) return;
	const entries: Compact[] = [];
	for (const wait of waits) {
		const until = Number.isFinite(wait.untilMs) ? Math.ceil(wait.untilMs / 1000) : 0;
		const next = [...entries, [wait.credentialId, wait.phone, wait.mailingId, until] as Compact];
		if (JSON.stringify(next).length > CUSTOM_DATA_VALUE_MAX) break;
		entries.push(next[next.length - 1]);
	}
	try {
		customData.set(WAITS_CUSTOM_DATA_KEY, JSON.stringify(entries));
	} catch {
		// n8n refused the value (a limit of a later version): the trigger's process does not know the wait
	}
}

/** The questions a run carries (`IRun.data.resultData.metadata`). */
export function waitsOfRun(run: IRun | undefined): CarriedWait[] {
	return jsonArrayOf(run?.data?.resultData?.metadata?.[WAITS_CUSTOM_DATA_KEY])
		.map(expand)
		.filter((wait): wait is CarriedWait => wait !== undefined);
}
