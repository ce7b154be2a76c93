import type { IDataObject, INodeParameters } from 'n8n-workflow';

import {
	ITEM_PHONES,
	ITEM_VALUE as V,
	shownValue,
	type BadItemCase,
	type BadSettingCase,
} from '../../harness/badInputCase';
import { CALLBACK_URL, smsMailingsJson } from '../../harness/badInputSetup';
import { TEST_API_KEY } from '../../harness/keys';
import { zonesWellInside } from '../../harness/timeZones';
import { params, type AccountIds } from '../../harness/params';

/** Built from the items by params.ts's defaults: one bulk mailing, each item's phone from `$json.phone`. */
const fromItems = (rest: INodeParameters) => (account: AccountIds) =>
	params(account, 'sms', 'sendBatch', { callbackUrl: CALLBACK_URL, ...rest });
const fromJson = (rest: INodeParameters = {}) =>
	fromItems({ buildFrom: 'json', messagesJson: V, ...rest });
const twoMailings =
	(fields: IDataObject = {}) =>
	(emulator: { account: AccountIds }) => [
		smsMailingsJson(emulator.account),
		smsMailingsJson(emulator.account, fields),
	];
/** One mailing as a user may write it by hand, with `fields` changed; `mailingsJson`: a batch of it. */
const mailing = (fields: IDataObject) => ({
	name: 'Sale',
	alphaname_id: '1001',
	message_type: 'bulk',
	text: 'Hi',
	delivery_list: ['375291000001'],
	...fields,
});
const mailingsJson = (fields: IDataObject) => JSON.stringify([mailing(fields)]);

/** Send Batch (SMS), one bad item of three: from JSON, one request per good item; from items, one request for both. */
export const badItems: BadItemCase[] = [
	{
		name: 'Send Batch (JSON): not JSON',
		field: 'Mailings (JSON)',
		method: 'sendBulkSms',
		parameters: fromJson(),
		good: twoMailings(),
		bad: '[{"name": "Sale",',
	},
	{
		name: 'Send Batch (JSON): message type "group"',
		field: 'Mailings (JSON)',
		method: 'sendBulkSms',
		parameters: fromJson(),
		good: twoMailings(),
		bad: mailingsJson({ message_type: 'group' }),
		shown: '"group"',
	},
	{
		name: 'Send Batch (JSON): empty delivery list',
		field: 'Mailings (JSON)',
		method: 'sendBulkSms',
		parameters: fromJson(),
		good: twoMailings(),
		bad: mailingsJson({ delivery_list: [] }),
		shown: '"[]"',
	},
	{
		name: 'Send Batch (JSON): schedule_time in a wrong format',
		field: 'Mailings (JSON)',
		method: 'sendBulkSms',
		parameters: fromJson(),
		good: twoMailings({ schedule_time: '2026-03-05T10:30:00' }),
		bad: mailingsJson({ schedule_time: '2026-03-05 10:30' }),
		shown: '"2026-03-05 10:30"',
	},
	{
		name: 'Send Batch (JSON): personal entry without text',
		field: 'Mailings (JSON)',
		method: 'sendBulkSms',
		parameters: fromJson(),
		good: twoMailings(),
		bad: mailingsJson({
			message_type: 'personal',
			text: undefined,
			delivery_list: [{ phone: '375291000001' }],
		}),
		shown: 'empty',
	},
	{
		name: 'Send Batch (JSON): bulk mailing without text',
		field: 'Mailings (JSON)',
		method: 'sendBulkSms',
		parameters: fromJson(),
		good: twoMailings(),
		bad: mailingsJson({ text: '' }),
		shown: shownValue(mailing({ text: '' })),
	},
	{
		name: 'Send Batch (JSON): callback URL that is not http(s)',
		field: 'Callback URL',
		method: 'sendBulkSms',
		parameters: (account) =>
			fromJson({ messagesJson: smsMailingsJson(account), callbackUrl: V })(account),
		good: () => [CALLBACK_URL, CALLBACK_URL],
		bad: 'mailto:ops@example.com',
	},
	{
		name: 'Send Batch (JSON): a mailing that carries the key as "token"',
		field: 'Mailings (JSON)',
		method: 'sendBulkSms',
		parameters: fromJson(),
		good: twoMailings(),
		bad: mailingsJson({ token: TEST_API_KEY }),
		keyAsValue: true,
	},
	{
		name: 'Send Batch (items): bad recipient phone',
		field: 'Phone',
		method: 'sendBulkSms',
		requests: ['sendBulkSms'],
		parameters: fromItems({ recipientPhone: V }),
		good: () => ['375291000001', '375291000003'],
		bad: '00-12',
		sentTo: ['375291000001', '375291000003'],
	},
	{
		name: 'Send Batch (items): national phone in the phone field of an item, no Default Country',
		field: 'Phone (field "v")',
		method: 'sendBulkSms',
		requests: ['sendBulkSms'],
		parameters: fromItems({ recipientsFrom: 'fields', phoneField: 'v' }),
		good: () => ['375291000001', '+375 (0)29 100-00-03'],
		bad: '07700 900123',
		sentTo: ['375291000001', '375291000003'],
		says: [/it is a national number/],
	},
	{
		name: 'Send Batch (items): bad phone in the phone field of an item',
		field: 'Phone (field "v")',
		method: 'sendBulkSms',
		requests: ['sendBulkSms'],
		parameters: fromItems({ recipientsFrom: 'fields', phoneField: 'v' }),
		good: () => ['375291000001', '375291000003'],
		bad: '00-12',
		sentTo: ['375291000001', '375291000003'],
	},
	{
		name: 'Send Batch (items): personal text over Max Parts',
		field: 'Text',
		method: 'sendBulkSms',
		requests: ['sendBulkSms'],
		parameters: fromItems({ messageType: 'personal', personalText: V, options: { maxParts: 1 } }),
		good: () => ['Hello Ann', 'б'.repeat(70)],
		bad: 'б'.repeat(71),
		sentTo: [ITEM_PHONES[0], ITEM_PHONES[2]],
	},
	{
		name: 'Send Batch (items): personal text left empty',
		field: 'Text',
		method: 'sendBulkSms',
		requests: ['sendBulkSms'],
		parameters: fromItems({ messageType: 'personal', personalText: V }),
		good: () => ['Hello Ann', 'Hello Bob'],
		bad: '',
		sentTo: [ITEM_PHONES[0], ITEM_PHONES[2]],
	},
	{
		name: 'Send Batch (items): recipient time zone that is not one',
		field: 'Recipient Time Zone',
		method: 'sendBulkSms',
		requests: ['sendBulkSms'],
		parameters: fromItems({ options: { quietHours: '09:00-21:00', recipientTimeZone: V } }),
		good: () => zonesWellInside('09:00-21:00'),
		bad: 'GMT+25',
		sentTo: [ITEM_PHONES[0], ITEM_PHONES[2]],
	},
];

