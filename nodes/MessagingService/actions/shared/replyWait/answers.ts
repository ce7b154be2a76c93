import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/** Where the first waiting item keeps the node's own token, on an n8n without resume tokens (settings.ts). */
export const REPLY_TOKEN_KEY = 'replyToken';

/** What one item's wait ended with, as the reply desk posts it (replyWait/desk.ts `finish`). */
export interface ItemAnswer {
	item: number;
	/** an item that waited for nothing: output as it is */
	settled?: IDataObject;
	phone?: string;
	mailing?: string | null;
	askedAt?: string;
	waitedUntil?: string;
	replies?: IDataObject[];
}

/**
 * The item's output: `replied`, the phone, the reply's messages joined into `text` (one per
 * line, as the Chat Trigger joins a turn) and listed in `replies`, the question's mailing; or
 * `replied: false` and `timedOut` when the phone wrote nothing in time.
 */
export function answerItem(answer: ItemAnswer): INodeExecutionData {
	if (answer.settled) return { json: answer.settled, pairedItem: { item: answer.item } };
	const replies = answer.replies ?? [];
	const common: IDataObject = {
		phone: answer.phone ?? null,
		mailing: answer.mailing ?? null,
		askedAt: answer.askedAt ?? null,
	};
	const json: IDataObject =
		replies.length > 0
			? {
					replied: true,
					...common,
					text: replies.map((reply) => String(reply.message ?? '')).join('\n'),
					replies,
				}
			: { replied: false, timedOut: true, ...common, waitedUntil: answer.waitedUntil ?? null };
	return { json, pairedItem: { item: answer.item } };
}

function isAnswer(value: unknown): value is ItemAnswer {
	if (typeof value !== 'object' || value === null) return false;
	const { item, settled, replies } = value as IDataObject;
	return (
		typeof item === 'number' &&
		Number.isInteger(item) &&
		item >= 0 &&
		(settled === undefined || (typeof settled === 'object' && settled !== null)) &&
		(replies === undefined || Array.isArray(replies))
	);
}

/** The answers of a POST's body, one per item, in item order; undefined when the body holds none. */
export function answersOf(value: unknown): ItemAnswer[] | undefined {
	if (!Array.isArray(value) || value.length === 0 || !value.every(isAnswer)) return undefined;
	const byItem = new Map<number, ItemAnswer>();
	for (const answer of value) byItem.set(answer.item, answer);
	return [...byItem.values()].sort((a, b) => a.item - b.item);
}
