import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { ITEM_PHONES, ITEM_VALUE as V, photo, shownValue, type BadItemCase, type BadItemCases } from './badInputCase';
import { chatBatch, chatListMailing, chatMailing, chatMailingsJson, twice } from './badInputSetup';
import { TEST_API_KEY } from './keys';
import { params, type AccountIds } from './params';

const LINK_150 = `https://s.example/${'a'.repeat(150 - 'https://s.example/'.length)}`;
const LINK_151 = `${LINK_150}b`;
const PERSONAL_IMAGE_MAILING = {
	name: 'Pic',
	alphaname_id: '1001',
	message_type: 'personal',
	content: { type: 'image', image_url: 'https://cdn.example/1.png' },
	delivery_list: [{ phone: '375291000001', text: 'Hi' }],
};

const chat = (operation: string, rest: INodeParameters) => (account: AccountIds) => params(account, 'chatMessage', operation, rest);
/** A quick message to each item's own phone: a request for item 1 would carry its phone. */
const send = (rest: INodeParameters) => chat('send', { phone: '={{ $json.phone }}', ...rest });
/** A list mailing whose text names its item's phone, for the same reason. */
const toList = (rest: INodeParameters) => chat('sendToList', { message: '={{ "for " + $json.phone }}', ...rest });
const chatSenders = (emulator: { account: AccountIds }) => [String(emulator.account.chatnameIds[0]), String(emulator.account.chatnameIds[0])];
/** An image from the binary property "photo": items 0 and 2 have a picture there, item 1 `binary`. */
const imageFromBinary = (name: string, binary: INodeExecutionData['binary']): BadItemCase => ({
	name,
	field: 'Input Binary Field',
	method: 'sendQuickChatMessage',
	parameters: send({ messageType: 'IMAGE', imageSource: 'binary', binaryPropertyName: V }),
	good: () => ['photo', 'photo'],
	bad: 'photo',
	binary: [photo(), binary, photo()],
	inRequests: true,
});
const smsSenders = (emulator: { account: AccountIds }) => [String(emulator.account.alphanameIds[0]), String(emulator.account.alphanameIds[0])];