/** Send Batch (SMS) options that refuse the whole batch: nothing is sent. */
export const badSettings: BadSettingCase[] = [
	{
		name: 'Send Batch (items): callback URL expression that gives nothing',
		field: 'Callback URL',
		parameters: fromItems({ callbackUrl: '={{ $json.resumeUrl }}' }),
	},
	{
		name: 'Send Batch (items): callback URL that is not http(s)',
		field: 'Callback URL',
		parameters: fromItems({ callbackUrl: 'ftp://example.com/cb' }),
	},
	{
		name: 'Send Batch (items): schedule time in a wrong format',
		field: 'Send At',
		parameters: fromItems({ options: { sendAt: 'next friday' } }),
	},
	{
		name: 'Send Batch (items): bulk text over Max Parts',
		field: 'Text',
		parameters: fromItems({ text: 'a'.repeat(161), options: { maxParts: 1 } }),
	},
	{
		name: 'Send Batch (items): chunk size above the maximum',
		field: 'Chunk Size',
		parameters: fromItems({ options: { chunkSize: 20000 } }),
	},
	{
		name: 'Send Batch (items): phone field name of a space',
		field: 'Phone Field',
		parameters: fromItems({ recipientsFrom: 'fields', phoneField: ' ' }),
		says: [/^Invalid Phone Field " " in item \d+: give the name of a field of the input items/],
	},
	{
		name: 'Send Batch (items): Do Not Send To entry that is not a phone',
		field: 'Do Not Send To',
		parameters: fromItems({ options: { doNotSendTo: '375291000005, 12' } }),
		asOne: true,
	},
	{
		name: 'Send Batch (items): quiet hours written as 9-21',
		field: 'Quiet Hours',
		parameters: fromItems({ options: { quietHours: '9-21' } }),
		asOne: true,
	},
];
