import type { IDataObject } from 'n8n-workflow';

import type { CaseEmulator } from './badInputCase';
import { batchMailing, direct, directBatch, directV2 } from './direct';
import { TEST_API_KEY } from './keys';
import type { AccountIds } from './params';

/**
 * The records the good items of a bad-input case refer to (a sent SMS, a mailing, a reply ...),
 * made straight on the emulator; each returns the ID a good item is given.
 */
export const CALLBACK_URL = 'http://127.0.0.1:9/cb';

const sender = (emulator: CaseEmulator) => String(emulator.account.alphanameIds[0]);
const chatSender = (emulator: CaseEmulator) => String(emulator.account.chatnameIds[0]);

/** A phone of its own for each good item (`index` 0 or 2). */
export const phoneOfItem = (index: number) => `37529100000${index + 1}`;

/** Makes the good values of items 0 and 2, one call each. */
export const twice =
	(make: (emulator: CaseEmulator, index: number) => Promise<unknown>) =>
	async (emulator: CaseEmulator): Promise<unknown[]> => [
		await make(emulator, 0),
		await make(emulator, 2),
	];

export async function createdSmsMessage(emulator: CaseEmulator, text: string): Promise<string> {
	return String((await direct(emulator, 'GET', 'createSmsMessage', { message: text })).message_id);
}

export async function sentSms(emulator: CaseEmulator, index: number): Promise<string> {
	const sent = await direct(emulator, 'POST', 'sendQuickSMS', {
		message: 'Hi',
		phone: phoneOfItem(index),
		alphaname_id: sender(emulator),
	});
	return String(sent.sms_id);
}

/** A created SMS message sent to one phone, with its delivery listed (sent 5 s after hand-over). */
export async function deliveredSmsMessage(emulator: CaseEmulator, index: number): Promise<string> {
	const id = await createdSmsMessage(emulator, `delivered ${index}`);
	await direct(emulator, 'GET', 'sendSMS', { message_id: id, phone: phoneOfItem(index) });
	emulator.sandbox.advanceClock(10);
	return id;
}

/** An SMS list mailing not yet confirmed. */
export async function smsListMailing(emulator: CaseEmulator, index: number): Promise<string> {
	const list = String(emulator.account.listIds[0]);
	const mailing = {
		name: `list ${index}`,
		message: 'Hi',
		d_schedule: '2026-03-05 10:30',
		list_id: list,
		alphaname_id: sender(emulator),
	};
	return String((await direct(emulator, 'POST', 'sendSmsList', {}, mailing)).message_id);
}

export async function smsBatch(emulator: CaseEmulator): Promise<string> {
	const messages = [
		batchMailing(emulator.account, 'Sale', { text: 'Hi', delivery_list: ['375291000001'] }),
	];
	return await directBatch(emulator, 'sendBulkSms', { callback_url: CALLBACK_URL, messages });
}

export async function chatBatch(emulator: CaseEmulator): Promise<string> {
	const messages = [
		batchMailing(emulator.account, 'Sale', {
			content: { type: 'text', text: 'Hi' },
			delivery_list: ['375291000001'],
		}),
	];
	return await directBatch(emulator, 'sendBulkChat', { messages });
}

export async function chatMailing(emulator: CaseEmulator, index: number): Promise<string> {
	const sent = await directV2(emulator, 'sendQuickChatMessage', {
		chatname_id: chatSender(emulator),
		phone: phoneOfItem(index),
		message: 'hello',
	});
	return String(sent.message_id);
}

/** A chat list mailing not yet confirmed. */
export async function chatListMailing(emulator: CaseEmulator, index: number): Promise<string> {
	const form = {
		name: `chat list ${index}`,
		chatname_id: chatSender(emulator),
		list_id: String(emulator.account.listIds[0]),
		message: 'Hi',
	};
	return String((await directV2(emulator, 'sendChatMessageList', form)).message_id);
}

/** A reply not yet read, to a chat mailing of its own; returns the reply's ID. */
export async function unreadReply(emulator: CaseEmulator, index: number): Promise<string> {
	const mailing = Number(await chatMailing(emulator, index));
	return emulator.sandbox.injectReply(TEST_API_KEY, {
		message_id: mailing,
		phone: phoneOfItem(index),
		message: 'yes',
	}).id;
}

/** A chat mailing with one reply not yet read: Get Many New outputs something for it. */
export async function answeredMailing(emulator: CaseEmulator, index: number): Promise<string> {
	const mailing = await chatMailing(emulator, index);
	emulator.sandbox.injectReply(TEST_API_KEY, {
		message_id: Number(mailing),
		phone: phoneOfItem(index),
		message: 'yes',
	});
	return mailing;
}

export async function storedTemplate(emulator: CaseEmulator, index: number): Promise<string> {
	return String(
		(await directV2(emulator, 'createTemplateMessage', { name: `template ${index}`, message: 'x' }))
			.id,
	);
}

/** An SMS batch of one mailing, as JSON the service takes. */
export function smsMailingsJson(account: AccountIds, fields: IDataObject = {}): string {
	return JSON.stringify([
		batchMailing(account, 'Sale', { text: 'Hi', delivery_list: ['375291000001'], ...fields }),
	]);
}

/** A chat batch of one mailing, as JSON the service takes. */
export function chatMailingsJson(account: AccountIds, fields: IDataObject = {}): string {
	return JSON.stringify([
		batchMailing(account, 'Sale', {
			content: { type: 'text', text: 'Hi' },
			delivery_list: ['375291000001'],
			...fields,
		}),
	]);
}
