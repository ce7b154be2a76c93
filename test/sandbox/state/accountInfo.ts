import type { AccountInfo } from '../types';
import type { Account } from './model';
import { CURRENCY, PRICES } from './prices';

export function accountInfo(account: Account): AccountInfo {
	const alphanames = [...account.alphanames.values()].map(({ id, name }) => ({ id, name }));
	const chatnames = [...account.chatnames.values()].map(({ id, name }) => ({ id, name }));
	const lists = [...account.lists.values()].map(({ id, name, phones }) => ({
		id,
		name,
		phones: [...phones],
	}));
	const templates = [...account.templates.values()].map(({ id, name }) => ({ id, name }));
	return {
		token: account.token,
		balance: account.balance,
		currency: CURRENCY,
		alphanames,
		chatnames,
		lists,
		templates,
		alphanameIds: alphanames.map((entry) => entry.id),
		chatnameIds: chatnames.map((entry) => entry.id),
		listIds: lists.map((entry) => entry.id),
		templateIds: templates.map((entry) => entry.id),
		prices: { ...PRICES },
	};
}
