import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { checkText, isHttpUrl } from '../../helpers/fields';
import { invalidField } from '../../base/validation';
import { forOperation } from '../display';
import {
	batchFields,
	DEFINED_BELOW,
	executeBatch,
	FROM_ITEM_FIELDS,
	personalTextFields,
	type BatchChannel,
	type MessageType,
} from '../shared/batch';
import { BUTTON_LINK_MAX } from '../shared/chatContent';
import type { ExecutionTools } from '../types';

/**
 * `sendBulkChat`: chat mailings from the input items (or JSON), with the spec's content
 * variants: text, image (bulk only) and button (link at most 150 characters; in a personal
 * mailing each recipient has its own link). No file upload: the batch is JSON, images are links.
 */

const contentOptions = [
	{ name: 'Text', value: 'text', description: 'A text message' },
	{ name: 'Image', value: 'image', description: 'An image from a link (same image for everyone)' },
	{
		name: 'Button',
		value: 'button',
		description: 'A text with an image and a button that opens a link',
	},
];

const CONTENT_TYPES = contentOptions.map((option) => option.value);

/** A field of the mailing, read from the first item. */
function readText(
	context: IExecuteFunctions,
	parameter: string,
	label: string,
	rule: string,
): string {
	return checkText(context, context.getNodeParameter(parameter, 0, ''), label, 0, rule);
}

function checkButtonLink(
	context: IExecuteFunctions,
	value: unknown,
	label: string,
	itemIndex: number,
): string {
	const link = typeof value === 'string' ? value.trim() : '';
	if (link === '')
		throw invalidField(
			context.getNode(),
			label,
			value,
			'a button mailing needs the link the button opens',
			itemIndex,
		);
	if (link.length > BUTTON_LINK_MAX) {
		throw invalidField(
			context.getNode(),
			label,
			link,
			`the link has ${link.length} characters, at most ${BUTTON_LINK_MAX} are allowed; use a shorter link`,
			itemIndex,
		);
	}
	return link;
}

function readImageUrl(context: IExecuteFunctions): string {
	const url = readText(
		context,
		'imageUrl',
		'Image URL',
		'give a publicly reachable link to the image',
	);
	if (!isHttpUrl(url.trim())) {
		throw invalidField(
			context.getNode(),
			'Image URL',
			url,
			'the image link must start with http:// or https:// and be publicly reachable',
			0,
		);
	}
	return url.trim();
}

function contentTypeOf(context: IExecuteFunctions): string {
	return String(context.getNodeParameter('contentType', 0, 'text'));
}

function jsonProblem(mailing: IDataObject, where: string): string | undefined {
	const content = mailing.content;
	if (typeof content !== 'object' || content === null || Array.isArray(content)) {
		return `${where}: "content" must be an object with "type" text, image or button`;
	}
	const c = content as IDataObject;
	const bulk = mailing.message_type === 'bulk';
	const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
	if (!CONTENT_TYPES.includes(String(c.type)))
		return `${where}: "content.type" must be "text", "image" or "button"`;
	if (c.type === 'image' && !bulk)
		return `${where}: image content is allowed only in a "bulk" mailing`;
	if (
		(c.type === 'image' || c.type === 'button') &&
		(!filled(c.image_url) || !isHttpUrl(String(c.image_url).trim()))
	) {
		return `${where}: "content.image_url" must be a publicly reachable http(s) link to the image`;
	}
	if (bulk && (c.type === 'text' || c.type === 'button') && !filled(c.text)) {
		return `${where}: a bulk ${String(c.type)} mailing needs "content.text"`;
	}
	if (c.type === 'button') {
		if (!filled(c.caption))
			return `${where}: a button mailing needs "content.caption", the text on the button`;
		const links = bulk
			? [c.button_link]
			: (mailing.delivery_list as IDataObject[]).map((entry) =>
					typeof entry === 'object' ? entry.button_link : undefined,
				);
		const place = bulk ? '"content.button_link"' : 'each delivery_list entry\'s "button_link"';
		for (const link of links) {
			if (!filled(link))
				return `${where}: a ${bulk ? 'bulk' : 'personal'} button mailing needs ${place}`;
			if (String(link).length > BUTTON_LINK_MAX) {
				return `${where}: ${place} is ${String(link).length} characters long, at most ${BUTTON_LINK_MAX} are allowed`;
			}
		}
	}
	return undefined;
}

