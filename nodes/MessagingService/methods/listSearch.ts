import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { createApiClient, PAGE_SIZE } from '../transport/client';
import type { ApiMethod } from '../transport/endpoints';
import {
	asListItems,
	chatMailingEntry,
	createdMessageEntry,
	matching,
	smsMailingEntry,
	templateEntry,
	type ListEntry,
} from './listEntries';

/**
 * The "From List" mode of the pickers. Each answer holds one page of the service's records
 * (PAGE_SIZE); n8n asks for the next one with `paginationToken` (the offset) when the user
 * scrolls. A search filters by what an entry shows (text, type, date, status, ID); while
 * searching, up to SEARCH_PAGES pages are read per answer so that matches are not hidden
 * behind pages without any.
 */

const SEARCH_PAGES = 10;

function offsetOf(token: string | undefined): number {
	const offset = Number(token ?? 0);
	return Number.isInteger(offset) && offset > 0 ? offset : 0;
}

/** Pages through a list method of the service (limit_offset / limit_rows). */
async function pagedSearch(
	context: ILoadOptionsFunctions,
	method: ApiMethod,
	toEntry: (record: IDataObject) => ListEntry,
	filter: string | undefined,
	paginationToken: string | undefined,
): Promise<INodeListSearchResult> {
	const api = createApiClient(context);
	const searching = (filter ?? '').trim() !== '';
	const found: ListEntry[] = [];
	let offset = offsetOf(paginationToken);
	for (let page = 0; page < (searching ? SEARCH_PAGES : 1); page++) {
		const records = await api.many(method, { limit_offset: offset, limit_rows: PAGE_SIZE });
		found.push(...matching(records.map(toEntry), filter));
		offset += records.length;
		if (records.length < PAGE_SIZE) return { results: asListItems(found) };
		if (found.length >= PAGE_SIZE) break;
	}
	return { results: asListItems(found), paginationToken: String(offset) };
}

/** One page of a list the service gives whole. */
function pageOf(
	entries: ListEntry[],
	filter: string | undefined,
	paginationToken: string | undefined,
): INodeListSearchResult {
	const kept = matching(entries, filter);
	const offset = offsetOf(paginationToken);
	const next = offset + PAGE_SIZE;
	return {
		results: asListItems(kept.slice(offset, next)),
		...(next < kept.length ? { paginationToken: String(next) } : {}),
	};
}

/** getSMSMessages, whose answer to an account without mailings is 406 "content not found". */
async function smsMailings(context: ILoadOptionsFunctions): Promise<IDataObject[]> {
	try {
		return await createApiClient(context).many('getSMSMessages', {});
	} catch (error) {
		const failure =
			error instanceof NodeApiError
				? error
				: new NodeOperationError(context.getNode(), error as Error);
		if (failure instanceof NodeApiError && failure.httpCode === '406') return [];
		throw failure;
	}
}

/** The stored message templates, by name. */
export async function searchTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const templates = await createApiClient(this).many('getTemplateMessages', {});
	return pageOf(templates.map(templateEntry), filter, paginationToken);
}

/** Chat mailings and sent chat messages (getChatMessages), in the service's order. */
export async function searchChatMailings(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await pagedSearch(this, 'getChatMessages', chatMailingEntry, filter, paginationToken);
}

/** SMS mailings (getSMSMessages): list mailings and those made in the web interface. */
export async function searchSmsMailings(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return pageOf((await smsMailings(this)).map(smsMailingEntry), filter, paginationToken);
}

/** SMS messages made with "Create Message" (getMessagesList). */
export async function searchCreatedMessages(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await pagedSearch(this, 'getMessagesList', createdMessageEntry, filter, paginationToken);
}

/** SMS mailings first (one answer), then the created SMS messages page by page. */
export async function searchSmsMessagesAndMailings(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const messages = await pagedSearch(
		this,
		'getMessagesList',
		createdMessageEntry,
		filter,
		paginationToken,
	);
	if (paginationToken !== undefined && paginationToken !== '') return messages;
	const mailings = matching((await smsMailings(this)).map(smsMailingEntry), filter);
	return { ...messages, results: [...asListItems(mailings), ...messages.results] };
}
