import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { TEST_API_KEY } from '../../harness/keys';
import { byId, params } from '../../harness/params';
import { CALLBACK_URL, EMULATOR_START, phoneOf, type World } from './world';

export type Resource = 'sms' | 'verificationCode' | 'chatMessage' | 'reply' | 'template';

/**
 * One bad input: three items, of which item 1 carries the bad value (`$json.v`) and items 0
 * and 2 good ones. The bad item must fail with `Invalid <field> <value> in item 1: <rule>`
 * before any request; the good items must go through.
 */
export interface BadInputCase {
	resource: Resource;
	name: string;
	/** the field label the message names (plain text) */
	field: string;
	parameters(world: World): INodeParameters;
	/** values of items 0 and 2 (fresh for each run) */
	good(world: World): Promise<unknown[]> | unknown[];
	bad: unknown;
	/** how the message shows the bad value; default: as the field helper shows it */
	shown?: string;
	/** API requests the two good items make together (default 2) */
	requests?: number;
	/** the bad value may legitimately appear in the good items' requests (then only the count is checked) */
	inRequests?: boolean;
	/** binary data per item (for image uploads) */
	binary?: Array<INodeExecutionData['binary']>;
	/** the bad value is the API key itself: the message must name the field and item but not show the key */
	keyAsValue?: boolean;
}

const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
	'base64',
).toString('base64');
const png = (mimeType = 'image/png') => ({ photo: { data: PNG, mimeType, fileName: 'p.png' } });
const LONG_LINK = `https://shop.example/${'x'.repeat(140)}`;
const V = '={{ $json.v }}';