/** The bad-input cases of the Chat Message operations. */
export const chatBadItemCases = {
	send: [
		{ name: 'Send: chat sender given by name', field: 'Chat Sender ID', method: 'sendQuickChatMessage', parameters: send({ chatnameId: V }), good: chatSenders, bad: 'DemoSupport' },
		{ name: 'Send: phone number too short', field: 'Phone', method: 'sendQuickChatMessage', parameters: send({ phone: V }), good: () => ['375291000001', '375291000003'], bad: '+375 29' },
		{ name: 'Send: empty text', field: 'Message', method: 'sendQuickChatMessage', parameters: send({ message: V }), good: () => ['Hi', 'Hey'], bad: '' },
		{ name: 'Send: image link with ftp://', field: 'Image URL', method: 'sendQuickChatMessage', parameters: send({ messageType: 'IMAGE', imageSource: 'url', imageUrl: V }), good: () => ['https://cdn.example/1.png', 'http://cdn.example/2.png'], bad: 'ftp://cdn.example/3.png' },
		{ name: 'Send: image link without a scheme', field: 'Image URL', method: 'sendQuickChatMessage', parameters: send({ messageType: 'IMAGE', imageSource: 'url', imageUrl: V }), good: () => ['https://cdn.example/1.png', 'http://cdn.example/3.png'], bad: 'cdn.example/2.png' },
		{ name: 'Send: image link left empty', field: 'Image URL', method: 'sendQuickChatMessage', parameters: send({ messageType: 'IMAGE', imageSource: 'url', imageUrl: V }), good: () => ['https://cdn.example/1.png', 'https://cdn.example/2.png'], bad: '' },
		{ name: 'Send: button link of 151 characters', field: 'Button Link', method: 'sendQuickChatMessage', parameters: send({ messageType: 'BUTTON', buttonCaption: 'Go', buttonLink: V }), good: () => [LINK_150, 'https://s.example/ok'], bad: LINK_151 },
		{ name: 'Send: button without a link', field: 'Button Link', method: 'sendQuickChatMessage', parameters: send({ messageType: 'BUTTON', buttonCaption: 'Go', buttonLink: V }), good: () => ['https://s.example/1', 'https://s.example/2'], bad: '' },
		{ name: 'Send: button caption of spaces', field: 'Button Caption', method: 'sendQuickChatMessage', parameters: send({ messageType: 'BUTTON', buttonCaption: V, buttonLink: 'https://s.example/1' }), good: () => ['Open', 'Buy'], bad: '  ' },
		{ name: 'Send: forward after 3 minutes', field: 'Forward After (Minutes)', method: 'sendQuickChatMessage', parameters: send({ options: { forwardAsSms: true, forwardingTime: V } }), good: () => [5, 60], bad: 3 },
		{ name: 'Send: forward after 61 minutes', field: 'Forward After (Minutes)', method: 'sendQuickChatMessage', parameters: send({ options: { forwardAsSms: true, forwardingTime: V } }), good: () => [5, 30], bad: 61 },
		{ name: 'Send: SMS sender ID for forwarding with letters', field: 'Sender Name ID', method: 'sendQuickChatMessage', parameters: send({ options: { forwardAsSms: true, senderNameId: V } }), good: smsSenders, bad: 'DemoShop' },
		imageFromBinary('Send: image from a binary property that is missing', { other: photo()!.photo }),
		imageFromBinary('Send: image from a binary property that is a PDF', photo('application/pdf')),
		{ name: 'Send: the API key pasted into Phone Number', field: 'Phone', method: 'sendQuickChatMessage', parameters: send({ phone: V }), good: () => ['375291000001', '375291000003'], bad: TEST_API_KEY, keyAsValue: true },
	],
	sendToList: [
		{ name: 'Send to List: list ID with letters', field: 'Subscriber List ID', method: 'sendChatMessageList', parameters: toList({ listId: V }), good: (e) => e.account.listIds.slice(0, 2).map(String), bad: 'Customers' },
		{ name: 'Send to List: send at in words', field: 'Send At', method: 'sendChatMessageList', parameters: toList({ options: { sendAt: V } }), good: () => ['2026-04-01T10:00:00', '2026-04-02T10:00:00'], bad: 'next tuesday' },
	],
	confirmListMailing: [
		{ name: 'Confirm List Mailing: ID with a trailing letter', field: 'Mailing', method: 'confirmChatMessage', parameters: chat('confirmListMailing', { messageId: V }), good: twice(chatListMailing), bad: '20000001x' },
	],
	getMailing: [
		{ name: 'Get Mailing: empty ID', field: 'Mailing', method: 'getChatMessageData', parameters: chat('getMailing', { messageId: V }), good: twice(chatMailing), bad: '' },
		{ name: 'Get Mailing: ID that is not a number', field: 'Mailing', method: 'getChatMessageData', parameters: chat('getMailing', { messageId: V }), good: twice(chatMailing), bad: 'abc' },
	],
	getDeliveryStatus: [
		{ name: 'Get Delivery Status: ID of 16 digits', field: 'Mailing', method: 'getChatDeliveryData', parameters: chat('getDeliveryStatus', { messageId: V }), good: twice(chatMailing), bad: '2000000100000001' },
	],
	getManyDeliveries: [
		{ name: 'Get Many Deliveries: ID with a minus', field: 'Mailing', method: 'getChatDeliveryList', parameters: chat('getManyDeliveries', { messageId: V, returnAll: true }), good: twice(chatMailing), bad: '-20000001' },
	],
	getBatchStatus: [
		{ name: 'Get Batch Status: not a UUID', field: 'Batch UUID', method: 'statusBulkChat', parameters: chat('getBatchStatus', { uuid: V }), good: twice(async (e) => await chatBatch(e)), bad: 'batch-42' },
	],
	sendBatch: [
		{
			name: 'Send Batch (JSON): image content in a personal mailing',
			field: 'Mailings (JSON)',
			method: 'sendBulkChat',
			parameters: chat('sendBatch', { buildFrom: 'json', messagesJson: V }),
			good: (e) => [chatMailingsJson(e.account), chatMailingsJson(e.account)],
			bad: JSON.stringify([PERSONAL_IMAGE_MAILING]),
			shown: shownValue(PERSONAL_IMAGE_MAILING),
		},
		{
			name: 'Send Batch (items): personal button link of 161 characters',
			field: 'Button Link',
			method: 'sendBulkChat',
			requests: ['sendBulkChat'],
			parameters: chat('sendBatch', { messageType: 'personal', contentType: 'button', imageUrl: 'https://cdn.example/1.png', buttonCaption: 'Open', personalText: 'Your offer', personalButtonLink: V }),
			good: () => ['https://shop.example/a', 'https://shop.example/b'],
			bad: `https://shop.example/${'x'.repeat(140)}`,
			sentTo: [ITEM_PHONES[0], ITEM_PHONES[2]],
		},
	],
} satisfies BadItemCases;
