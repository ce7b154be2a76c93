import type { IDataObject } from 'n8n-workflow';

import type { UnwrappedAnswer } from './answer';
import type { ApiParameters } from './encode';
import type { ApiMethod } from './endpoints';
import { callApi, type ApiContext, type CallOptions } from './request';

export const PAGE_SIZE = 100;

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
	/** pages through `limit_offset`/`limit_rows` until everything or `limit` records are read */
	paged(method: ApiMethod, parameters: ApiParameters, page: PageOptions): Promise<IDataObject[]>;
}

export function answerAsRecord(answer: UnwrappedAnswer): IDataObject {
	switch (answer.kind) {
		case 'done':
			return { success: true };
		case 'records':
			return { results: answer.records };
		case 'value':
			return typeof answer.value === 'object' && answer.value !== null ? answer.value : { result: answer.value };
		case 'refused':
			return { error: answer.reason };
	}
}

export function answerAsRecords(answer: UnwrappedAnswer): IDataObject[] {
	return answer.kind === 'records' ? answer.records : [answerAsRecord(answer)];
}

export function createApiClient(context: ApiContext, options: CallOptions = {}): ApiClient {
	const call = async (method: ApiMethod, parameters: ApiParameters) =>
		await callApi.call(context, method, parameters, options);
	return {
		itemIndex: options.itemIndex ?? 0,
		call,
		one: async (method, parameters) => answerAsRecord(await call(method, parameters)),
		many: async (method, parameters) => answerAsRecords(await call(method, parameters)),
		paged: async (method, parameters, { returnAll, limit }) => {
			const wanted = returnAll ? Infinity : Math.max(0, limit);
			const records: IDataObject[] = [];
			for (let offset = 0; records.length < wanted; ) {
				const rows = Math.min(PAGE_SIZE, wanted - records.length);
				const page = answerAsRecords(
					await call(method, { ...parameters, limit_offset: offset, limit_rows: rows }),
				);
				records.push(...page.slice(0, wanted - records.length));
				if (page.length < rows) break;
				offset += page.length;
			}
			return records;
		},
	};
}