/** How `invalidField` shows a value (helpers/validation.ts). */
export function shownValue(value: unknown): string {
	if (value === undefined || value === null || value === '') return 'empty';
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	return `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;
}

const sms = (w: World, operation: string, rest: INodeParameters): INodeParameters => params(w.account, 'sms', operation, rest);
const chat = (w: World, operation: string, rest: INodeParameters): INodeParameters => params(w.account, 'chatMessage', operation, rest);
const otp = (w: World, rest: INodeParameters): INodeParameters => params(w.account, 'verificationCode', 'send', rest);
const template = (w: World, operation: string, rest: INodeParameters): INodeParameters => params(w.account, 'template', operation, rest);
const reply = (w: World, operation: string, rest: INodeParameters): INodeParameters => params(w.account, 'reply', operation, rest);
const twice =
	<T>(make: (world: World, i: number) => Promise<T>) =>
	async (world: World) => [await make(world, 0), await make(world, 2)];

const quickSms = (world: World, rest: INodeParameters = {}) => sms(world, 'send', rest);
const quickChat = (world: World, rest: INodeParameters = {}) => chat(world, 'send', { phone: '375291000001', message: 'Hi', ...rest });

async function listMailing(world: World, i: number): Promise<number> {
	const answer = await world.v1Form('sendSmsList', {
		name: `bad-input list ${i}`,
		message: 'Hi',
		d_schedule: '2026-03-05 10:30',
		list_id: world.account.listIds[0],
		alphaname_id: world.alphanameId,
	});
	return answer.message_id as number;
}

async function chatListMailing(world: World, i: number): Promise<number> {
	const result = (await world.v2('sendChatMessageList', {
		name: `bad-input chat list ${i}`,
		chatname_id: world.chatnameId,
		list_id: world.account.listIds[0],
		message: 'Hi',
	})) as IDataObject;
	return result.message_id as number;
}

/** A created SMS message sent to one phone, with its delivery listed (sent 5 s after hand-over). */
async function deliveredMessage(world: World, i: number): Promise<number> {
	const id = await world.createdSmsMessage(`delivered ${i}`);
	await world.v1('GET', 'sendSMS', { message_id: id, phone: phoneOf(i) });
	world.sandbox.advanceClock(10);
	return id;
}

/** A chat mailing with one reply, so that Get Many New outputs something for it. */
async function answeredMailing(world: World, i: number): Promise<number> {
	const id = await world.chatMailing(phoneOf(i), 'hello');
	world.reply(id, 'yes');
	return id;
}

function smsMailingJson(world: World, rest: IDataObject = {}): IDataObject[] {
	return [{ name: 'Sale', alphaname_id: world.alphanameId, message_type: 'bulk', text: 'Hi', delivery_list: ['375291000001'], ...rest }];
}

function chatMailingJson(world: World, rest: IDataObject = {}): IDataObject[] {
	return [
		{
			name: 'Sale',
			alphaname_id: world.alphanameId,
			message_type: 'bulk',
			content: { type: 'text', text: 'Hi' },
			delivery_list: ['375291000001'],
			...rest,
		},
	];
}

export const BAD_INPUT_CASES: BadInputCase[] = [
	// ------------------------------------------------------------------ SMS
	{ resource: 'sms', name: 'Send: phone with letters', field: 'Phone', parameters: (w) => quickSms(w, { phone: V }), good: () => ['375291000001', '+375 (29) 100-00-03'], bad: '37529call' },
	{ resource: 'sms', name: 'Send: phone of 16 digits', field: 'Phone', parameters: (w) => quickSms(w, { phone: V }), good: () => ['375291000001', '375291000003'], bad: '3752910000011234' },
	{ resource: 'sms', name: 'Send: sender name ID with a space', field: 'Sender Name ID', parameters: (w) => quickSms(w, { senderNameId: V }), good: (w) => [w.alphanameId, w.alphanameId], bad: '10 01' },
	{ resource: 'sms', name: 'Send: message of spaces', field: 'Message', parameters: (w) => quickSms(w, { message: V }), good: () => ['Hi', 'Hello'], bad: '   ' },
	{ resource: 'sms', name: 'Send: forwarding time 4', field: 'Forward After (Minutes)', parameters: (w) => quickSms(w, { options: { forwarding: true, forwardingTime: V } }), good: () => [5, 60], bad: 4 },
	{ resource: 'sms', name: 'Send: chat sender without forwarding', field: 'Chat Sender ID', parameters: (w) => quickSms(w, { options: { chatnameId: V } }), good: () => ['', ''], bad: '2001' },
	{
		resource: 'sms',
		name: 'Send: template ID that is not a number',
		field: 'Template',
		parameters: (w) => quickSms(w, { messageFrom: 'template', messageTemplate: byId(V) }),
		good: (w) => [String(w.account.templateIds[0]), String(w.account.templateIds[1])],
		bad: 'Welcome',
		requests: 4,
		inRequests: true,
	},
	{ resource: 'sms', name: 'Create Message: empty message', field: 'Message', parameters: (w) => sms(w, 'createMessage', { message: V }), good: () => ['Stored 1', 'Stored 2'], bad: '' },
	{ resource: 'sms', name: 'Create Message: send time in words', field: 'Send At', parameters: (w) => sms(w, 'createMessage', { message: 'Hi', additionalFields: { sendAt: V } }), good: () => ['2026-03-05T10:30:00', '2026-03-06T11:00:00'], bad: 'next monday' },
	{ resource: 'sms', name: 'Get Status: negative SMS ID', field: 'SMS ID', parameters: (w) => sms(w, 'getStatus', { smsId: V }), good: twice(async (w, i) => String(await (w.quickSms(phoneOf(i), 'status')))), bad: '-30000001' },
	{ resource: 'sms', name: 'Get Message Status: ID in exponent form', field: 'Created Message', parameters: (w) => sms(w, 'getMessageStatus', { createdMessageId: V }), good: twice(async (w, i) => String(await w.createdSmsMessage(`m${i}`))), bad: '1e7' },
	{ resource: 'sms', name: 'Send Created Message: message ID with letters', field: 'Created Message', parameters: (w) => sms(w, 'sendCreatedMessage', { createdMessageId: V, phone: '375291000001' }), good: twice(async (w, i) => String(await w.createdSmsMessage(`c${i}`))), bad: 'msg-1' },
	{ resource: 'sms', name: 'Send to List: mailing name of spaces', field: 'Mailing Name', parameters: (w) => sms(w, 'sendToList', { listId: String(w.account.listIds[0]), mailingName: V, message: 'Hi', senderNameId: w.alphanameId, sendAt: EMULATOR_START }), good: () => ['April', 'May'], bad: '  ' },
	{ resource: 'sms', name: 'Send to List: list ID with a decimal point', field: 'Subscriber List ID', parameters: (w) => sms(w, 'sendToList', { listId: V, mailingName: 'M', message: 'Hi', senderNameId: w.alphanameId, sendAt: EMULATOR_START }), good: (w) => [String(w.account.listIds[0]), String(w.account.listIds[1])], bad: '3001.5' },
	{ resource: 'sms', name: 'Confirm List Mailing: empty mailing ID', field: 'Mailing', parameters: (w) => sms(w, 'confirmListMailing', { messageId: V, confirmAction: 'info' }), good: twice(async (w, i) => String(await listMailing(w, i))), bad: '' },
	{ resource: 'sms', name: 'Get Many Deliveries: ID with a hash', field: 'Message or Mailing', parameters: (w) => sms(w, 'getManyDeliveries', { messageOrMailingId: V, returnAll: true }), good: twice(async (w, i) => String(await deliveredMessage(w, i))), bad: '#10000001', requests: 4 },
	{ resource: 'sms', name: 'Get Batch Status: UUID cut short', field: 'Batch UUID', parameters: (w) => sms(w, 'getBatchStatus', { uuid: V }), good: twice(async (w) => await w.batch('sendBulkSms', { callback_url: CALLBACK_URL, messages: smsMailingJson(w) })), bad: '3f2b8c1e-5d7a-4e9b-9c1f' },
	{ resource: 'sms', name: 'Send Batch (JSON): not JSON', field: 'Mailings (JSON)', parameters: (w) => sms(w, 'sendBatch', { buildFrom: 'json', messagesJson: V, callbackUrl: CALLBACK_URL }), good: (w) => [JSON.stringify(smsMailingJson(w)), JSON.stringify(smsMailingJson(w))], bad: '[{"name": "Sale",' },
	{ resource: 'sms', name: 'Send Batch (JSON): message type "group"', field: 'Mailings (JSON)', parameters: (w) => sms(w, 'sendBatch', { buildFrom: 'json', messagesJson: V, callbackUrl: CALLBACK_URL }), good: (w) => [JSON.stringify(smsMailingJson(w)), JSON.stringify(smsMailingJson(w))], bad: JSON.stringify([{ name: 'Sale', alphaname_id: '1001', message_type: 'group', text: 'Hi', delivery_list: ['375291000001'] }]), shown: '"group"' },
	{ resource: 'sms', name: 'Send Batch (JSON): callback URL that is not http(s)', field: 'Callback URL', parameters: (w) => sms(w, 'sendBatch', { buildFrom: 'json', messagesJson: JSON.stringify(smsMailingJson(w)), callbackUrl: V }), good: () => [CALLBACK_URL, CALLBACK_URL], bad: 'mailto:ops@example.com' },
	{ resource: 'sms', name: 'Send Batch (items): bad recipient phone', field: 'Phone', parameters: (w) => sms(w, 'sendBatch', { buildFrom: 'items', mailingName: 'Sale', senderNameId: w.alphanameId, messageType: 'bulk', text: 'Hi', recipientsFrom: 'define', recipientPhone: V, callbackUrl: CALLBACK_URL }), good: () => ['375291000001', '375291000003'], bad: '00-12', requests: 1 },
	{ resource: 'sms', name: 'Send Batch (items): bad phone in the phone field of an item', field: 'Phone (field "v")', parameters: (w) => sms(w, 'sendBatch', { buildFrom: 'items', mailingName: 'Sale', senderNameId: w.alphanameId, messageType: 'bulk', text: 'Hi', recipientsFrom: 'fields', phoneField: 'v', callbackUrl: CALLBACK_URL }), good: () => ['375291000001', '375291000003'], bad: '00-12', requests: 1 },
	{ resource: 'sms', name: 'Send Batch (items): personal text left empty', field: 'Text', parameters: (w) => sms(w, 'sendBatch', { buildFrom: 'items', mailingName: 'Sale', senderNameId: w.alphanameId, messageType: 'personal', recipientsFrom: 'define', personalText: V, recipientPhone: '={{ $json.phone }}', callbackUrl: CALLBACK_URL }), good: () => ['Hello Ann', 'Hello Bob'], bad: '' , requests: 1 },

	// ------------------------------------------------------------------ Verification Code
	{ resource: 'verificationCode', name: 'given code with a space', field: 'Verification Code', parameters: (w) => otp(w, { codeSource: 'given', code: V }), good: () => ['1234', '567890'], bad: '12 34' },
	{ resource: 'verificationCode', name: 'given code left empty', field: 'Verification Code', parameters: (w) => otp(w, { codeSource: 'given', code: V }), good: () => ['4321', '9'], bad: '' },
	{ resource: 'verificationCode', name: 'given code with a sign', field: 'Verification Code', parameters: (w) => otp(w, { codeSource: 'given', code: V }), good: () => ['1111', '2222'], bad: '-1234' },
	{ resource: 'verificationCode', name: 'generated code length 0', field: 'Code Length', parameters: (w) => otp(w, { codeSource: 'generate', codeLength: V }), good: () => [4, 16], bad: 0 },
	{ resource: 'verificationCode', name: 'generated code length 5.5', field: 'Code Length', parameters: (w) => otp(w, { codeSource: 'generate', codeLength: V }), good: () => [6, 8], bad: 5.5 },
	{ resource: 'verificationCode', name: 'phone left empty', field: 'Phone', parameters: (w) => otp(w, { phone: V }), good: () => ['375291000001', '375291000003'], bad: '' },
	{ resource: 'verificationCode', name: 'phone given as words (second app)', field: 'Phone', parameters: (w) => otp(w, { channel: 'appTwo', phone: V }), good: () => ['375291000001', '375291000003'], bad: 'my mobile' },

	// ------------------------------------------------------------------ Chat Message
	{ resource: 'chatMessage', name: 'Send: chat sender given by name', field: 'Chat Sender ID', parameters: (w) => quickChat(w, { chatnameId: V }), good: (w) => [w.chatnameId, w.chatnameId], bad: 'DemoSupport' },
	{ resource: 'chatMessage', name: 'Send: phone number too short', field: 'Phone', parameters: (w) => quickChat(w, { phone: V }), good: () => ['375291000001', '375291000003'], bad: '+375 29' },
	{ resource: 'chatMessage', name: 'Send: empty text', field: 'Message', parameters: (w) => quickChat(w, { message: V }), good: () => ['Hi', 'Hey'], bad: '' },
	{ resource: 'chatMessage', name: 'Send: image link with ftp://', field: 'Image URL', parameters: (w) => quickChat(w, { messageType: 'IMAGE', imageSource: 'url', imageUrl: V }), good: () => ['https://cdn.example/1.png', 'http://cdn.example/2.png'], bad: 'ftp://cdn.example/3.png' },
	{ resource: 'chatMessage', name: 'Send: button link of 161 characters', field: 'Button Link', parameters: (w) => quickChat(w, { messageType: 'BUTTON', buttonCaption: 'Open', buttonLink: V }), good: () => ['https://shop.example/1', 'https://shop.example/2'], bad: LONG_LINK },
	{ resource: 'chatMessage', name: 'Send: button without caption', field: 'Button Caption', parameters: (w) => quickChat(w, { messageType: 'BUTTON', buttonCaption: V, buttonLink: 'https://shop.example/1' }), good: () => ['Open', 'Buy'], bad: '' },
	{ resource: 'chatMessage', name: 'Send: forward after 61 minutes', field: 'Forward After (Minutes)', parameters: (w) => quickChat(w, { options: { forwardAsSms: true, forwardingTime: V } }), good: () => [5, 30], bad: 61 },
	{ resource: 'chatMessage', name: 'Send: SMS sender ID for forwarding with letters', field: 'Sender Name ID', parameters: (w) => quickChat(w, { options: { forwardAsSms: true, senderNameId: V } }), good: (w) => [w.alphanameId, w.alphanameId], bad: 'DemoShop' },
	{
		resource: 'chatMessage',
		name: 'Send: image from a binary property that is a PDF',
		field: 'Input Binary Field',
		parameters: (w) => quickChat(w, { messageType: 'IMAGE', imageSource: 'binary', binaryPropertyName: V }),
		good: () => ['photo', 'photo'],
		bad: 'photo',
		binary: [png(), png('application/pdf'), png()],
		inRequests: true,
	},
	{ resource: 'chatMessage', name: 'Send to List: list ID with letters', field: 'Subscriber List ID', parameters: (w) => chat(w, 'sendToList', { chatnameId: w.chatnameId, listId: V, messageType: 'TEXT', message: 'Hi' }), good: (w) => [String(w.account.listIds[0]), String(w.account.listIds[1])], bad: 'Staff' },
	{ resource: 'chatMessage', name: 'Send to List: send at in words', field: 'Send At', parameters: (w) => chat(w, 'sendToList', { chatnameId: w.chatnameId, listId: String(w.account.listIds[0]), messageType: 'TEXT', message: 'Hi', options: { sendAt: V } }), good: () => ['2026-04-01T10:00:00', '2026-04-02T10:00:00'], bad: 'after lunch' },
	{ resource: 'chatMessage', name: 'Confirm List Mailing: ID with a trailing letter', field: 'Mailing', parameters: (w) => chat(w, 'confirmListMailing', { messageId: V }), good: twice(async (w, i) => String(await chatListMailing(w, i))), bad: '20000001x' },
	{ resource: 'chatMessage', name: 'Get Mailing: empty ID', field: 'Mailing', parameters: (w) => chat(w, 'getMailing', { messageId: V }), good: twice(async (w, i) => String(await w.chatMailing(phoneOf(i), 'hello'))), bad: '' },
	{ resource: 'chatMessage', name: 'Get Delivery Status: ID of 16 digits', field: 'Mailing', parameters: (w) => chat(w, 'getDeliveryStatus', { messageId: V }), good: twice(async (w, i) => String(await w.chatMailing(phoneOf(i), 'hello'))), bad: '2000000100000001' },
	{ resource: 'chatMessage', name: 'Get Many Deliveries: ID with a minus', field: 'Mailing', parameters: (w) => chat(w, 'getManyDeliveries', { messageId: V, returnAll: true }), good: twice(async (w, i) => String(await w.chatMailing(phoneOf(i), 'hello'))), bad: '-20000001' },
	{ resource: 'chatMessage', name: 'Get Batch Status: not a UUID', field: 'Batch UUID', parameters: (w) => chat(w, 'getBatchStatus', { uuid: V }), good: twice(async (w) => await w.batch('sendBulkChat', { messages: chatMailingJson(w) })), bad: 'batch-42' },
	{ resource: 'chatMessage', name: 'Send Batch (JSON): image content in a personal mailing', field: 'Mailings (JSON)', parameters: (w) => chat(w, 'sendBatch', { buildFrom: 'json', messagesJson: V }), good: (w) => [JSON.stringify(chatMailingJson(w)), JSON.stringify(chatMailingJson(w))], bad: JSON.stringify([{ name: 'Pic', alphaname_id: '1001', message_type: 'personal', content: { type: 'image', image_url: 'https://cdn.example/1.png' }, delivery_list: [{ phone: '375291000001', text: 'Hi' }] }]), shown: shownValue({ name: 'Pic', alphaname_id: '1001', message_type: 'personal', content: { type: 'image', image_url: 'https://cdn.example/1.png' }, delivery_list: [{ phone: '375291000001', text: 'Hi' }] }) },
	{
		resource: 'chatMessage',
		name: 'Send Batch (items): personal button link of 161 characters',
		field: 'Button Link',
		parameters: (w) =>
			chat(w, 'sendBatch', {
				buildFrom: 'items',
				mailingName: 'Sale',
				senderNameId: w.alphanameId,
				messageType: 'personal',
				contentType: 'button',
				imageUrl: 'https://cdn.example/1.png',
				buttonCaption: 'Open',
				personalText: 'Your offer',
				recipientsFrom: 'define',
				personalButtonLink: V,
				recipientPhone: '={{ $json.phone }}',
			}),
		good: () => ['https://shop.example/a', 'https://shop.example/b'],
		bad: LONG_LINK,
		requests: 1,
	},

	// ------------------------------------------------------------------ Reply
	{ resource: 'reply', name: 'Get Many New: mailing ID in words', field: 'Mailing', parameters: (w) => reply(w, 'getManyNew', { messageId: V }), good: twice(async (w, i) => String(await answeredMailing(w, i))), bad: 'last mailing' },
	// reply IDs are strings in the spec: letters are allowed, other signs are not
	{ resource: 'reply', name: 'Mark as Read: reply ID with a hash', field: 'Reply IDs', parameters: (w) => reply(w, 'markAsRead', { replyIds: V }), good: twice(async (w, i) => w.reply(await w.chatMailing(phoneOf(i), 'q'), 'yes')), bad: '#40000001' },
	{ resource: 'reply', name: 'Mark as Read: only commas', field: 'Reply IDs', parameters: (w) => reply(w, 'markAsRead', { replyIds: V }), good: twice(async (w, i) => w.reply(await w.chatMailing(phoneOf(i), 'q'), 'yes')), bad: ', ,' },
	{
		resource: 'reply',
		name: 'Mark as Read, all items in one request: one bad item',
		field: 'Reply IDs',
		parameters: (w) => reply(w, 'markAsRead', { replyIds: V, options: { combineItems: true } }),
		good: twice(async (w, i) => w.reply(await w.chatMailing(phoneOf(i), 'q'), 'yes')),
		bad: '40000001;x!',
		requests: 1,
	},

	// ------------------------------------------------------------------ Template
	{ resource: 'template', name: 'Create: empty name', field: 'Name', parameters: (w) => template(w, 'create', { name: V, message: 'Text' }), good: () => ['Welcome back', 'Goodbye'], bad: '' },
	{ resource: 'template', name: 'Create: message of spaces', field: 'Message', parameters: (w) => template(w, 'create', { name: 'T', message: V }), good: () => ['Text 1', 'Text 2'], bad: '    ' },
	{ resource: 'template', name: 'Get: template ID in words', field: 'Template', parameters: (w) => template(w, 'get', { template: byId(V) }), good: (w) => [String(w.account.templateIds[0]), String(w.account.templateIds[1])], bad: 'Welcome' },
	{ resource: 'template', name: 'Delete: empty template ID', field: 'Template', parameters: (w) => template(w, 'delete', { template: byId(V) }), good: twice(async (w, i) => String(await w.template(`to delete ${i}`, 'x'))), bad: '' },
	{ resource: 'template', name: 'Update: new message of spaces', field: 'Message', parameters: (w) => template(w, 'update', { template: byId(String(w.account.templateIds[0])), updateFields: { message: V } }), good: () => ['New text', 'Other text'], bad: '   ', requests: 4 },
	{ resource: 'template', name: 'Update: new name left empty', field: 'Name', parameters: (w) => template(w, 'update', { template: byId(String(w.account.templateIds[1])), updateFields: { name: V } }), good: () => ['New A', 'New B'], bad: '', requests: 4 },

	// ------------------------------------------------------------------ the API key typed into a field (the message must not show it)
	{ resource: 'sms', name: 'Send: the API key pasted into Sender Name ID', field: 'Sender Name ID', parameters: (w) => quickSms(w, { senderNameId: V }), good: (w) => [w.alphanameId, w.alphanameId], bad: TEST_API_KEY, keyAsValue: true },
	{ resource: 'chatMessage', name: 'Send: the API key pasted into Phone Number', field: 'Phone', parameters: (w) => quickChat(w, { phone: V }), good: () => ['375291000001', '375291000003'], bad: TEST_API_KEY, keyAsValue: true },
	{ resource: 'verificationCode', name: 'the API key pasted into Verification Code', field: 'Verification Code', parameters: (w) => otp(w, { codeSource: 'given', code: V }), good: () => ['1234', '5678'], bad: TEST_API_KEY, keyAsValue: true },
	// (reply IDs are strings: the bare key would pass as one and go to the service it belongs to; pasted with a sign it is refused, unshown)
	{ resource: 'reply', name: 'Mark as Read: the API key pasted into Reply IDs', field: 'Reply IDs', parameters: (w) => reply(w, 'markAsRead', { replyIds: V }), good: twice(async (w, i) => w.reply(await w.chatMailing(phoneOf(i), 'q'), 'yes')), bad: `${TEST_API_KEY}!`, keyAsValue: true },
	{ resource: 'template', name: 'Get: the API key pasted into the template ID', field: 'Template', parameters: (w) => template(w, 'get', { template: byId(V) }), good: (w) => [String(w.account.templateIds[0]), String(w.account.templateIds[1])], bad: TEST_API_KEY, keyAsValue: true },
	{
		resource: 'sms',
		name: 'Send Batch (JSON): a mailing that carries the key as "token"',
		field: 'Mailings (JSON)',
		parameters: (w) => sms(w, 'sendBatch', { buildFrom: 'json', messagesJson: V, callbackUrl: CALLBACK_URL }),
		good: (w) => [JSON.stringify(smsMailingJson(w)), JSON.stringify(smsMailingJson(w))],
		bad: JSON.stringify([{ token: TEST_API_KEY, name: 'Sale', alphaname_id: '1001', message_type: 'bulk', text: 'Hi', delivery_list: ['375291000001'] }]),
		keyAsValue: true,
	},
];
