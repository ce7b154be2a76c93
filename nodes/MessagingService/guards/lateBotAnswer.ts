/**
 * The late bot answer guard (issue 40): an execution that began as a bot turn of the Chat Trigger
 * does not send to a phone a person took over after that turn was emitted (or has now), so the
 * customer never gets a bot answer after the person's first answer. What the send sees is the
 * trigger's state as of the execution's start with the changes made in this process since
 * (handoff/view.ts); docs/chatbot.md states the bound in queue mode.
 * It holds back too a bot answer to a turn the trigger emitted again after a stop, when the
 * trigger found that turn answered before the stop (`alreadyAnswered`, chatTrigger/answeredTurns.ts).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { botTurnOf } from '../handoff/executionTurn';
import { workflowOf } from '../handoff/publish';
import { botMayAnswer, conversationStateOf } from '../handoff/view';

/** What the item outputs instead of sending. */
export type HeldBack = HandedOver | AlreadyAnswered;

interface HandedOver extends IDataObject {
	sent: false;
	reason: 'handedOver';
	phone: string;
	/** the conversation's holder now */
	holder: 'bot' | 'person';
	turnEmittedAt: string;
}

interface AlreadyAnswered extends IDataObject {
	sent: false;
	reason: 'alreadyAnswered';
	phone: string;
}

/** Undefined when the message may go; else what its item outputs instead. */
export function lateBotAnswer(
	context: IExecuteFunctions,
	itemIndex: number,
	phone: string,
): HeldBack | undefined {
	const turn = botTurnOf(context, itemIndex);
	if (turn === null) return undefined;
	if (turn.answeredPhone === phone) return { sent: false, reason: 'alreadyAnswered', phone };
	if (turn.emittedAt === null) return undefined;
	const { workflowId, globalStaticData } = workflowOf(context);
	if (botMayAnswer(workflowId, globalStaticData, phone, turn.emittedAt)) return undefined;
	const state = conversationStateOf(workflowId, globalStaticData, phone);
	return {
		sent: false,
		reason: 'handedOver',
		phone,
		holder: state.holder,
		turnEmittedAt: new Date(turn.emittedAt).toISOString(),
	};
}
