/**
 * Channel 1 of a handoff change (docs/chatbot.md, Handoff): the hop from the action node to the
 * Chat Trigger of the same workflow in this n8n process, through module-level state
 * (processMemory.ts): the open inboxes of the Chat Triggers and the changes published lately, both
 * keyed by workflow ID.
 */
import type { HandoffChange } from './change';
import type { HandoffMirror } from './mirror';
import { inboxes, published } from './processMemory';

/** A Chat Trigger of this process: takes changes (applied at its next tick) and shows its live state. */
export interface HandoffInbox {
	take(change: HandoffChange): void;
	/** the trigger's state as of its last tick (changes published since are added by the view) */
	view(): HandoffMirror;
}

const PUBLISHED_KEPT_MS = 10 * 60_000;
const PUBLISHED_MAX = 2000;

function remember(workflowId: string, change: HandoffChange): void {
	const changes = published.get(workflowId) ?? new Map<string, HandoffChange>();
	changes.set(change.id, change);
	const now = Date.now();
	for (const [id, old] of changes)
		if (now - old.at > PUBLISHED_KEPT_MS || changes.size > PUBLISHED_MAX) changes.delete(id);
	published.set(workflowId, changes);
}

/** Channel 1: true when a Chat Trigger of this workflow runs in this process and took the change. */
export function publishHandoff(workflowId: string, change: HandoffChange): boolean {
	remember(workflowId, change);
	const open = inboxes.get(String(workflowId));
	if (!open || open.size === 0) return false;
	for (const inbox of open) inbox.take(change);
	return true;
}

/** The Chat Trigger's side of channel 1; returns the function that closes the inbox. */
export function openHandoffInbox(workflowId: string, inbox: HandoffInbox): () => void {
	const key = String(workflowId);
	const open = inboxes.get(key) ?? new Set<HandoffInbox>();
	open.add(inbox);
	inboxes.set(key, open);
	return () => {
		open.delete(inbox);
		if (open.size === 0 && inboxes.get(key) === open) inboxes.delete(key);
	};
}

/** Whether a Chat Trigger of this workflow runs in this process. */
export function triggerRunsHere(workflowId: string): boolean {
	return (inboxes.get(String(workflowId))?.size ?? 0) > 0;
}

/** The live state of this workflow's Chat Trigger in this process, if one runs here. */
export function liveMirror(workflowId: string): HandoffMirror | undefined {
	const open = inboxes.get(String(workflowId));
	return open && open.size > 0 ? [...open][0].view() : undefined;
}

/** The changes published in this process lately for this workflow. */
export function publishedChanges(workflowId: string): HandoffChange[] {
	return [...(published.get(String(workflowId))?.values() ?? [])];
}
