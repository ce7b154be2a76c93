/**
 * The Chat Trigger turn an execution began with, read from the trigger's output in this execution:
 * the one place that finds the Chat Trigger among a node's parents (by CHAT_TRIGGER_NODE_NAME).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isObject } from '../base/guards';
import { normalizePhone } from '../helpers/phone';
import { turnOfRun } from './processMemory';

/** The Chat Trigger's node type name (MessagingServiceChatTrigger.node.ts); n8n prefixes it with the package's name. */
export const CHAT_TRIGGER_NODE_NAME = 'messagingServiceChatTrigger';
const CHAT_TRIGGER_TYPE = new RegExp(`(^|\\.)${CHAT_TRIGGER_NODE_NAME}$`);
/** The Chat Trigger's Turns output: the executions that began as a bot turn. */
const TURNS = 0;
/** The Chat Trigger's outputs that carry a turn: Turns, Opt-Outs, To Person. */
const TURN_OUTPUTS = [0, 1, 2];

interface TriggerOutput {
	isExecuted: boolean;
	first(branchIndex?: number, runIndex?: number): { json?: IDataObject } | undefined;
}

interface Proxy {
	$(name: string): TriggerOutput;
}

/** The Chat Triggers among the parents of `roots` that ran in this execution (throws when this n8n cannot say). */
function executedChatTriggers(
	context: IExecuteFunctions,
	itemIndex: number,
	roots: string[],
): TriggerOutput[] {
	const names = new Set<string>();
	for (const root of roots) {
		for (const parent of context.getParentNodes(root, { connectionType: 'ALL' } as never)) {
			if (CHAT_TRIGGER_TYPE.test(parent.type)) names.add(parent.name);
		}
	}
	const proxy = context.getWorkflowDataProxy(itemIndex) as unknown as Proxy;
	return [...names].map((name) => proxy.$(name)).filter((node) => node.isExecuted);
}

/** The nodes whose parents may hold the Chat Trigger: this node, and (as an agent's tool) the agent that runs it. */
function roots(context: IExecuteFunctions): string[] {
	const names = [context.getNode().name];
	try {
		const source = context.getExecuteData().source?.main ?? [];
		for (const entry of source) if (entry?.previousNode) names.push(entry.previousNode);
	} catch {
		// no source (a first node): only this node
	}
	return names;
}

/**
 * The phones of the Chat Trigger turns this execution began with. In queue mode the trigger's copy
 * in the static data may be one turn behind (n8n saves it without waiting and loads it for the
 * execution): a customer's first turn is then known from the turn itself.
 */
export function phonesOfExecutionTurn(context: IExecuteFunctions, itemIndex: number): Set<string> {
	const phones = new Set<string>();
	try {
		for (const node of executedChatTriggers(context, itemIndex, roots(context))) {
			for (const output of TURN_OUTPUTS) {
				try {
					const json = node.first(output, 0)?.json;
					const phone = isObject(json) ? normalizePhone(json.sessionId) : undefined;
					if (phone) phones.add(phone);
				} catch {
					// nothing on this output
				}
			}
		}
	} catch {
		// this n8n cannot say: only the trigger's copy decides
	}
	return phones;
}

/** The bot turn an execution began with. */
export interface BotTurn {
	/** when it was emitted (epoch ms), when the trigger follows who holds the conversation */
	emittedAt: number | null;
	/** the phone, when the turn was emitted again after a stop and answered before it (chatTrigger/answeredTurns.ts) */
	answeredPhone: string | null;
}

/** The bot turn this execution began with (the Chat Trigger's Turns output), or null when it did not begin as one. */
export function botTurnOf(context: IExecuteFunctions, itemIndex: number): BotTurn | null {
	const known = turnOfRun.get(context);
	if (known !== undefined) return known;
	let turn: BotTurn | null = null;
	try {
		for (const node of executedChatTriggers(context, itemIndex, [context.getNode().name])) {
			const json = node.first(TURNS, 0)?.json;
			if (!json) continue;
			const conversation = json.conversation;
			const at =
				isObject(conversation) && conversation.holder === 'bot'
					? Date.parse(String(conversation.turnEmittedAt))
					: NaN;
			const answered = json.redelivered === true && json.alreadyAnswered === true;
			turn = {
				emittedAt: Number.isNaN(at) ? null : at,
				answeredPhone: answered ? (normalizePhone(json.sessionId) ?? null) : null,
			};
		}
	} catch {
		// no Chat Trigger ran in this execution (or this n8n cannot say): nothing to guard
		turn = null;
	}
	turnOfRun.set(context, turn);
	return turn;
}
