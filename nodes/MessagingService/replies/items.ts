import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { serviceTimeToIsoWithOffset } from '../base/serviceTime';
import type { ConsentRecognizer } from './consent/recognizer';
import { normalizePhone } from '../helpers/phone';
import type { WatchedMailing } from './plan';
import type { Reply } from './reply';

/**
 * The conversation a reply belongs to: the phone in the service's digits form, so that
 * "+375 (29) 123–45–67" and "375291234567" are one customer. A reply whose phone is not a phone
 * number ("null", "unknown", empty) gets a conversation of its own, so it never joins another
 * customer's memory.
 */
export function sessionIdOf(record: IDataObject): string {
	return normalizePhone(record.phone) ?? `reply-${String(record.id)}`;
}

/** The reply's text as a chat model's prompt: '' when the reply carries none. */
export function chatInputOf(record: IDataObject): string {
	const text = record.message;
	return typeof text === 'string' ? text : typeof text === 'number' ? String(text) : '';
}

/** What a combined item keeps of each reply in its `replies` list. */
function replySummary(json: IDataObject): IDataObject {
	return {
		id: json.id,
		message: json.chatInput,
		receivedAt: json.receivedAt,
		mailing: json.mailing,
		...(json.redelivered === true ? { redelivered: true } : {}),
	};
}

/** The fields a reply is marked with: `consent` and `consentKeyword`, and the opt-out part of them as before. */
function marks(recognizer: ConsentRecognizer, text: string): IDataObject {
	const { consent, keyword } = recognizer.match(text);
	return {
		optOut: consent === 'optOut',
		optOutKeyword: consent === 'optOut' ? keyword : null,
		consent,
		consentKeyword: keyword,
	};
}

/**
 * The item marked with what the recognizer finds (`optOut`, `optOutKeyword`, `consent`:
 * "optOut", "optIn", "help" or null, `consentKeyword`): a reply by its text; a combined item by
 * each reply in its `replies`, and as a whole by the first reply that opts out, else the first
 * that opts in, else help when every reply asks for help (a turn that also asks something else
 * is the bot's). Without a recognizer (Opt-Out Recognition off) the item is left as it is.
 */
export function withOptOut(
	item: INodeExecutionData,
	recognizer: ConsentRecognizer | undefined,
): INodeExecutionData {
	if (!recognizer) return item;
	const { json } = item;
	if (!Array.isArray(json.replies))
		return {
			...item,
			json: { ...json, ...marks(recognizer, chatInputOf({ message: json.chatInput })) },
		};
	const replies = (json.replies as IDataObject[]).map((reply) => ({
		...reply,
		...marks(recognizer, chatInputOf(reply)),
	}));
	const help = replies.every((reply) => reply.consent === 'help') ? replies[0] : undefined;
	const first =
		replies.find((reply) => reply.consent === 'optOut') ??
		replies.find((reply) => reply.consent === 'optIn') ??
		help;
	const whole = first
		? {
				optOut: first.optOut,
				optOutKeyword: first.optOutKeyword,
				consent: first.consent,
				consentKeyword: first.consentKeyword,
			}
		: { optOut: false, optOutKeyword: null, consent: null, consentKeyword: null };
	return { ...item, json: { ...json, ...whole, replies } };
}

/**
 * One item per conversation: the replies of one phone (oldest first) become one item whose
 * top-level fields are its latest reply's, whose `chatInput` holds every text in order, one a
 * line, and whose `replies` lists each reply. Conversations come in the order of their first
 * reply.
 */
export function combineByConversation(items: INodeExecutionData[]): INodeExecutionData[] {
	const conversations = new Map<string, IDataObject[]>();
	for (const { json } of items) {
		const key = String(json.sessionId);
		const replies = conversations.get(key) ?? [];
		replies.push(json);
		conversations.set(key, replies);
	}
	return [...conversations.values()].map((replies) => ({
		json: {
			...replies[replies.length - 1],
			chatInput: replies
				.map((json) => String(json.chatInput))
				.filter((text) => text !== '')
				.join('\n'),
			...(replies.some((json) => json.redelivered === true) ? { redelivered: true } : {}),
			replies: replies.map(replySummary),
		},
	}));
}

/** What the output item tells about the mailing a reply answers. */
function mailingSummary(mailing: WatchedMailing): IDataObject {
	const record = mailing.record;
	if (!record) return { message_id: Number(mailing.id) };
	const summary: IDataObject = { message_id: record.message_id ?? Number(mailing.id) };
	for (const key of ['message_type', 'message', 'button_caption', 'd_create']) {
		if (record[key] !== undefined && record[key] !== '') summary[key] = record[key];
	}
	return summary;
}

/**
 * One output item: the reply, its time as ISO with the service zone's offset (null when the
 * service gave no real time), the mailing it answers, and the two fields n8n's AI Agent and chat
 * memory nodes read by default: `sessionId` (the conversation: the phone) and `chatInput` (the text).
 */
export function replyItem(reply: Reply, mailing: WatchedMailing, zone: string): INodeExecutionData {
	const { record } = reply;
	return {
		json: {
			...record,
			receivedAt: (reply.receivedAt && serviceTimeToIsoWithOffset(reply.receivedAt, zone)) || null,
			mailing: mailingSummary(mailing),
			sessionId: sessionIdOf(record),
			chatInput: chatInputOf(record),
			// emitted before, in an execution n8n was not seen to finish: it may have been acted on already
			...(reply.redelivered ? { redelivered: true } : {}),
		},
	};
}