export const chatBatchChannel: BatchChannel = {
	method: 'sendBulkChat',
	callbackRequired: false,
	mailingContent(context, messageType: MessageType) {
		const type = contentTypeOf(context);
		const node = context.getNode();
		if (!CONTENT_TYPES.includes(type))
			throw invalidField(node, 'Content', type, 'choose Text, Image or Button', 0);
		if (type === 'image' && messageType === 'personal') {
			throw invalidField(
				node,
				'Content',
				'Image',
				'an image mailing sends the same image to everyone: choose "Same Text for All" as the Message Type, or Text or Button content',
				0,
			);
		}
		if (type === 'text') {
			if (messageType === 'personal') return { content: { type: 'text' } };
			return {
				content: {
					type: 'text',
					text: readText(context, 'chatText', 'Text', 'give the text sent to every recipient'),
				},
			};
		}
		const imageUrl = readImageUrl(context);
		if (type === 'image') return { content: { type: 'image', image_url: imageUrl } };
		const caption = readText(
			context,
			'buttonCaption',
			'Button Caption',
			'a button mailing needs the text shown on the button',
		);
		if (messageType === 'personal')
			return { content: { type: 'button', image_url: imageUrl, caption } };
		const text = readText(
			context,
			'chatText',
			'Text',
			'give the text sent with the button to every recipient',
		);
		const link = checkButtonLink(
			context,
			context.getNodeParameter('buttonLink', 0, ''),
			'Button Link',
			0,
		);
		return { content: { type: 'button', image_url: imageUrl, caption, button_link: link, text } };
	},
	personalEntry(context, itemIndex, phone, values) {
		const personalText = values('personalText', 'Text');
		const text = checkText(
			context,
			personalText.value,
			personalText.label,
			itemIndex,
			'each recipient of a personal mailing needs its own text',
		);
		if (contentTypeOf(context) !== 'button') return { phone, text };
		const link = values('personalButtonLink', 'Button Link');
		return {
			phone,
			text,
			button_link: checkButtonLink(context, link.value, link.label, itemIndex),
		};
	},
	jsonMembers: [
		'alphaname_id',
		'name',
		'message_type',
		'schedule_time',
		'content',
		'delivery_list',
	],
	checkJsonMailing: jsonProblem,
};

const bulk = { messageType: ['bulk'] };
const personal = { messageType: ['personal'] };

const contentFields: INodeProperties[] = [
	{
		displayName: 'Content',
		name: 'contentType',
		type: 'options',
		noDataExpression: true,
		options: contentOptions,
		default: 'text',
		displayOptions: { show: bulk },
	},
	{
		displayName: 'Content',
		name: 'contentType',
		type: 'options',
		noDataExpression: true,
		options: contentOptions.filter((option) => option.value !== 'image'),
		default: 'text',
		description: 'Image content is possible only with "Same Text for All"',
		displayOptions: { show: personal },
	},
	{
		displayName: 'Text',
		name: 'chatText',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder: 'e.g. Spring sale: 20% off everything until Sunday',
		description: 'The text sent to every recipient. Read from the first item.',
		displayOptions: { show: { ...bulk, contentType: ['text', 'button'] } },
	},
	...personalTextFields('text'),
	{
		displayName: 'Image URL',
		name: 'imageUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/picture.jpg',
		description:
			'A publicly reachable http(s) link to the image (800x800 px works best). Read from the first item.',
		displayOptions: { show: { contentType: ['image', 'button'] } },
	},
	{
		displayName: 'Button Caption',
		name: 'buttonCaption',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Shop now',
		description: 'The text on the button. Read from the first item.',
		displayOptions: { show: { contentType: ['button'] } },
	},
	{
		displayName: 'Button Link',
		name: 'buttonLink',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://shop.example.com/sale',
		description: `The link the button opens, at most ${BUTTON_LINK_MAX} characters. Read from the first item.`,
		displayOptions: { show: { ...bulk, contentType: ['button'] } },
	},
	{
		displayName: 'Button Link',
		name: 'personalButtonLink',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.link }}',
		description: `The link the button opens for the recipient of each item, at most ${BUTTON_LINK_MAX} characters; use an expression so that each item gives its own link`,
		displayOptions: { show: { ...personal, ...DEFINED_BELOW, contentType: ['button'] } },
	},
	{
		displayName: 'Button Link Field',
		name: 'personalButtonLinkField',
		type: 'string',
		required: true,
		requiresDataPath: 'single',
		default: 'link',
		placeholder: 'e.g. link',
		description: `The name of the field of each input item that holds the link the button opens for its recipient, at most ${BUTTON_LINK_MAX} characters`,
		displayOptions: { show: { ...personal, ...FROM_ITEM_FIELDS, contentType: ['button'] } },
	},
];

export const description: INodeProperties[] = forOperation(
	'chatMessage',
	'sendBatch',
	batchFields({
		callbackRequired: false,
		contentFields,
		senderDescription:
			'The ID of an SMS sender name (alphaname_id, e.g. 1001), which the service expects for chat batches too; a chat sender ID (e.g. 2001) is refused here.',
		jsonExample:
			'[{"name": "Sale", "alphaname_id": "1001", "message_type": "bulk", "content": {"type": "text", "text": "Hello"}, "delivery_list": ["375291234567"]}]',
	}),
);

export async function executeAll(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	tools: ExecutionTools,
): Promise<INodeExecutionData[]> {
	return await executeBatch.call(this, items, tools, chatBatchChannel);
}
