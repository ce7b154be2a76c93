/** The fields of a batch operation, as the SMS and the chat Send Batch show them. */
import type { INodeProperties } from 'n8n-workflow';

import { defaultHint } from '../../../helpers/accountDefaults';
import { optionsCollection, sendAtFields } from '../../common';
import { doNotSendToOptions, quietHoursOptions } from '../../../guards/options';

/** What node version 1 called the "when to send" field of Send Batch. */
export const SCHEDULE_TIME_VERSION_1 = { name: 'scheduleTime', displayName: 'Schedule Time' };

export const DEFAULT_CHUNK_SIZE = 1000;
export const MAX_CHUNK_SIZE = 10000;

/** Display conditions for the two ways of giving what each recipient of a mailing gets. */
export const FROM_ITEM_FIELDS = { recipientsFrom: ['fields'] };
export const DEFINED_BELOW = { recipientsFrom: ['define'] };

/**
 * The own text of each recipient of a personal mailing, in both ways of giving it (`noun`: what
 * the text is, e.g. "SMS"); read through `RecipientValues` as `personalText`.
 */
export function personalTextFields(noun: string): INodeProperties[] {
	const personal = { messageType: ['personal'] };
	return [
		{
			displayName: 'Text',
			name: 'personalText',
			type: 'string',
			typeOptions: { rows: 4 },
			required: true,
			default: '',
			placeholder: 'e.g. {{ $json.text }}',
			description: `The ${noun} for the recipient of each item; use an expression so that each item gives its own text`,
			hint: 'E.g. {{ $json.text }} reads the "text" field of each item',
			displayOptions: { show: { ...personal, ...DEFINED_BELOW } },
		},
		{
			displayName: 'Text Field',
			name: 'personalTextField',
			type: 'string',
			required: true,
			requiresDataPath: 'single',
			default: 'text',
			placeholder: 'e.g. text',
			description: `The name of the field of each input item that holds the ${noun} for its recipient`,
			displayOptions: { show: { ...personal, ...FROM_ITEM_FIELDS } },
		},
	];
}

export interface BatchFieldsOptions {
	callbackRequired: boolean;
	/**
	 * fields shown when mailings are built from items, after the phone (e.g. the text); the
	 * personal ones in both variants, shown with `DEFINED_BELOW` and `FROM_ITEM_FIELDS`
	 */
	contentFields: INodeProperties[];
	/** an example of the JSON field */
	jsonExample: string;
	/** what the sender name ID is for this channel, in a sentence */
	senderDescription: string;
	/** the channel's own options, beside Chunk Size and Send At */
	moreOptions?: INodeProperties[];
}

