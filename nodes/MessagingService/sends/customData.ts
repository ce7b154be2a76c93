/**
 * Channel 2 of a send (sends/README.md): the execution that sent carries what it sent to the
 * trigger of this package that started it, in its custom data, which n8n hands back with the
 * finished run in every mode (in queue mode, from the worker). One key, compact JSON, newest last,
 * within CUSTOM_DATA_VALUE_MAX characters; older sends that do not fit are dropped (the trigger then
 * reads as it would without them).
 */
import type { IExecuteFunctions, IRun } from 'n8n-workflow';

import { CUSTOM_DATA_VALUE_MAX, customDataOf, jsonArrayOf } from '../base/customData';
import type { UnitKind } from '../delivery/types';

export const SENT_CUSTOM_DATA_KEY = 'messagingServiceSent';

const KIND_CODES: Record<UnitKind, string> = {
	chatMessage: 'c',
	chatMailing: 'C',
	sms: 's',
	smsMailing: 'S',
};
const KINDS = Object.fromEntries(
	Object.entries(KIND_CODES).map(([kind, code]) => [code, kind as UnitKind]),
);

/** A send as an execution carries it: which credential sent it (its n8n ID), what, and to whom. */
export interface CarriedSend {
	credentialId: string;
	kind: UnitKind;
	id: string;
	phone?: string;
	/** sent by an execution that began as a bot turn: the bot's answer, never a person's (handoff/desk.ts) */
	byBot?: true;
}

type Compact = [credentialId: string, kind: string, id: string, phone?: string, byBot?: 1];

function compact(send: CarriedSend): Compact {
	const entry: Compact = [send.credentialId, KIND_CODES[send.kind], send.id];
	if (send.phone || send.byBot) entry.push(send.phone ?? '');
	if (send.byBot) entry.push(1);
	return entry;
}

function expand(raw: unknown): CarriedSend | undefined {
	if (!Array.isArray(raw)) return undefined;
	const [credentialId, code, id, phone, byBot] = raw as unknown[];
	const kind = typeof code === 'string' ? KINDS[code] : undefined;
	if (typeof credentialId !== 'string' || kind === undefined) return undefined;
	if (typeof id !== 'string' || id === '') return undefined;
	return {
		credentialId,
		kind,
		id,
		...(typeof phone === 'string' && phone ? { phone } : {}),
		...(byBot === 1 ? { byBot: true as const } : {}),
	};
}

/** The sends a custom data value carries. */
export function sendsOfCustomData(value: unknown): CarriedSend[] {
	return jsonArrayOf(value)
		.map(expand)
		.filter((send): send is CarriedSend => send !== undefined);
}

/** The custom data value with `send` added, the oldest dropped while it is too long. */
export function sentCustomDataValue(previous: string | undefined, send: CarriedSend): string {
	const sends = [...sendsOfCustomData(previous), send].map(compact);
	while (sends.length > 1 && JSON.stringify(sends).length > CUSTOM_DATA_VALUE_MAX) sends.shift();
	return JSON.stringify(sends);
}

/** Writes the send into the running execution's custom data; nothing where n8n offers none. */
export function recordSentInExecution(
	context: IExecuteFunctions,
	itemIndex: number,
	send: CarriedSend,
): void {
	const customData = customDataOf(context, itemIndex);
	if (!customData) return;
	try {
		customData.set(
			SENT_CUSTOM_DATA_KEY,
			sentCustomDataValue(customData.get(SENT_CUSTOM_DATA_KEY), send),
		);
	} catch {
		// n8n refused the value (a limit of a later version): the trigger reads as without it
	}
}

/** The sends a finished execution carries (`IRun.data.resultData.metadata`). */
export function sendsOfRun(run: IRun | undefined): CarriedSend[] {
	return sendsOfCustomData(run?.data?.resultData?.metadata?.[SENT_CUSTOM_DATA_KEY]);
}
