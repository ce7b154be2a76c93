import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, type BadItemCase, type BadSettingCase } from '../../harness/badInputCase';
import { params, type AccountIds } from '../../harness/params';

/** Emulator's manual clock starts here: a list mailing scheduled at it is sent as soon as it is confirmed. */
const EMULATOR_START = '2026-03-02T09:00:00.000Z';

const toList = (rest: INodeParameters) => (account: AccountIds) =>
	params(account, 'sms', 'sendToList', {
		listId: String(account.listIds[0]),
		mailingName: 'M',
		message: 'Hi',
		senderNameId: String(account.alphanameIds[0]),
		sendAt: EMULATOR_START,
		...rest,
	});

/** SMS > Send to List: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Send to List: mailing name of spaces',
		field: 'Mailing Name',
		method: 'sendSmsList',
		parameters: toList({ mailingName: V }),
		good: () => ['April', 'May'],
		bad: '  ',
	},
	{
		name: 'Send to List: list given by name',
		field: 'Subscriber List ID',
		method: 'sendSmsList',
		parameters: toList({ listId: V }),
		good: (e) => e.account.listIds.slice(0, 2).map(String),
		bad: 'Customers',
	},
	{
		name: 'Send to List: list ID with a decimal point',
		field: 'Subscriber List ID',
		method: 'sendSmsList',
		parameters: toList({ listId: V }),
		good: (e) => e.account.listIds.slice(0, 2).map(String),
		bad: '3001.5',
	},
	{
		name: 'Send to List: 71 Cyrillic characters (2 parts) with Max Parts 1',
		field: 'Message',
		method: 'sendSmsList',
		parameters: toList({ message: V, options: { maxParts: 1 } }),
		good: () => ['б'.repeat(70), 'Hi'],
		bad: 'б'.repeat(71),
	},
	{
		name: 'Send to List: send time in a wrong format',
		field: 'Send At',
		method: 'sendSmsList',
		parameters: toList({ sendAt: V }),
		good: () => ['2026-03-05T10:30:00', '2026-03-06T10:30:00'],
		bad: '31/03/2026 14:30',
	},
	...[
		'2026-02-30 25:61',
		'2026-02-30T10:00:00',
		'2026-13-45',
		'2026-13-45 10:00',
		'2027-02-29 10:00',
		'2026-04-31 23:59',
	].map((date) => ({
		name: `Send to List: impossible send time "${date}"`,
		field: 'Send At',
		method: 'sendSmsList',
		parameters: toList({ sendAt: V }),
		good: () => ['2026-03-05T10:30:00', '2026-03-06T10:30:00'],
		bad: date,
	})),
	{
		name: 'Send to List: recipient time zone that is not one',
		field: 'Recipient Time Zone',
		method: 'sendSmsList',
		parameters: toList({ options: { quietHours: '09:00-21:00', recipientTimeZone: V } }),
		good: () => ['Asia/Kolkata', ''],
		bad: 'India',
	},
] satisfies BadItemCase[];

/** SMS > Send to List: a list mailing cannot be filtered, so Do Not Send To refuses it (the service holds its recipients). */
export const badSettings = [
	{
		name: 'Send to List: Do Not Send To on a list mailing',
		field: 'Do Not Send To',
		parameters: toList({ options: { doNotSendTo: '+375 29 100-00-05' } }),
		says: [/a list mailing cannot be filtered/],
	},
] satisfies BadSettingCase[];
