import type { IExecuteFunctions, IPollFunctions, IRun, ITriggerFunctions } from 'n8n-workflow';

import { announceSent } from '../delivery/announce';
import type { UnitKind } from '../delivery/types';
import { noteChatSent } from '../helpers/chatsSent';
import { noteMailingToWaitedPhone } from '../replyWait/registry';
import { botTurnOf } from '../handoff/executionTurn';
import { recordSentInExecution, sendsOfRun, type CarriedSend } from './customData';

/** The n8n ID of the node's Messaging Service credential ('' when it has none). */
export function credentialIdOf(
	context: IExecuteFunctions | IPollFunctions | ITriggerFunctions,
): string {
	return String(context.getNode().credentials?.messagingServiceApi?.id ?? '');
}

function tell(send: Omit<CarriedSend, 'credentialId'>, account: string): void {
	if (send.kind === 'chatMessage') {
		noteChatSent(account, send.id, send.phone, send.byBot === true);
		if (send.phone) noteMailingToWaitedPhone(account, send.phone, send.id);
	}
	announceSent(account, send.kind, send.id, send.phone);
}

/**
 * The bot's answer: Chat Message > Send (or Send and Wait) in an execution that began as a bot
 * turn. The messages of Hand Over and Hand Back are on the person's side (docs/chatbot.md, Handoff).
 */
function sentByBot(context: IExecuteFunctions, itemIndex: number, kind: UnitKind): boolean {
	// the bot turn first: it is read once per run, while getNode() copies the node at every call
	return (
		kind === 'chatMessage' &&
		botTurnOf(context, itemIndex) !== null &&
		context.getNode().parameters.resource === 'chatMessage'
	);
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
	const send = {
		kind,
		id: String(id),
		...(phone ? { phone } : {}),
		...(sentByBot(context, itemIndex, kind) ? { byBot: true as const } : {}),
	};
	tell(send, account);
	recordSentInExecution(context, itemIndex, { credentialId: credentialIdOf(context), ...send });
}

/**
 * The sends of an execution a trigger started, once it ended, told to this process's triggers as
 * if sent here; only those made with the trigger's own credential (the same account). Returns them.
 */
export function takeSendsOfRun(
	run: IRun | undefined,
	account: string,
	credentialId: string,
): CarriedSend[] {
	if (account === '') return [];
	const sends = sendsOfRun(run).filter((send) => send.credentialId === credentialId);
	for (const send of sends) tell(send, account);
	return sends;
}
