/**
 * The late bot answer guard (issue 40): an execution that began as a bot turn of the Chat Trigger
 * does not send to a phone a person took over after that turn was emitted (or has now), so the
 * customer never gets a bot answer after the person's first answer. What the send sees is the
 * trigger's state as of the execution's start with the changes made in this process since
 * (helpers/conversationHandoff.ts); docs/chatbot.md states the bound in queue mode.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isObject } from '../../../base/guards';
import { botMayAnswer, conversationStateOf } from '../../../helpers/conversationHandoff';

/** What the item outputs instead of sending. */
export interface HeldBack extends IDataObject {
	sent: false;
	reason: 'handedOver';
	phone: string;
	/** the conversation's holder now */
	holder: 'bot' | 'person';
	turnEmittedAt: string;
}

const CHAT_TRIGGER_TYPE = /(^|\.)messagingServiceChatTrigger$/;
/** The Chat Trigger's Turns output: the executions that began as a bot turn. */
const TURNS = 0;

interface Proxy {
	$(name: string): { isExecuted: boolean; first(branchIndex?: number, runIndex?: number): { json?: IDataObject } | undefined };
}

const emittedAtOfRun = new WeakMap<IExecuteFunctions, number | null>();

/** When the bot turn this execution began with was emitted (epoch ms), or null when it did not begin as one. */
function botTurnEmittedAt(context: IExecuteFunctions, itemIndex: number): number | null {
	const known = emittedAtOfRun.get(context);
	if (known !== undefined) return known;
	let emittedAt: number | null = null;
	try {
		const parents = context.getParentNodes(context.getNode().name, { connectionType: 'ALL' } as never);
		const proxy = context.getWorkflowDataProxy(itemIndex) as unknown as Proxy;
		for (const parent of parents) {
			if (!CHAT_TRIGGER_TYPE.test(parent.type)) continue;
			const node = proxy.$(parent.name);
			if (!node.isExecuted) continue;
			const conversation = node.first(TURNS, 0)?.json?.conversation;
			if (!isObject(conversation) || conversation.holder !== 'bot') continue;
			const at = Date.parse(String(conversation.turnEmittedAt));
			if (!Number.isNaN(at)) emittedAt = at;
		}
	} catch {
		// no Chat Trigger ran in this execution (or this n8n cannot say): nothing to guard
		emittedAt = null;
	}
	emittedAtOfRun.set(context, emittedAt);
	return emittedAt;
}

/** Undefined when the message may go; else what its item outputs instead. */
export function lateBotAnswer(context: IExecuteFunctions, itemIndex: number, phone: string): HeldBack | undefined {
	const emittedAt = botTurnEmittedAt(context, itemIndex);
	if (emittedAt === null) return undefined;
	const workflowId = String(context.getWorkflow().id ?? '');
	const globalStaticData = context.getWorkflowStaticData('global');
	if (botMayAnswer(workflowId, globalStaticData, phone, emittedAt)) return undefined;
	const state = conversationStateOf(workflowId, globalStaticData, phone);
	return { sent: false, reason: 'handedOver', phone, holder: state.holder, turnEmittedAt: new Date(emittedAt).toISOString() };
}
