import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { handoffItemJson, newHandoffChange } from './change';
import { publishHandoff } from './inProcess';

/**
 * "Hand back to the bot" chosen on the page: the change goes to the Chat Trigger of this workflow
 * from the n8n process that received the POST (channel 3 of docs/chatbot.md, Handoff). The
 * output's `data` says it was chosen, and whether a trigger in this process took it.
 */
export function handBackFromPage(context: IWebhookFunctions, phone: string): IDataObject {
	const change = newHandoffChange({ phone, to: 'bot' });
	const reachedTrigger = publishHandoff(String(context.getWorkflow().id ?? ''), change);
	if (!reachedTrigger) {
		context.logger.warn(
			`Messaging Service "${context.getNode().name}": "Hand back to the bot" was chosen on the page, but no Chat Trigger of this workflow runs in the n8n process that received it (multi-main: a follower); the hand-over ends only at its time limits. Change ${change.id}.`,
		);
	}
	return { handedBack: true, handBack: handoffItemJson(change, { reachedTrigger }) };
}
