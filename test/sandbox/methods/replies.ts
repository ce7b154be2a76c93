import type { z } from 'zod';
import type * as contract from '../contract/chat';
import { StateError } from '../errors';
import { formatDateTime } from '../format';
import type { Account, Reply } from '../state/model';
import type { World } from '../state/world';
import { ok, type HandlerContext } from './context';
import { findChatMailing } from './lookup';

type Params<S extends z.ZodTypeAny> = z.output<S>;

export function injectReply(
	world: World,
	account: Account,
	reply: { message_id: number; phone: string; message: string },
): { id: string } {
	if (!account.chatMailings.has(reply.message_id)) {
		throw new Error(`message_id ${reply.message_id} is not a chat mailing of this account`);
	}
	const id = String(world.ids.take('reply'));
	account.replies.set(id, {
		id,
		mailingId: reply.message_id,
		phone: reply.phone,
		message: reply.message,
		receivedAt: world.now(),
		read: false,
	});
	return { id };
}

export function getNewIncomingMessages({ account }: HandlerContext, p: Params<typeof contract.messageIdParams>) {
	findChatMailing(account, p.message_id);
	const unread = [...account.replies.values()].filter((reply) => reply.mailingId === p.message_id && !reply.read);
	return ok(
		unread.map((reply) => ({
			id: reply.id,
			phone: reply.phone,
			message: reply.message,
			d_receiver: formatDateTime(reply.receivedAt),
		})),
	);
}

export function readResponseStatus({ account }: HandlerContext, p: Params<typeof contract.readResponseStatusParams>) {
	const replies: Reply[] = p.incoming_messages.map((id) => {
		const reply = account.replies.get(id);
		if (!reply) throw new StateError('incoming_messages', `${id} is not an incoming message of this account`);
		return reply;
	});
	const flagged = new Set(replies.filter((reply) => !reply.read));
	for (const reply of flagged) reply.read = true;
	return ok(`${flagged.size} message${flagged.size === 1 ? '' : 's'} marked as read`);
}
