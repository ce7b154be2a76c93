import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isObject } from '../../base/guards';
import { normalizePhone } from '../../helpers/phone';

const CHAT_TRIGGER_TYPE = /(^|\.)messagingServiceChatTrigger$/;
/** The Chat Trigger's outputs that carry a turn: Turns, Opt-Outs, To Person. */
const TURN_OUTPUTS = [0, 1, 2];

interface Proxy {
	$(name: string): { isExecuted: boolean; first(branchIndex?: number, runIndex?: number): { json?: IDataObject } | undefined };
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
		const proxy = context.getWorkflowDataProxy(itemIndex) as unknown as Proxy;
		const triggers = new Set<string>();
		for (const root of roots(context)) {
			for (const parent of context.getParentNodes(root, { connectionType: 'ALL' } as never)) {
				if (CHAT_TRIGGER_TYPE.test(parent.type)) triggers.add(parent.name);
			}
		}
		for (const name of triggers) {
			const node = proxy.$(name);
			if (!node.isExecuted) continue;
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
