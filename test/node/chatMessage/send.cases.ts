import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import {
	BY_ITEM_ID,
	ITEM_VALUE as V,
	caseParams,
	photo,
	type BadItemCase,
	type UnknownTemplateCase,
} from '../../harness/badInputCase';
import { TEST_API_KEY } from '../../harness/keys';
import type { AccountIds } from '../../harness/params';

const LINK_150 = `https://s.example/${'a'.repeat(150 - 'https://s.example/'.length)}`;
const LINK_151 = `${LINK_150}b`;

/** A quick message to each item's own phone: a request for item 1 would carry its phone. */
const send = (rest: INodeParameters) =>
	caseParams('chatMessage', 'send', { phone: '={{ $json.phone }}', ...rest });
const chatSenders = (emulator: { account: AccountIds }) => [
	String(emulator.account.chatnameIds[0]),
	String(emulator.account.chatnameIds[0]),
];
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
const smsSenders = (emulator: { account: AccountIds }) => [
	String(emulator.account.alphanameIds[0]),
	String(emulator.account.alphanameIds[0]),
];

/** Chat Message > Send: item 1 of three is bad, refused before any request (test/harness/badItemCheck.ts). */
export const badItems = [
	{
		name: 'Send: chat sender given by name',
		field: 'Chat Sender ID',
		method: 'sendQuickChatMessage',
		parameters: send({ chatnameId: V }),
		good: chatSenders,
		bad: 'DemoSupport',
	},
	{
		name: 'Send: phone number too short',
		field: 'Phone',
		method: 'sendQuickChatMessage',
		parameters: send({ phone: V }),
		good: () => ['375291000001', '375291000003'],
		bad: '+375 29',
	},
	{
		name: 'Send: empty text',
		field: 'Message',
		method: 'sendQuickChatMessage',
		parameters: send({ message: V }),
		good: () => ['Hi', 'Hey'],
		bad: '',
	},
	{
		name: 'Send: image link with ftp://',
		field: 'Image URL',
		method: 'sendQuickChatMessage',
		parameters: send({ messageType: 'IMAGE', imageSource: 'url', imageUrl: V }),
		good: () => ['https://cdn.example/1.png', 'http://cdn.example/2.png'],
		bad: 'ftp://cdn.example/3.png',
	},
	{
		name: 'Send: image link without a scheme',
		field: 'Image URL',
		method: 'sendQuickChatMessage',
		parameters: send({ messageType: 'IMAGE', imageSource: 'url', imageUrl: V }),
		good: () => ['https://cdn.example/1.png', 'http://cdn.example/3.png'],
		bad: 'cdn.example/2.png',
	},
	{
		name: 'Send: image link left empty',
		field: 'Image URL',
		method: 'sendQuickChatMessage',
		parameters: send({ messageType: 'IMAGE', imageSource: 'url', imageUrl: V }),
		good: () => ['https://cdn.example/1.png', 'https://cdn.example/2.png'],
		bad: '',
	},
	{
		name: 'Send: button link of 151 characters',
		field: 'Button Link',
		method: 'sendQuickChatMessage',
		parameters: send({ messageType: 'BUTTON', buttonCaption: 'Go', buttonLink: V }),
		good: () => [LINK_150, 'https://s.example/ok'],
		bad: LINK_151,
	},
	{
		name: 'Send: button without a link',
		field: 'Button Link',
		method: 'sendQuickChatMessage',
		parameters: send({ messageType: 'BUTTON', buttonCaption: 'Go', buttonLink: V }),
		good: () => ['https://s.example/1', 'https://s.example/2'],
		bad: '',
	},
	{
		name: 'Send: button caption of spaces',
		field: 'Button Caption',
		method: 'sendQuickChatMessage',
		parameters: send({
			messageType: 'BUTTON',
			buttonCaption: V,
			buttonLink: 'https://s.example/1',
		}),
		good: () => ['Open', 'Buy'],
		bad: '  ',
	},
	{
		name: 'Send: forward after 3 minutes',
		field: 'Forward After (Minutes)',
		method: 'sendQuickChatMessage',
		parameters: send({ options: { forwardAsSms: true, forwardingTime: V } }),
		good: () => [5, 60],
		bad: 3,
	},
	{
		name: 'Send: forward after 61 minutes',
		field: 'Forward After (Minutes)',
		method: 'sendQuickChatMessage',
		parameters: send({ options: { forwardAsSms: true, forwardingTime: V } }),
		good: () => [5, 30],
		bad: 61,
	},
	{
		name: 'Send: SMS sender ID for forwarding with letters',
		field: 'Sender Name ID',
		method: 'sendQuickChatMessage',
		parameters: send({ options: { forwardAsSms: true, senderNameId: V } }),
		good: smsSenders,
		bad: 'DemoShop',
	},
	imageFromBinary('Send: image from a binary property that is missing', { other: photo()!.photo }),
	imageFromBinary('Send: image from a binary property that is a PDF', photo('application/pdf')),
	{
		name: 'Send: phone with a calling code no country has',
		field: 'Phone',
		method: 'sendQuickChatMessage',
		parameters: send({ phone: V }),
		good: () => ['375291000001', '+49 (0)151 2345 6789'],
		bad: '+999 123 4567',
		says: [/no country has a calling code that starts 999/],
	},
	{
		name: 'Send: national number written with the trunk prefix 8 and no Default Country',
		field: 'Phone',
		method: 'sendQuickChatMessage',
		parameters: send({ phone: V }),
		good: () => ['375291000001', '375291000003'],
		bad: '8 029 100-00-02',
		says: [/or set Default Country/],
	},
	{
		name: 'Send: the API key pasted into Phone Number',
		field: 'Phone',
		method: 'sendQuickChatMessage',
		parameters: send({ phone: V }),
		good: () => ['375291000001', '375291000003'],
		bad: TEST_API_KEY,
		keyAsValue: true,
	},
] satisfies BadItemCase[];

/** Item 1 of three names template 4999, which the service does not have. */
export const unknownTemplates = [
	{
		name: 'Send: a template ID that does not exist',
		method: 'sendQuickChatMessage',
		parameters: send({ messageFrom: 'template', messageTemplate: BY_ITEM_ID }),
	},
] satisfies UnknownTemplateCase[];