/** The fields of a batch operation (wrap them with `forOperation`). */
export function batchFields(options: BatchFieldsOptions): INodeProperties[] {
	const fromItems = { show: { buildFrom: ['items'] } };
	return [
		{
			displayName: 'Build Mailings From',
			name: 'buildFrom',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Input Items',
					value: 'items',
					description:
						'Each input item is one recipient; all items go out in one mailing (split into chunks), so many items cost few requests',
				},
				{
					name: 'JSON',
					value: 'json',
					description:
						'For each input item, give the list of mailings as JSON, as the service expects it',
				},
			],
			default: 'items',
			builderHint: {
				propertyHint:
					'Keep `buildFrom=items` and connect the node that outputs one item per recipient; name the field that holds the phone in `phoneField`. Use `buildFrom=json` only when the input already holds the messages array of the service.',
			},
		},
		{
			displayName: 'Sender Name ID',
			name: 'senderNameId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 1001',
			description: `${options.senderDescription} Read from the first item. ${defaultHint('defaultSenderNameId')}.`,
			displayOptions: fromItems,
		},
		{
			displayName: 'Mailing Name',
			name: 'mailingName',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Spring sale',
			description:
				'The name of the mailing. Read from the first item. When the recipients are split into several chunks, each mailing is named "Spring sale (part 1 of 3)" and so on.',
			displayOptions: fromItems,
		},
		{
			displayName: 'Message Type',
			name: 'messageType',
			type: 'options',
			options: [
				{
					name: 'Same Text for All',
					value: 'bulk',
					description: 'One text, sent to every recipient',
				},
				{
					name: 'Own Text per Recipient',
					value: 'personal',
					description: 'Each input item gives its own text',
				},
			],
			default: 'bulk',
			builderHint: {
				propertyHint:
					'`messageType=bulk` sends one text to all recipients; `messageType=personal` sends each item its own text, from `personalText` or `personalTextField`. Chat image content works only with `messageType=bulk`.',
			},
			displayOptions: fromItems,
		},
		{
			displayName: 'Recipients From',
			name: 'recipientsFrom',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Fields of Each Item',
					value: 'fields',
					description:
						'Name the fields of the input items that hold the phone (and, for own texts, the text); the fastest for thousands of recipients',
				},
				{
					name: 'Define Below',
					value: 'define',
					description: 'Give the phone (and own text) for each item, usually with an expression',
				},
			],
			default: 'fields',
			displayOptions: fromItems,
		},
		{
			displayName: 'Phone Field',
			name: 'phoneField',
			type: 'string',
			required: true,
			requiresDataPath: 'single',
			default: 'phone',
			placeholder: 'e.g. phone',
			description:
				'The name of the field of each input item that holds the phone number with the country code, e.g. phone; use dots for a nested field, e.g. contact.phone.',
			displayOptions: { show: { ...fromItems.show, ...FROM_ITEM_FIELDS } },
		},
		{
			displayName: 'Phone',
			name: 'recipientPhone',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. {{ $json.phone }}',
			description:
				'The phone number of the recipient of each item, with the country code, e.g. +375 29 123-45-67. Use an expression so that each item gives its own number.',
			hint: 'E.g. {{ $json.phone }} reads the "phone" field of each item',
			displayOptions: { show: { ...fromItems.show, ...DEFINED_BELOW } },
		},
		...options.contentFields.map((field) => ({
			...field,
			displayOptions: { show: { ...fromItems.show, ...(field.displayOptions?.show ?? {}) } },
		})),
		{
			displayName: 'Mailings (JSON)',
			name: 'messagesJson',
			type: 'json',
			required: true,
			default: '[]',
			placeholder: `e.g. ${options.jsonExample}`,
			description:
				'The "messages" array of the request: one object per mailing with name, alphaname_id, message_type ("bulk" or "personal"), optional schedule_time (YYYY-MM-DDTHH:mm:ss) and delivery_list. One request is sent per input item.',
			displayOptions: { show: { buildFrom: ['json'] } },
		},
		{
			displayName: 'Callback URL',
			name: 'callbackUrl',
			type: 'string',
			required: options.callbackRequired,
			default: '',
			placeholder:
				'e.g. https://n8n.example.com/webhook/3f2b8c1e-5d7a-4e9b-9c1f-2a6d8e4b7c90/callback',
			description: `The address the service calls with the outcome of each request${options.callbackRequired ? ' (the service requires one)' : ''}. To start a workflow with the outcomes, add a Messaging Service Callback Trigger with the same credential, publish its workflow and paste its Production URL here. Each chunk's URL gets its number (chunk, chunks), the run's reference (ref) and a signature (sig) in its query.`,
			hint: 'Paste the Production URL of a Messaging Service Callback Trigger; each chunk of the batch starts its own execution there',
		},
		optionsCollection(
			[
				{
					displayName: 'Chunk Size',
					name: 'chunkSize',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: MAX_CHUNK_SIZE },
					default: DEFAULT_CHUNK_SIZE,
					description: `How many recipients go into one mailing (one request) when mailings are built from input items; more recipients are split into several mailings. At most ${MAX_CHUNK_SIZE}.`,
				},
				...sendAtFields(SCHEDULE_TIME_VERSION_1),
				...(options.moreOptions ?? []),
				// mailings given as JSON are sent as written
				...[...doNotSendToOptions, ...quietHoursOptions].map((option) => ({
					...option,
					displayOptions: { show: { '/buildFrom': ['items'] } },
				})),
			],
			{ concurrency: false },
		),
	];
}
