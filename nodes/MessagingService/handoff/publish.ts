import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { handoffItemJson, type HandoffChange } from './change';
import { recordHandoffInExecution } from './executionData';
import { publishHandoff } from './inProcess';
import { conversationStateOf } from './view';

/** What the output says when no Chat Trigger of this workflow runs in this n8n process (docs/chatbot.md, Handoff). */
export const NOT_REACHED_NOTE =
	'No Chat Trigger of this workflow runs in this n8n process (queue mode: this execution runs on a worker; multi-main: on a follower). The change reaches the trigger when this execution ends, if the trigger started it; otherwise only the time limits of the hand-over end it.';

/** The workflow's id and global static data, where the Chat Trigger keeps its copy of the state. */
export function workflowOf(context: IExecuteFunctions): {
	workflowId: string;
	globalStaticData: IDataObject;
} {
	return {
		workflowId: String(context.getWorkflow().id ?? ''),
		globalStaticData: context.getWorkflowStaticData('global'),
	};
}

/**
 * What Hand Over / Hand Back call once per change: channel 1 (a Chat Trigger of this workflow in
 * this process takes it at its next tick) and channel 2 (the execution's custom data, read by the
 * trigger when the execution it started ends). `reachedTrigger`: channel 1 took it;
 * `carriedByExecution`: channel 2 will, if the Chat Trigger started this execution.
 */
function announceHandoff(
	context: IExecuteFunctions,
	itemIndex: number,
	change: HandoffChange,
): { reachedTrigger: boolean; carriedByExecution: boolean } {
	const carriedByExecution = recordHandoffInExecution(context, itemIndex, change);
	const reachedTrigger = publishHandoff(String(context.getWorkflow().id ?? ''), change);
	return { reachedTrigger, carriedByExecution };
}

/**
 * Hands the change to the workflow's Chat Trigger (in this process, and with this execution's end)
 * and makes the output item that carries it. Not reaching the trigger here is said in the item and
 * in a warning, never silently.
 */
export function publishChange(
	context: IExecuteFunctions,
	itemIndex: number,
	change: HandoffChange,
	extra: IDataObject,
): IDataObject {
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
