import type { IDataObject } from 'n8n-workflow';

import { savePiece } from '../../nodes/MessagingService/base/savedPiece';
import { MIRROR } from '../../nodes/MessagingService/handoff/mirror';

/**
 * A workflow's static data as the Chat Trigger leaves it for executions (its global part, key
 * `conversations`): it knows a conversation with each of `phones`, all with the bot (docs/chatbot.md,
 * Handoff). A node run on it may hand those phones over.
 */
export function knownConversations(phones: string[], zone = 'UTC'): IDataObject {
	const global: IDataObject = {};
	savePiece(global, MIRROR, { zone, phones: {}, known: phones.join(' ') });
	return { global };
}
