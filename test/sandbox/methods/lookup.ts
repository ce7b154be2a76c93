import { StateError } from '../errors';
import type { NamedId } from '../types';
import type { Account, ChatMailing, SubscriberList, Template } from '../state/model';

export function findAlphaname(account: Account, id: number, parameter = 'alphaname_id'): NamedId {
	const found = account.alphanames.get(id);
	if (!found)
		throw new StateError(parameter, `${id} is not a sender name (alphaname) of this account`);
	return found;
}

export function findChatname(account: Account, id: number, parameter = 'chatname_id'): NamedId {
	const found = account.chatnames.get(id);
	if (!found)
		throw new StateError(parameter, `${id} is not a chat sender name (chatname) of this account`);
	return found;
}

export function defaultAlphaname(account: Account): NamedId {
	const first = account.alphanames.values().next();
	if (first.done)
		throw new StateError('alphaname_id', 'is required: the account has no default sender name');
	return first.value;
}

export function defaultChatname(account: Account): NamedId {
	const first = account.chatnames.values().next();
	if (first.done)
		throw new StateError('chatname_id', 'is required: the account has no default chat sender name');
	return first.value;
}

export function findList(account: Account, id: number): SubscriberList {
	const found = account.lists.get(id);
	if (!found) throw new StateError('list_id', `${id} is not a subscriber list of this account`);
	return found;
}

export function findTemplate(account: Account, id: string | number): Template {
	const found = /^\d+$/.test(String(id)) ? account.templates.get(Number(id)) : undefined;
	if (!found) throw new StateError('template_id', `${id} is not a template of this account`);
	return found;
}

export function findChatMailing(account: Account, id: number): ChatMailing {
	const found = account.chatMailings.get(id);
	if (!found) throw new StateError('message_id', `${id} is not a chat mailing of this account`);
	return found;
}
