import type { IDataObject, IExecuteFunctions, Logger } from 'n8n-workflow';

import { conversationStateOf, handoffItemJson, publishHandoff, type HandoffChange } from '../../helpers/conversationHandoff';

/** What the output says when no Chat Trigger of this workflow runs in this n8n process (docs/chatbot.md, Handoff). */
export const NOT_REACHED_NOTE =
	'No Chat Trigger of this workflow runs in this n8n process (queue mode: this execution ran on a worker; multi-main: on a follower). The change reaches the trigger when this execution ends, if the trigger started it; otherwise only the time limits of the hand-over end it.';

/**
 * Hands the change to the workflow's Chat Trigger (in this process, channel 1) and makes the
 * output item that carries it to the trigger from elsewhere (channel 2). Not reaching the trigger
 * here is said in the item and in a warning, never silently.
 */
export function publishChange(
	logger: Logger,
	workflowId: string,
	globalStaticData: IDataObject,
	change: HandoffChange,
	extra: IDataObject,
	nodeName: string,
): IDataObject {
	const reachedTrigger = publishHandoff(workflowId, change);
	if (!reachedTrigger) {
		logger.warn(`Messaging Service "${nodeName}": the conversation change ${change.id} (to ${change.to}) did not reach a Chat Trigger in this process. ${NOT_REACHED_NOTE}`);
	}
	return handoffItemJson(change, {
		...extra,
		reachedTrigger,
		...(reachedTrigger ? {} : { reachedTriggerNote: NOT_REACHED_NOTE }),
		conversation: conversationStateOf(workflowId, globalStaticData, change.phone),
	});
}

/** The workflow's id and global static data, where the Chat Trigger keeps its copy of the state. */
export function workflowOf(context: IExecuteFunctions): { workflowId: string; globalStaticData: IDataObject } {
	return { workflowId: String(context.getWorkflow().id ?? ''), globalStaticData: context.getWorkflowStaticData('global') };
}
