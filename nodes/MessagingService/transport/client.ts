import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { UnwrappedAnswer } from './answer';
import type { ApiParameters } from './encode';
import type { ApiMethod } from './endpoints';
import { callApi, type ApiContext, type CallOptions } from './request';

export const PAGE_SIZE = 100;
/** Return All stops with an error past this many records... */
export const MAX_RECORDS = 100_000;
/** ...or this many pages (a service that caps pages far below PAGE_SIZE) */
export const MAX_PAGES = 2_000;
/** Fields that identify a record of a list answer, to notice records seen already. */
const ID_FIELDS = ['id', 'message_id', 'delivery_id', 'sms_id', 'template_id', 'uuid'];

export interface PageOptions {
	returnAll: boolean;
	limit: number;
}

/** How operations talk to the service for one item: in parameters and records, never URLs. */
export interface ApiClient {
	readonly itemIndex: number;
	call(method: ApiMethod, parameters: ApiParameters): Promise<UnwrappedAnswer>;
	/** the answer as one output record: objects as they are, a bare value as `{result}`, `{status}` answers as `{success: true}` */
	one(method: ApiMethod, parameters: ApiParameters): Promise<IDataObject>;
	/** the answer as a list of records */
	many(method: ApiMethod, parameters: ApiParameters): Promise<IDataObject[]>;
	/** the answer's list of records; any other answer (an object, a text, nothing) is an error naming the method */
	list(method: ApiMethod, parameters: ApiParameters): Promise<IDataObject[]>;
	/**
	 * pages through `limit_offset`/`limit_rows` until an empty page or `limit` records: see `readPages`
	 */
	paged(method: ApiMethod, parameters: ApiParameters, page: PageOptions): Promise<IDataObject[]>;
}

export function answerAsRecord(answer: UnwrappedAnswer): IDataObject {
	switch (answer.kind) {
		case 'done':
			return { success: true };
		case 'records':
			return { results: answer.records };
		case 'value':
			return typeof answer.value === 'object' && answer.value !== null
				? answer.value
				: { result: answer.value };
		case 'refused':
			return { error: answer.reason };
	}
}

export function answerAsRecords(answer: UnwrappedAnswer): IDataObject[] {
	return answer.kind === 'records' ? answer.records : [answerAsRecord(answer)];
}

function idOf(record: IDataObject): string | undefined {
	for (const field of ID_FIELDS) {
		const value = record[field];
		if (typeof value === 'string' || typeof value === 'number') return `${field}:${value}`;
	}
	return undefined;
}

function fingerprint(page: IDataObject[]): string {
	const hash = createHash('sha1');
	for (const record of page) hash.update(JSON.stringify(record)).update('\n');
	return hash.digest('hex');
}

/**
 * Reads a list page by page, so that it can neither run away nor stop short:
 * - it stops on an empty page (a short page may be the service's own cap on `limit_rows`, so it
 *   reads on: one request more than strictly needed);
 * - records seen before (by ID) are not output twice, and a page with nothing new, or the same as
 *   the one before, means the service ignores `limit_offset`: an error, not an endless loop;
 * - Return All stops with an error past MAX_RECORDS records or MAX_PAGES pages.
 * Pages are copied record by record (a huge page is never spread into a call).
 */
async function readPages(
	client: ApiClient,
	fail: (message: string, description: string) => Error,
	method: ApiMethod,
	parameters: ApiParameters,
	{ returnAll, limit }: PageOptions,
): Promise<IDataObject[]> {
	const wanted = returnAll ? Infinity : Math.max(0, limit);
	const records: IDataObject[] = [];
	const seen = new Set<string>();
	let previous: string | undefined;
	let offset = 0;
	for (let pages = 0; records.length < wanted; pages++) {
		if (pages >= MAX_PAGES) {
			throw fail(
				`Return All stopped after ${MAX_PAGES} pages of ${method} (${records.length} records): the list is longer than the node reads at once`,
				`The node reads at most ${MAX_PAGES} pages or ${MAX_RECORDS} records. Turn off Return All and set a Limit.`,
			);
		}
		const rows = Math.min(PAGE_SIZE, wanted - records.length);
		const page = answerAsRecords(
			await client.call(method, { ...parameters, limit_offset: offset, limit_rows: rows }),
		);
		if (page.length === 0) break;
		const print = fingerprint(page);
		let fresh = 0;
		for (const record of page) {
			const id = idOf(record);
			if (id !== undefined) {
				if (seen.has(id)) continue;
				seen.add(id);
			}
			fresh++;
			if (records.length < wanted) records.push(record);
		}
		if (fresh === 0 || print === previous) {
			throw fail(
				`The service answered ${method} with the same records again at limit_offset ${offset} (after ${pages + 1} requests, ${records.length} records)`,
				'The service seems to ignore limit_offset, so paging could never end. Nothing was left out silently: the node stopped. Turn off Return All and set a Limit, or ask the service provider.',
			);
		}
		previous = print;
		if (returnAll && records.length > MAX_RECORDS) {
			throw fail(
				`Return All stopped at more than ${MAX_RECORDS} records of ${method}`,
				`The node reads at most ${MAX_RECORDS} records at once. Turn off Return All and set a Limit.`,
			);
		}
		offset += page.length;
	}
	return records;
}

function describeAnswer(answer: UnwrappedAnswer): string {
	if (answer.kind === 'done') return 'no result';
	if (answer.kind === 'refused') return `a refusal (${answer.reason})`;
	if (answer.kind === 'value')
		return answer.value === null
			? 'an empty result'
			: typeof answer.value === 'object'
				? 'an object'
				: `a ${typeof answer.value}`;
	return 'a list';
}

export function createApiClient(context: ApiContext, options: CallOptions = {}): ApiClient {
	const call = async (method: ApiMethod, parameters: ApiParameters) =>
		await callApi.call(context, method, parameters, options);
	const fail = (message: string, description: string) =>
		new NodeOperationError(context.getNode(), message, {
			itemIndex: options.itemIndex,
			description,
		});
	const client: ApiClient = {
		itemIndex: options.itemIndex ?? 0,
		call,
		one: async (method, parameters) => answerAsRecord(await call(method, parameters)),
		many: async (method, parameters) => answerAsRecords(await call(method, parameters)),
		list: async (method, parameters) => {
			const answer = await call(method, parameters);
			if (answer.kind === 'records') return answer.records;
			throw fail(
				`The service answered ${method} with ${describeAnswer(answer)} where a list was expected`,
				'The answer does not have the shape the service documents, so nothing was taken from it. If this goes on, ask the service provider.',
			);
		},
		paged: async (method, parameters, page) =>
			await readPages(client, fail, method, parameters, page),
	};
	return client;
}
