/**
 * The late bot answer guard (issue 40): an execution that began as a bot turn of the Chat Trigger
 * does not send to a phone a person took over after that turn was emitted (or has now), so the
 * customer never gets a bot answer after the person's first answer. What the send sees is the
 * trigger's state as of the execution's start with the changes made in this process since
 * (helpers/conversationHandoff.ts); docs/chatbot.md states the bound in queue mode.
 * It holds back too a bot answer to a turn the trigger emitted again after a stop, when the
 * trigger found that turn answered before the stop (`alreadyAnswered`, chatTrigger/answeredTurns.ts).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isObject } from '../../../base/guards';
import { botMayAnswer, conversationStateOf } from '../../../helpers/conversationHandoff';

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

const CHAT_TRIGGER_TYPE = /(^|\.)messagingServiceChatTrigger$/;
/** The Chat Trigger's Turns output: the executions that began as a bot turn. */
const TURNS = 0;

interface Proxy {
	$(name: string): { isExecuted: boolean; first(branchIndex?: number, runIndex?: number): { json?: IDataObject } | undefined };
}

interface BotTurn {
	/** when it was emitted (epoch ms), when the trigger follows who holds the conversation */
	emittedAt: number | null;
	/** the phone, when the turn was emitted again after a stop and answered before it */
	answeredPhone: string | null;
}

const turnOfRun = new WeakMap<IExecuteFunctions, BotTurn | null>();

/** The bot turn this execution began with, or null when it did not begin as one. */
function botTurnOf(context: IExecuteFunctions, itemIndex: number): BotTurn | null {
	const known = turnOfRun.get(context);
	if (known !== undefined) return known;
	let turn: BotTurn | null = null;
	try {
		const parents = context.getParentNodes(context.getNode().name, { connectionType: 'ALL' } as never);
		const proxy = context.getWorkflowDataProxy(itemIndex) as unknown as Proxy;
		for (const parent of parents) {
			if (!CHAT_TRIGGER_TYPE.test(parent.type)) continue;
			const node = proxy.$(parent.name);
			if (!node.isExecuted) continue;
			const json = node.first(TURNS, 0)?.json;
			if (!json) continue;
			const conversation = json.conversation;
			const at = isObject(conversation) && conversation.holder === 'bot' ? Date.parse(String(conversation.turnEmittedAt)) : NaN;
			turn = { emittedAt: Number.isNaN(at) ? null : at, answeredPhone: json.redelivered === true && json.alreadyAnswered === true ? String(json.sessionId) : null };
		}
	} catch {
		// no Chat Trigger ran in this execution (or this n8n cannot say): nothing to guard
		turn = null;
	}
	turnOfRun.set(context, turn);
	return turn;
}

/** Undefined when the message may go; else what its item outputs instead. */
export function lateBotAnswer(context: IExecuteFunctions, itemIndex: number, phone: string): HeldBack | undefined {
	const turn = botTurnOf(context, itemIndex);
	if (turn === null) return undefined;
	if (turn.answeredPhone === phone) return { sent: false, reason: 'alreadyAnswered', phone };
	if (turn.emittedAt === null) return undefined;
	const workflowId = String(context.getWorkflow().id ?? '');
	const globalStaticData = context.getWorkflowStaticData('global');
	if (botMayAnswer(workflowId, globalStaticData, phone, turn.emittedAt)) return undefined;
	const state = conversationStateOf(workflowId, globalStaticData, phone);
	return { sent: false, reason: 'handedOver', phone, holder: state.holder, turnEmittedAt: new Date(turn.emittedAt).toISOString() };
}
