import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { defaultHint } from '../../helpers/accountDefaults';
import { imageFromBinary } from '../../helpers/binary';
import { isHttpUrl } from '../../helpers/fields';
import { invalidField } from '../../base/validation';
import type { ApiClient } from '../../transport/client';
import type { ApiParameters } from '../../transport/encode';
import { messageFromFields, resolveMessageText } from './messageFrom';

const IMAGE_SOURCES = [
	{ name: 'URL', value: 'url', description: 'A publicly reachable link to the image' },
	{
		name: 'Binary File',
		value: 'binary',
		description: 'An image file of the input item, uploaded with the message',
	},
];

/** `button_link` is at most 150 characters (spec, Limits). */
export const BUTTON_LINK_MAX = 150;

export const MESSAGE_TYPES = ['TEXT', 'IMAGE', 'BUTTON'] as const;
export type ChatMessageType = (typeof MESSAGE_TYPES)[number];

/** The chat sender name (`chatname_id`). */
export function chatSenderField(): INodeProperties {
	return {
		displayName: 'Chat Sender ID',
		name: 'chatnameId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 2001',
		description: `The ID of the chat sender the message comes from, as shown in your messaging service account. ${defaultHint('defaultChatnameId')}.`,
	};
}

function showFor(properties: INodeProperties[], show: IDataObject): INodeProperties[] {
	return properties.map((property) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, ...show } as NonNullable<
				INodeProperties['displayOptions']
			>['show'],
		},
	}));
}

/**
 * The content of a chat message, with fields that follow the message type:
 * TEXT shows the text (typed or from a template); IMAGE the image source; BUTTON the caption,
 * the link and an optional image.
 */
export function chatContentFields(): INodeProperties[] {
	return [
		{
			displayName: 'Message Type',
			name: 'messageType',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Text', value: 'TEXT', description: 'A text message' },
				{
					name: 'Image',
					value: 'IMAGE',
					description: 'An image, from a link or from a file of the input item',
				},
				{
					name: 'Button',
					value: 'BUTTON',
					description: 'A button that opens a link, with an optional image',
				},
			],
			default: 'TEXT',
		},
		...showFor(messageFromFields(), { messageType: ['TEXT'] }),
		{
			displayName: 'Image Source',
			name: 'imageSource',
			type: 'options',
			noDataExpression: true,
			options: [...IMAGE_SOURCES],
			default: 'url',
			displayOptions: { show: { messageType: ['IMAGE'] } },
		},
		{
			displayName: 'Button Caption',
			name: 'buttonCaption',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. Track my order',
			description: 'The text on the button',
			displayOptions: { show: { messageType: ['BUTTON'] } },
		},
		{
			displayName: 'Button Link',
			name: 'buttonLink',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://shop.example.com/orders/1234',
			description: `The link the button opens, at most ${BUTTON_LINK_MAX} characters`,
			displayOptions: { show: { messageType: ['BUTTON'] } },
		},
		{
			displayName: 'Image Source',
			name: 'imageSource',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'None', value: 'none', description: 'The button without an image' },
				...IMAGE_SOURCES,
			],
			default: 'none',
			description:
				'Where the image shown with the button comes from, or None for a button without an image',
			displayOptions: { show: { messageType: ['BUTTON'] } },
		},
		{
			displayName: 'Image URL',
			name: 'imageUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://example.com/picture.jpg',
			description: 'A publicly reachable http(s) link to the image; 800x800 px works best',
			displayOptions: { show: { messageType: ['IMAGE', 'BUTTON'], imageSource: ['url'] } },
		},
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			placeholder: 'e.g. data',
			description: 'The name of the binary property of the input item that holds the image file',
			hint: 'The image is uploaded with the message; 800x800 px works best',
			displayOptions: { show: { messageType: ['IMAGE', 'BUTTON'], imageSource: ['binary'] } },
		},
	];
}

async function readImage(
	context: IExecuteFunctions,
	itemIndex: number,
	source: string,
): Promise<ApiParameters> {
	if (source === 'binary') {
		const property = String(context.getNodeParameter('binaryPropertyName', itemIndex, '') ?? '');
		return { image: await imageFromBinary(context, itemIndex, property, 'Input Binary Field') };
	}
	const url = String(context.getNodeParameter('imageUrl', itemIndex, '') ?? '').trim();
	if (url === '') {
		throw invalidField(
			context.getNode(),
			'Image URL',
			url,
			'enter a link to the image, or choose "Binary File" as the image source',
			itemIndex,
		);
	}
	if (!isHttpUrl(url)) {
		throw invalidField(
			context.getNode(),
			'Image URL',
			url,
			'the image link must start with http:// or https:// and be publicly reachable',
			itemIndex,
		);
	}
	return { image_url: url };
}

/** What Send and Wait for Response puts in a message: the text (with the link) and the button link. */
export interface ResponseContent {
	text: string;
	buttonLink: string;
}

/**
 * The `type_message`, `message`, `image_url`/`image`, `button` and `button_link` parameters of
 * `sendQuickChatMessage` and `sendChatMessageList`, checked against the spec's rules.
 * With `response`, its text and link take the place of the Message and Button Link fields.
 */
export async function readChatContent(
	context: IExecuteFunctions,
	api: ApiClient,
	itemIndex: number,
	response?: ResponseContent,
): Promise<ApiParameters> {
	const type = String(context.getNodeParameter('messageType', itemIndex, 'TEXT'));
	if (type === 'TEXT') {
		return {
			type_message: 'TEXT',
			message: response?.text ?? (await resolveMessageText(context, api, itemIndex)),
		};
	}
	if (type === 'IMAGE') {
		const source = String(context.getNodeParameter('imageSource', itemIndex, 'url'));
		if (source !== 'url' && source !== 'binary') {
			throw invalidField(
				context.getNode(),
				'Image Source',
				source,
				'an image message needs an image: choose URL or Binary File',
				itemIndex,
			);
		}
		return { type_message: 'IMAGE', ...(await readImage(context, itemIndex, source)) };
	}
	if (type === 'BUTTON') {
		const caption = String(context.getNodeParameter('buttonCaption', itemIndex, '') ?? '');
		if (caption.trim() === '') {
			throw invalidField(
				context.getNode(),
				'Button Caption',
				caption,
				'a button message needs the text shown on the button',
				itemIndex,
			);
		}
		const link =
			response?.buttonLink ??
			String(context.getNodeParameter('buttonLink', itemIndex, '') ?? '').trim();
		if (link === '') {
			throw invalidField(
				context.getNode(),
				'Button Link',
				link,
				'a button message needs the link the button opens',
				itemIndex,
			);
		}
		if (link.length > BUTTON_LINK_MAX) {
			throw invalidField(
				context.getNode(),
				'Button Link',
				link,
				`the link has ${link.length} characters, at most ${BUTTON_LINK_MAX} are allowed; use a shorter link`,
				itemIndex,
			);
		}
		const source = String(context.getNodeParameter('imageSource', itemIndex, 'none'));
		const image = source === 'none' ? {} : await readImage(context, itemIndex, source);
		return { type_message: 'BUTTON', button: caption, button_link: link, ...image };
	}
	throw invalidField(
		context.getNode(),
		'Message Type',
		type,
		'choose Text, Image or Button',
		itemIndex,
	);
}
