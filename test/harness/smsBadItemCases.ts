import type { INodeParameters } from 'n8n-workflow';

import { ITEM_VALUE as V, type BadItemCases } from './badInputCase';
import { createdSmsMessage, deliveredSmsMessage, sentSms, smsBatch, smsListMailing, twice } from './badInputSetup';
import { TEST_API_KEY } from './keys';
import { byId, params, type AccountIds } from './params';

/** Emulator's manual clock starts here: a list mailing scheduled at it is sent as soon as it is confirmed. */
const EMULATOR_START = '2026-03-02T09:00:00.000Z';

const sms = (operation: string, rest: INodeParameters) => (account: AccountIds) => params(account, 'sms', operation, rest);
const sender = (account: AccountIds) => String(account.alphanameIds[0]);
const toList = (rest: INodeParameters) => (account: AccountIds) =>
	params(account, 'sms', 'sendToList', { listId: String(account.listIds[0]), mailingName: 'M', message: 'Hi', senderNameId: sender(account), sendAt: EMULATOR_START, ...rest });

/** The bad-input cases of the SMS operations that send or read one record per item (Send Batch: sendBatchBadInputCases.ts). */
export const smsBadItemCases = {
	send: [
		{ name: 'Send: phone with letters', field: 'Phone', method: 'sendQuickSMS', parameters: sms('send', { phone: V }), good: () => ['375291000001', '+375 (29) 100-00-03'], bad: '37529call' },
		{ name: 'Send: phone too short', field: 'Phone', method: 'sendQuickSMS', parameters: sms('send', { phone: V }), good: () => ['375291000001', '375291000003'], bad: '+37 5' },
		{ name: 'Send: phone of 16 digits', field: 'Phone', method: 'sendQuickSMS', parameters: sms('send', { phone: V }), good: () => ['375291000001', '375291000003'], bad: '3752910000011234' },
		{ name: 'Send: sender name given as a name, not an ID', field: 'Sender Name ID', method: 'sendQuickSMS', parameters: sms('send', { senderNameId: V }), good: (e) => [sender(e.account), sender(e.account)], bad: 'DemoShop' },
		{ name: 'Send: sender name ID with a space', field: 'Sender Name ID', method: 'sendQuickSMS', parameters: sms('send', { senderNameId: V }), good: (e) => [sender(e.account), sender(e.account)], bad: '10 01' },
		{ name: 'Send: message of spaces', field: 'Message', method: 'sendQuickSMS', parameters: sms('send', { message: V }), good: () => ['Hi', 'Hello'], bad: '   ' },
		{ name: 'Send: forwarding time 4', field: 'Forward After (Minutes)', method: 'sendQuickSMS', parameters: sms('send', { options: { forwarding: true, forwardingTime: V } }), good: () => [5, 60], bad: 4 },
		{ name: 'Send: forwarding time 61', field: 'Forward After (Minutes)', method: 'sendQuickSMS', parameters: sms('send', { options: { forwarding: true, forwardingTime: V } }), good: () => [30, 10], bad: 61 },
		{ name: 'Send: forwarding time while forwarding is off', field: 'Forward After (Minutes)', method: 'sendQuickSMS', parameters: sms('send', { options: { forwarding: V, forwardingTime: 15 } }), good: () => [true, true], bad: false, shown: '"15"' },
		{ name: 'Send: chat sender without forwarding', field: 'Chat Sender ID', method: 'sendQuickSMS', parameters: sms('send', { options: { chatnameId: V } }), good: () => ['', ''], bad: '2001' },
		{
			name: 'Send: template ID that is not a number',
			field: 'Template',
			method: 'sendQuickSMS',
			requests: ['getTemplateMessageById', 'getTemplateMessageById', 'sendQuickSMS', 'sendQuickSMS'],
			parameters: sms('send', { messageFrom: 'template', messageTemplate: byId(V) }),
			good: (emulator) => [String(emulator.account.templateIds[0]), String(emulator.account.templateIds[1])],
			bad: 'Welcome',
			inRequests: true,
		},
		{ name: 'Send: 161 GSM-7 characters (2 parts) with Max Parts 1', field: 'Message', method: 'sendQuickSMS', parameters: sms('send', { message: V, options: { maxParts: 1 } }), good: () => ['Hi', 'a'.repeat(160)], bad: 'a'.repeat(161) },
		{ name: 'Send: one ’ makes 150 characters UCS-2 (3 parts) with Max Parts 2', field: 'Message', method: 'sendQuickSMS', parameters: sms('send', { message: V, options: { maxParts: 2 } }), good: () => [`${'a'.repeat(149)}'`, 'б'.repeat(134)], bad: `${'a'.repeat(149)}’` },
		{ name: 'Send: Max Parts 0', field: 'Max Parts', method: 'sendQuickSMS', parameters: sms('send', { options: { maxParts: V } }), good: () => [1, 10], bad: 0 },
		{ name: 'Send: the API key pasted into Sender Name ID', field: 'Sender Name ID', method: 'sendQuickSMS', parameters: sms('send', { senderNameId: V }), good: (e) => [sender(e.account), sender(e.account)], bad: TEST_API_KEY, keyAsValue: true },
	],
	createMessage: [
		{ name: 'Create Message: empty message', field: 'Message', method: 'createSmsMessage', parameters: sms('createMessage', { message: V }), good: () => ['Stored 1', 'Stored 2'], bad: '' },
		{ name: 'Create Message: send time in words', field: 'Send At', method: 'createSmsMessage', parameters: sms('createMessage', { message: 'Hi', additionalFields: { sendAt: V } }), good: () => ['2026-03-05T10:30:00', '2026-03-05T10:30:00.000Z'], bad: 'next monday' },
	],
	getStatus: [
		{ name: 'Get Status: SMS ID with letters', field: 'SMS ID', method: 'checkSMS', parameters: sms('getStatus', { smsId: V }), good: twice(sentSms), bad: 'sms-30000001' },
		{ name: 'Get Status: negative SMS ID', field: 'SMS ID', method: 'checkSMS', parameters: sms('getStatus', { smsId: V }), good: twice(sentSms), bad: '-30000001' },
	],
	getMessageStatus: [
		{ name: 'Get Message Status: created message ID with letters', field: 'Created Message', method: 'checkSMSMessageStatus', parameters: sms('getMessageStatus', { createdMessageId: V }), good: twice(async (e, i) => await createdSmsMessage(e, `m${i}`)), bad: 'msg-1' },
		{ name: 'Get Message Status: ID in exponent form', field: 'Created Message', method: 'checkSMSMessageStatus', parameters: sms('getMessageStatus', { createdMessageId: V }), good: twice(async (e, i) => await createdSmsMessage(e, `m${i}`)), bad: '1e7' },
	],
	sendCreatedMessage: [
		{ name: 'Send Created Message: message ID with letters', field: 'Created Message', method: 'sendSMS', parameters: sms('sendCreatedMessage', { createdMessageId: V, phone: '375291000001' }), good: twice(async (e, i) => await createdSmsMessage(e, `c${i}`)), bad: 'msg-1' },
		{
			name: 'Send Created Message: bad phone',
			field: 'Phone',
			method: 'sendSMS',
			parameters: sms('sendCreatedMessage', { createdMessageId: '={{ $json.id }}', phone: V }),
			itemJson: async (emulator) => ({ id: await createdSmsMessage(emulator, 'Stored') }),
			good: () => ['375291000001', '375291000003'],
			bad: '+375-29',
		},
	],
	sendToList: [
		{ name: 'Send to List: mailing name of spaces', field: 'Mailing Name', method: 'sendSmsList', parameters: toList({ mailingName: V }), good: () => ['April', 'May'], bad: '  ' },
		{ name: 'Send to List: list given by name', field: 'Subscriber List ID', method: 'sendSmsList', parameters: toList({ listId: V }), good: (e) => e.account.listIds.slice(0, 2).map(String), bad: 'Customers' },
		{ name: 'Send to List: list ID with a decimal point', field: 'Subscriber List ID', method: 'sendSmsList', parameters: toList({ listId: V }), good: (e) => e.account.listIds.slice(0, 2).map(String), bad: '3001.5' },
		{ name: 'Send to List: 71 Cyrillic characters (2 parts) with Max Parts 1', field: 'Message', method: 'sendSmsList', parameters: toList({ message: V, options: { maxParts: 1 } }), good: () => ['б'.repeat(70), 'Hi'], bad: 'б'.repeat(71) },
		{ name: 'Send to List: send time in a wrong format', field: 'Send At', method: 'sendSmsList', parameters: toList({ sendAt: V }), good: () => ['2026-03-05T10:30:00', '2026-03-06T10:30:00'], bad: '31/03/2026 14:30' },
	],
	confirmListMailing: [
		{ name: 'Confirm List Mailing: empty mailing ID', field: 'Mailing', method: 'confirmSendMessageByList', parameters: sms('confirmListMailing', { messageId: V, confirmAction: 'info' }), good: twice(smsListMailing), bad: '' },
		{ name: 'Confirm List Mailing: mailing ID not a whole number', field: 'Mailing', method: 'confirmSendMessageByList', parameters: sms('confirmListMailing', { messageId: V, confirmAction: 'info' }), good: twice(smsListMailing), bad: '12.5' },
	],
	getManyDeliveries: [
		{
			name: 'Get Many Deliveries: ID with a hash',
			field: 'Message or Mailing',
			method: 'getSmsDeliveryList',
			requests: ['getSmsDeliveryList', 'getSmsDeliveryList', 'getSmsDeliveryList', 'getSmsDeliveryList'],
			parameters: sms('getManyDeliveries', { messageOrMailingId: V, returnAll: true }),
			good: twice(deliveredSmsMessage),
			bad: '#10000001',
		},
	],
	getBatchStatus: [
		{ name: 'Get Batch Status: not a UUID', field: 'Batch UUID', method: 'statusBulkSms', parameters: sms('getBatchStatus', { uuid: V }), good: twice(async (e) => await smsBatch(e)), bad: 'batch-1' },
		{ name: 'Get Batch Status: UUID cut short', field: 'Batch UUID', method: 'statusBulkSms', parameters: sms('getBatchStatus', { uuid: V }), good: twice(async (e) => await smsBatch(e)), bad: '3f2b8c1e-5d7a-4e9b-9c1f' },
	],
} satisfies BadItemCases;
