import type { INodeParameters } from 'n8n-workflow';

import {
	ITEM_VALUE as V,
	caseParams,
	type BadItemCase,
	type BadSettingCase,
} from '../../harness/badInputCase';
import { TEST_API_KEY } from '../../harness/keys';
import { zonesWellInside } from '../../harness/timeZones';
import { byId, type AccountIds } from '../../harness/params';

const sender = (account: AccountIds) => String(account.alphanameIds[0]);
const sms = (rest: INodeParameters) => caseParams('sms', 'send', rest);

/** SMS > Send: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Send: phone with letters',
		field: 'Phone',
		method: 'sendQuickSMS',
		parameters: sms({ phone: V }),
		good: () => ['375291000001', '+375 (29) 100-00-03'],
		bad: '37529call',
	},
	{
		name: 'Send: phone too short',
		field: 'Phone',
		method: 'sendQuickSMS',
		parameters: sms({ phone: V }),
		good: () => ['375291000001', '375291000003'],
		bad: '+37 5',
	},
	{
		name: 'Send: phone of 16 digits',
		field: 'Phone',
		method: 'sendQuickSMS',
		parameters: sms({ phone: V }),
		good: () => ['375291000001', '375291000003'],
		bad: '3752910000011234',
	},
	{
		name: 'Send: phone too short for its country',
		field: 'Phone',
		method: 'sendQuickSMS',
		parameters: sms({ phone: V }),
		good: () => ['+44 (0)7700 900123', '375291000003'],
		bad: '+375 29 100-00-0',
		says: [
			/numbers of Belarus \(\+375\) that start with 2 have 9 or 10 digits after \+375, this one has 8/,
		],
	},
	{
		name: 'Send: national number without a Default Country',
		field: 'Phone',
		method: 'sendQuickSMS',
		parameters: sms({ phone: V }),
		good: () => ['375291000001', '+375 (0) 29 100-00-03'],
		bad: '(029) 100-00-02',
		says: [/it is a national number: add the country code, e\.g\. \+375.*or set Default Country/],
	},
	{
		name: 'Send: Default Country that is not a country code',
		field: 'Default Country',
		method: 'sendQuickSMS',
		parameters: sms({ options: { defaultCountry: V } }),
		good: () => ['BY', 'gb'],
		bad: 'Belarus',
	},
	{
		name: 'Send: sender name given as a name, not an ID',
		field: 'Sender Name ID',
		method: 'sendQuickSMS',
		parameters: sms({ senderNameId: V }),
		good: (e) => [sender(e.account), sender(e.account)],
		bad: 'DemoShop',
	},
	{
		name: 'Send: sender name ID with a space',
		field: 'Sender Name ID',
		method: 'sendQuickSMS',
		parameters: sms({ senderNameId: V }),
		good: (e) => [sender(e.account), sender(e.account)],
		bad: '10 01',
	},
	{
		name: 'Send: message of spaces',
		field: 'Message',
		method: 'sendQuickSMS',
		parameters: sms({ message: V }),
		good: () => ['Hi', 'Hello'],
		bad: '   ',
	},
	{
		name: 'Send: forwarding time 4',
		field: 'Forward After (Minutes)',
		method: 'sendQuickSMS',
		parameters: sms({ options: { forwarding: true, forwardingTime: V } }),
		good: () => [5, 60],
		bad: 4,
	},
	{
		name: 'Send: forwarding time 61',
		field: 'Forward After (Minutes)',
		method: 'sendQuickSMS',
		parameters: sms({ options: { forwarding: true, forwardingTime: V } }),
		good: () => [30, 10],
		bad: 61,
	},
	{
		name: 'Send: forwarding time while forwarding is off',
		field: 'Forward After (Minutes)',
		method: 'sendQuickSMS',
		parameters: sms({ options: { forwarding: V, forwardingTime: 15 } }),
		good: () => [true, true],
		bad: false,
		shown: '"15"',
	},
	{
		name: 'Send: chat sender without forwarding',
		field: 'Chat Sender ID',
		method: 'sendQuickSMS',
		parameters: sms({ options: { chatnameId: V } }),
		good: () => ['', ''],
		bad: '2001',
	},
	{
		name: 'Send: template ID that is not a number',
		field: 'Template',
		method: 'sendQuickSMS',
		requests: ['getTemplateMessageById', 'getTemplateMessageById', 'sendQuickSMS', 'sendQuickSMS'],
		parameters: sms({ messageFrom: 'template', messageTemplate: byId(V) }),
		good: (emulator) => [
			String(emulator.account.templateIds[0]),
			String(emulator.account.templateIds[1]),
		],
		bad: 'Welcome',
		inRequests: true,
	},
	{
		name: 'Send: 161 GSM-7 characters (2 parts) with Max Parts 1',
		field: 'Message',
		method: 'sendQuickSMS',
		parameters: sms({ message: V, options: { maxParts: 1 } }),
		good: () => ['Hi', 'a'.repeat(160)],
		bad: 'a'.repeat(161),
	},
	{
		name: 'Send: one ’ makes 150 characters UCS-2 (3 parts) with Max Parts 2',
		field: 'Message',
		method: 'sendQuickSMS',
		parameters: sms({ message: V, options: { maxParts: 2 } }),
		good: () => [`${'a'.repeat(149)}'`, 'б'.repeat(134)],
		bad: `${'a'.repeat(149)}’`,
	},
	{
		name: 'Send: Max Parts 0',
		field: 'Max Parts',
		method: 'sendQuickSMS',
		parameters: sms({ options: { maxParts: V } }),
		good: () => [1, 10],
		bad: 0,
	},
	{
		name: 'Send: the API key pasted into Sender Name ID',
		field: 'Sender Name ID',
		method: 'sendQuickSMS',
		parameters: sms({ senderNameId: V }),
		good: (e) => [sender(e.account), sender(e.account)],
		bad: TEST_API_KEY,
		keyAsValue: true,
	},
	// an expression that cuts an emoji in half ('Hello 😀 world'.slice(0, 7)); the transport's safety net names the API field
	{
		name: 'Send: message with half an emoji',
		field: 'text in "message"',
		method: 'sendQuickSMS',
		parameters: sms({ message: V }),
		good: () => ['Hello 😀', 'Hi'],
		bad: 'Hello 😀 world'.slice(0, 7),
		says: [/: it is not valid Unicode/],
	},
	{
		name: 'Send: recipient time zone that is not one',
		field: 'Recipient Time Zone',
		method: 'sendQuickSMS',
		parameters: sms({ options: { quietHours: '00:00-23:00', recipientTimeZone: V } }),
		good: () => zonesWellInside('00:00-23:00'),
		bad: 'Mars/Olympus',
	},
] satisfies BadItemCase[];

/** SMS > Send: settings read once per run that refuse every item before any request, each naming its item. */
export const badSettings = [
	{
		name: 'Send: quiet hours 25:00-21:00',
		field: 'Quiet Hours',
		parameters: sms({ options: { quietHours: '25:00-21:00' } }),
		says: [/hours are 00 to 23/],
	},
	{
		name: 'Send: quiet hours that leave no time out',
		field: 'Quiet Hours',
		parameters: sms({ options: { quietHours: '09:00-09:00' } }),
	},
	{
		name: 'Send: Do Not Send To entry that is not a phone',
		field: 'Do Not Send To',
		parameters: sms({ options: { doNotSendTo: '+375 29 100-00-05; call me first' } }),
		says: [/entry 2 "call me first" is not a phone number/],
	},
	{
		name: 'Send: Do Not Send To rows without the phone field',
		field: 'Do Not Send To',
		parameters: sms({ options: { doNotSendTo: '={{ [{ id: 1, mobile: "+375291000005" }] }}' } }),
		says: [/entry 1 has no field "phone" \(its fields: id, mobile\)/],
	},
] satisfies BadSettingCase[];
