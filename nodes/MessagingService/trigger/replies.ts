import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { ApiClient } from '../transport/client';
import { mailingSummary, type WatchedMailing } from './mailings';
import { serviceTimeToIsoWithOffset } from '../base/serviceTime';
import { type SeenReply } from './state';
import { chatInputOf, sessionIdOf } from './conversation';
import { compareIds } from '../base/ids';

/** A reply as the service returns it, with its ID and time as text. */
export interface Reply {
	id: string;
	receivedAt: string;
	record: IDataObject;
}

export function asSeen(reply: Reply): SeenReply {
	return [reply.id, reply.receivedAt];
}

/** Oldest first; the same second by ID. */
export function compareReplies(a: Reply, b: Reply): number {
	if (a.receivedAt !== b.receivedAt) return a.receivedAt < b.receivedAt ? -1 : 1;
	return compareIds(a.id, b.id);
}

/** The unread replies to one mailing (getNewIncomingMessages), oldest first. */
export async function unreadReplies(client: ApiClient, mailingId: string): Promise<Reply[]> {
	const records = await client.many('getNewIncomingMessages', { message_id: mailingId });
	return records
		.filter((record) => record.id !== undefined && record.id !== null && record.id !== '')
		.map((record) => ({
			id: String(record.id),
			receivedAt: typeof record.d_receiver === 'string' ? record.d_receiver : '',
			record,
		}))
		.sort(compareReplies);
}

/**
 * One output item: the reply, its time as ISO with the service zone's offset, the mailing it
 * answers, and the two fields n8n's AI Agent and chat memory nodes read by default:
 * `sessionId` (the conversation: the phone) and `chatInput` (the text).
 */
export function replyItem(reply: Reply, mailing: WatchedMailing, zone: string): INodeExecutionData {
	const { record } = reply;
	return {
		json: {
			...record,
			receivedAt: serviceTimeToIsoWithOffset(record.d_receiver, zone) ?? null,
			mailing: mailingSummary(mailing),
			sessionId: sessionIdOf(record),
			chatInput: chatInputOf(record),
		},
	};
}
