import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { announceHandoff, conversationStateOf, handoffItemJson, type HandoffChange } from '../../helpers/conversationHandoff';

/** What the output says when no Chat Trigger of this workflow runs in this n8n process (docs/chatbot.md, Handoff). */
export const NOT_REACHED_NOTE =
	'No Chat Trigger of this workflow runs in this n8n process (queue mode: this execution runs on a worker; multi-main: on a follower). The change reaches the trigger when this execution ends, if the trigger started it; otherwise only the time limits of the hand-over end it.';

/** The workflow's id and global static data, where the Chat Trigger keeps its copy of the state. */
export function workflowOf(context: IExecuteFunctions): { workflowId: string; globalStaticData: IDataObject } {
	return { workflowId: String(context.getWorkflow().id ?? ''), globalStaticData: context.getWorkflowStaticData('global') };
}

/**
 * Hands the change to the workflow's Chat Trigger (in this process, and with this execution's end)
 * and makes the output item that carries it. Not reaching the trigger here is said in the item and
 * in a warning, never silently.
 */
export function publishChange(context: IExecuteFunctions, itemIndex: number, change: HandoffChange, extra: IDataObject): IDataObject {
	const { workflowId, globalStaticData } = workflowOf(context);
	const { reachedTrigger, carriedByExecution } = announceHandoff(context, itemIndex, change);
	if (!reachedTrigger) {
		context.logger.warn(
			`Messaging Service "${context.getNode().name}": the conversation change ${change.id} (to ${change.to}) did not reach a Chat Trigger in this process. ${NOT_REACHED_NOTE}`,
		);
	}
	return handoffItemJson(change, {
		...extra,
		reachedTrigger,
		carriedByExecution,
		...(reachedTrigger ? {} : { reachedTriggerNote: NOT_REACHED_NOTE }),
		conversation: conversationStateOf(workflowId, globalStaticData, change.phone),
	});
}
