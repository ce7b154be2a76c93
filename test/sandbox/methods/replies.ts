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
	reply: { message_id: number; phone: string; message: string; id?: string; receivedAt?: number },
): { id: string } {
	if (!account.chatMailings.has(reply.message_id)) {
		throw new Error(`message_id ${reply.message_id} is not a chat mailing of this account`);
	}
	// a given id may repeat one already used (a reply ID under two mailings, for tests)
	const id = reply.id ?? String(world.ids.take('reply'));
	const key = account.replies.has(id) ? `${id}@${reply.message_id}:${account.replies.size}` : id;
	account.replies.set(key, {
		id,
		mailingId: reply.message_id,
		phone: reply.phone,
		message: reply.message,
		receivedAt: reply.receivedAt ?? world.now(),
		read: false,
	});
	return { id };
}

export function getNewIncomingMessages(
	{ world, account }: HandlerContext,
	p: Params<typeof contract.messageIdParams>,
) {
	findChatMailing(account, p.message_id);
	const unread = [...account.replies.values()].filter(
		(reply) => reply.mailingId === p.message_id && !reply.read,
	);
	const answered = account.quirks.duplicateUnread
		? unread.flatMap((reply) => [reply, reply])
		: unread;
	return ok(
		answered.map((reply) => ({
			id: reply.id,
			phone: reply.phone,
			message: reply.message,
			d_receiver: formatDateTime(world.toServiceTime(reply.receivedAt)),
		})),
	);
}

export function readResponseStatus(
	{ account }: HandlerContext,
	p: Params<typeof contract.readResponseStatusParams>,
) {
	const all = [...account.replies.values()];
	const replies: Reply[] = p.incoming_messages.flatMap((id) => {
		const found = account.replies.has(id) ? all.filter((reply) => reply.id === id) : [];
		if (found.length === 0)
			throw new StateError('incoming_messages', `${id} is not an incoming message of this account`);
		return found;
	});
	const flagged = new Set(replies.filter((reply) => !reply.read));
	for (const reply of flagged) reply.read = true;
	return ok(`${flagged.size} message${flagged.size === 1 ? '' : 's'} marked as read`);
}
