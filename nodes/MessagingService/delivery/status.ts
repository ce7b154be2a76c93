import type { IDataObject } from 'n8n-workflow';

import { unixToIso } from '../helpers/dates';
import { normalizePhone } from '../helpers/phone';
import type { ApiClient } from '../transport/client';
import { isMailing, type UnitKind } from './types';

/** One recipient's status as read: the service's words, and what they mean here. */
export interface StatusRead {
	phone: string;
	/** the status as the service wrote it (SMS single sends: derived from checkSMS's times) */
	status: string;
	/** chat: error_code as given (0 seen) */
	errorCode?: number | string;
	delivered: boolean;
	read: boolean;
	failed: boolean;
	/** a status the service's docs list; any other is emitted as it is (otherStatus) */
	listed: boolean;
	/** when the service says it took that status, ISO, when it says */
	statusAt?: string;
}

/** Status values the spec lists or the package knows, by channel, in upper case. */
const CHAT_LISTED: ReadonlySet<string> = new Set(['NEW', 'SENT', 'DELIVERED', 'READ']);
const SMS_LISTED: ReadonlySet<string> = new Set(['NEW', 'SENT', 'DELIVERED']);
/** Most SMS delivery list rows read in one go (pages of this many). */
export const SMS_LIST_ROWS = 1000;
/** A mailing's recipients read per read, at most (pages beyond are not read). */
export const MAX_MAILING_ROWS = 10_000;

/** error_code as failure: anything but 0 (or absent) is one; the spec shows only 0. */
function isError(code: unknown): boolean {
	if (code === undefined || code === null || code === '') return false;
	return String(code).trim() !== '0';
}

/** The status as text: a number the service may send one day is a status too, as it is. */
function statusText(value: unknown): string {
	if (typeof value === 'string') return value.trim();
	return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

function chatRead(record: IDataObject, phone?: string): StatusRead | undefined {
	const digits = normalizePhone(record.phone) ?? phone;
	const status = statusText(record.status);
	if (!digits || status === '') return undefined;
	const upper = status.toUpperCase();
	const code = record.error_code as number | string | undefined;
	return {
		phone: digits,
		status,
		...(code !== undefined ? { errorCode: code } : {}),
		delivered: upper === 'DELIVERED' || upper === 'READ',
		read: upper === 'READ',
		failed: isError(code),
		listed: CHAT_LISTED.has(upper),
	};
}

function smsRowRead(record: IDataObject): StatusRead | undefined {
	const digits = normalizePhone(record.phone);
	const status = statusText(record.status);
	if (!digits || status === '') return undefined;
	const upper = status.toUpperCase();
	return {
		phone: digits,
		status,
		delivered: upper === 'DELIVERED',
		read: false,
		failed: false,
		listed: SMS_LISTED.has(upper),
	};
}

/** checkSMS gives times, not a status: delivered once `delivered` is set, sent once `sent` is. */
function checkSmsRead(record: IDataObject, phone: string | undefined): StatusRead | undefined {
	if (!phone) return undefined;
	const deliveredAt = unixToIso(record.delivered);
	const sentAt = unixToIso(record.sent);
	return {
		phone,
		status: deliveredAt ? 'delivered' : sentAt ? 'sent' : 'NEW',
		delivered: deliveredAt !== undefined,
		read: false,
		failed: false,
		listed: true,
		...(deliveredAt ? { statusAt: deliveredAt } : {}),
	};
}

/** An answer the trigger cannot make sense of: the read counts as failed, nothing is emitted. */
export class UnreadableStatus extends Error {}

/**
 * Reads the status of every recipient of one send, with the fewest requests the API allows: a
 * mailing's delivery list gives all of them at once. `phone`: the recipient of a single message.
 */
export async function readStatuses(
	client: ApiClient,
	kind: UnitKind,
	id: string,
	phone?: string,
): Promise<StatusRead[]> {
	let reads: Array<StatusRead | undefined>;
	switch (kind) {
		case 'chatMessage':
			reads = [chatRead(await client.one('getChatDeliveryData', { message_id: id }), phone)];
			break;
		case 'chatMailing':
			reads = (await client.list('getChatDeliveryList', { message_id: id })).map((record) =>
				chatRead(record),
			);
			break;
		case 'sms':
			reads = [checkSmsRead(await client.one('checkSMS', { sms_id: id }), phone)];
			break;
		case 'smsMailing':
			reads = (
				await client.paged(
					'getSmsDeliveryList',
					{ message_id: id },
					{ returnAll: false, limit: MAX_MAILING_ROWS },
				)
			).map(smsRowRead);
			break;
	}
	const readable = reads.filter((read): read is StatusRead => read !== undefined);
	if (readable.length < reads.length || (!isMailing(kind) && readable.length === 0))
		throw new UnreadableStatus(
			`the service's answer for ${kind === 'sms' ? 'SMS' : 'message'} ${id} has no phone or status the trigger can read`,
		);
	return readable;
}
