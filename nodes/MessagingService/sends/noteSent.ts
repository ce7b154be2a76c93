import type { IExecuteFunctions, IPollFunctions, IRun, ITriggerFunctions } from 'n8n-workflow';

import { announceSent } from '../delivery/announce';
import type { UnitKind } from '../delivery/types';
import { noteChatSent } from '../helpers/chatsSent';
import { recordSentInExecution, sendsOfRun } from './customData';

/** The n8n ID of the node's Messaging Service credential ('' when it has none). */
export function credentialIdOf(
	context: IExecuteFunctions | IPollFunctions | ITriggerFunctions,
): string {
	return String(context.getNode().credentials?.messagingServiceApi?.id ?? '');
}

function tell(account: string, kind: UnitKind, id: string, phone?: string): void {
	if (kind === 'chatMessage') noteChatSent(account, id, phone);
	announceSent(account, kind, id, phone);
}

/**
 * A send by one of this package's actions, told to the triggers that read sends: those of this
 * process at once (channel 1), and the one that started this execution when it ends, from
 * whichever process ran it (channel 2, the execution's custom data).
 */
export function noteSent(
	context: IExecuteFunctions,
	itemIndex: number,
	account: string,
	kind: UnitKind,
	id: unknown,
	phone?: string,
): void {
	if (account === '' || id === undefined || id === null || id === '') return;
	tell(account, kind, String(id), phone);
	recordSentInExecution(context, itemIndex, {
		credentialId: credentialIdOf(context),
		kind,
		id: String(id),
		...(phone ? { phone } : {}),
	});
}

/**
 * The sends of an execution a trigger started, once it ended, told to this process's triggers as
 * if sent here; only those made with the trigger's own credential (the same account).
 */
export function takeSendsOfRun(run: IRun | undefined, account: string, credentialId: string): void {
	if (account === '') return;
	for (const send of sendsOfRun(run))
		if (send.credentialId === credentialId) tell(account, send.kind, send.id, send.phone);
}
