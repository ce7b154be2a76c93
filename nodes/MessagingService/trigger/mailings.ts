import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { compareIds } from '../base/ids';

/** The service's time zone is not stated: a window edge may be off by up to this much. */
export const TIME_ZONE_ALLOWANCE_MS = 14 * 60 * 60 * 1000;

export interface WatchedMailing {
	id: string;
	/** what getChatMessages tells about it (Recent Mailings only) */
	record?: IDataObject;
}

export interface WatchedList {
	/** by ID, ascending */
	mailings: WatchedMailing[];
}

/** Parses the Mailing IDs field: IDs separated by commas, spaces or new lines. */
export function parseMailingIds(node: INode, value: unknown): string[] {
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
	const ids: string[] = [];
	for (const part of text.split(/[\s,;]+/)) {
		if (part === '') continue;
		if (!/^\d{1,15}$/.test(part)) {
			throw new NodeOperationError(node, `Invalid Mailing IDs: "${part}" is not a mailing ID`, {
				description:
					'Enter the IDs (message_id) of chat mailings, digits only, separated by commas, e.g. 20000001, 20000002.',
			});
		}
		const id = String(Number(part)) === part ? part : part.replace(/^0+(?=\d)/, '');
		if (!ids.includes(id)) ids.push(id);
	}
	if (ids.length === 0) {
		throw new NodeOperationError(node, 'No mailing to watch: the Mailing IDs field is empty', {
			description: 'Enter the IDs (message_id) of the chat mailings to watch, separated by commas, or watch Recent Mailings.',
		});
	}
	return ids.sort(compareIds);
}

export function specificMailings(ids: string[]): WatchedList {
	return { mailings: ids.map((id) => ({ id })) };
}

/** What the output item tells about the mailing a reply answers. */
export function mailingSummary(mailing: WatchedMailing): IDataObject {
	const record = mailing.record;
	if (!record) return { message_id: Number(mailing.id) };
	const summary: IDataObject = { message_id: record.message_id ?? Number(mailing.id) };
	for (const key of ['message_type', 'message', 'button_caption', 'd_create']) {
		if (record[key] !== undefined && record[key] !== '') summary[key] = record[key];
	}
	return summary;
}
