/**
 * Batch mailings (`sendBulkSms`, `sendBulkChat`): built from the input items (each item one
 * recipient, gathered into chunked mailings) or given as JSON (one request per item).
 *
 * How a batch operation uses it (see actions/sms/sendBatch.operation.ts):
 *
 *   const channel: BatchChannel = { method: 'sendBulkSms', callbackRequired: true, ... };
 *   export const description = forOperation('sms', 'sendBatch', batchFields({ ...channel fields }));
 *   export async function executeAll(this, items, tools) {
 *     return await executeBatch.call(this, items, tools, channel);
 *   }
 *
 * Field names it reads: `buildFrom` ('items' | 'json'), `mailingName`, `senderNameId`,
 * `messageType` ('bulk' | 'personal'), `recipientsFrom` ('fields' | 'define'), `phoneField` or
 * `recipientPhone`, `callbackUrl`, `messagesJson`, `options.scheduleTime`, `options.chunkSize`.
 * The channel reads its own content fields; what each recipient of a personal mailing gives
 * comes through `RecipientValues` (parameter `x` below, or the item field named by `xField`).
 *
 * The status side is in batchStatus.ts.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	IPairedItemData,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, jsonParse } from 'n8n-workflow';

import { defaultHint, readIdOrAccountDefault } from '../../helpers/accountDefaults';
import { asId, checkPhone, checkTime, isHttpUrl, ID_RULE } from '../../helpers/fields';
import { itemField } from '../../helpers/itemField';
import { normalizePhone, PHONE_RULE } from '../../helpers/phone';
import { invalidField } from '../../helpers/validation';
import { timeoutOption } from '../common';
import { asItemError, errorItem } from '../itemErrors';
import type { ExecutionTools } from '../types';

export const DEFAULT_CHUNK_SIZE = 1000;
export const MAX_CHUNK_SIZE = 10000;

export type MessageType = 'bulk' | 'personal';

/** One recipient of a mailing: a phone (bulk) or an entry `{phone, text, ...}` (personal). */
export type DeliveryEntry = string | IDataObject;

/** `recipientsFrom`: each recipient's phone (and personal values) from item fields, or defined below */
export type RecipientsFrom = 'fields' | 'define';

/** Display conditions for the two ways of giving what each recipient of a mailing gets. */
export const FROM_ITEM_FIELDS = { recipientsFrom: ['fields'] };
export const DEFINED_BELOW = { recipientsFrom: ['define'] };

/**
 * What one recipient of a personal mailing gives, by the parameter that defines it below (e.g.
 * `personalText`): its value, and the label to name in an error. From item fields, the value is
 * the field named by the parameter `<parameter>Field` (e.g. `personalTextField`).
 */
export type RecipientValues = (parameter: string, label: string) => { value: unknown; label: string };

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

/** What differs between the SMS and the chat batch methods. */
export interface BatchChannel {
	method: 'sendBulkSms' | 'sendBulkChat';
	/** `callback_url` is required by `sendBulkSms`, optional for `sendBulkChat` */
	callbackRequired: boolean;
	/**
	 * The mailing's members besides name, alphaname_id, message_type, schedule_time and
	 * delivery_list (SMS: `{text}` for bulk; chat: `{content}`), read from item 0 when mailings
	 * are built from items. Throws `invalidField(..., 0)` for a bad value.
	 */
	mailingContent(context: IExecuteFunctions, messageType: MessageType): IDataObject;
	/**
	 * The personal delivery entry of one item, given its checked phone and its values:
	 * `{phone, text, ...}`. Throws `invalidField(..., itemIndex)` for a bad value; the item is
	 * then left out.
	 */
	personalEntry(context: IExecuteFunctions, itemIndex: number, phone: string, values: RecipientValues): IDataObject;
	/** Members a mailing given as JSON may have (others are refused, naming them). */
	jsonMembers: string[];
	/**
	 * Channel rules for a mailing given as JSON, after the common ones passed (e.g. SMS bulk
	 * needs `text`). Returns what is wrong, in plain words, or undefined.
	 */
	checkJsonMailing(mailing: IDataObject, where: string): string | undefined;
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
					description: 'Each input item is one recipient; all items go out in one mailing (split into chunks), so many items cost few requests',
				},
				{
					name: 'JSON',
					value: 'json',
					description: 'For each input item, give the list of mailings as JSON, as the service expects it',
				},
			],
			default: 'items',
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
				{ name: 'Same Text for All', value: 'bulk', description: 'One text, sent to every recipient' },
				{
					name: 'Own Text per Recipient',
					value: 'personal',
					description: 'Each input item gives its own text',
				},
			],
			default: 'bulk',
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
					description: 'Name the fields of the input items that hold the phone (and, for own texts, the text); the fastest for thousands of recipients',
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
			placeholder: 'e.g. https://example.com/webhook/mailing-outcome',
			description: `The address the service calls with the outcome of the mailing${options.callbackRequired ? ' (the service requires one)' : ''}. To continue this workflow when the outcome arrives, add a Wait node set to resume "On Webhook Call" after this node and use its resume URL here: {{ $execution.resumeUrl }}.`,
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			options: [
				{
					displayName: 'Chunk Size',
					name: 'chunkSize',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: MAX_CHUNK_SIZE },
					default: DEFAULT_CHUNK_SIZE,
					description: `How many recipients go into one mailing (one request) when mailings are built from input items; more recipients are split into several mailings. At most ${MAX_CHUNK_SIZE}.`,
				},
				{
					displayName: 'Schedule Time',
					name: 'scheduleTime',
					type: 'dateTime',
					default: '',
					description: 'When to send the mailing built from input items, in the workflow time zone. Leave empty to send at once.',
				},
				timeoutOption,
			],
		},
	];
}

interface Recipient {
	itemIndex: number;
	entry: DeliveryEntry;
}

function pairedTo(indexes: number[]): IPairedItemData[] {
	return indexes.map((item) => ({ item }));
}

function failure(context: IExecuteFunctions, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	return asItemError(context, error, itemIndex);
}

function readCallbackUrl(context: IExecuteFunctions, channel: BatchChannel, itemIndex: number): string | undefined {
	const value = context.getNodeParameter('callbackUrl', itemIndex, '');
	const url = typeof value === 'string' ? value.trim() : '';
	if (url === '') {
		if (!channel.callbackRequired) return undefined;
		throw invalidField(
			context.getNode(),
			'Callback URL',
			value,
			'the service requires an address for the outcome of an SMS mailing, e.g. a Wait node\'s resume URL {{ $execution.resumeUrl }}',
			itemIndex,
		);
	}
	if (!isHttpUrl(url)) {
		throw invalidField(context.getNode(), 'Callback URL', value, 'it must be an http:// or https:// address', itemIndex);
	}
	return url;
}

/** Splits `list` into chunks of `size`. */
export function chunksOf<T>(list: T[], size: number): T[][] {
	const chunks: T[][] = [];
	for (let start = 0; start < list.length; start += size) chunks.push(list.slice(start, start + size));
	return chunks;
}

/** "<name>" for a single chunk, "<name> (part k of n)" otherwise. */
export function chunkName(name: string, chunk: number, chunks: number): string {
	return chunks > 1 ? `${name} (part ${chunk} of ${chunks})` : name;
}

interface MailingSettings {
	name: string;
	recipientsFrom: RecipientsFrom;
	alphanameId: string;
	messageType: MessageType;
	scheduleTime?: string;
	callbackUrl?: string;
	chunkSize: number;
	content: IDataObject;
}

async function readMailingSettings(context: IExecuteFunctions, channel: BatchChannel): Promise<MailingSettings> {
	const node = context.getNode();
	const nameValue = context.getNodeParameter('mailingName', 0, '');
	const name = typeof nameValue === 'string' ? nameValue.trim() : '';
	if (name === '') throw invalidField(node, 'Mailing Name', nameValue, 'give the mailing a name', 0);

	const alphanameId = await readIdOrAccountDefault(context, 'senderNameId', 'Sender Name ID', 0, 'defaultSenderNameId');

	const messageType = context.getNodeParameter('messageType', 0, 'bulk') as MessageType;
	const recipientsFrom = context.getNodeParameter('recipientsFrom', 0, 'fields') as RecipientsFrom;
	const callbackUrl = readCallbackUrl(context, channel, 0);

	const options = context.getNodeParameter('options', 0, {}) as IDataObject;
	const scheduleTime = checkTime(context, options.scheduleTime, 'Schedule Time', 'YYYY-MM-DDTHH:mm:ss', 0);
	const chunkValue = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
	const chunkSize = Number(chunkValue);
	if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > MAX_CHUNK_SIZE) {
		throw invalidField(node, 'Chunk Size', chunkValue, `it must be a whole number from 1 to ${MAX_CHUNK_SIZE}`, 0);
	}

	const content = channel.mailingContent(context, messageType);
	return { name, recipientsFrom, alphanameId, messageType, scheduleTime, callbackUrl, chunkSize, content };
}

type RecipientOf = (itemIndex: number) => { phone: string; values: RecipientValues };

/** Each recipient from the fields of its item: no expression to evaluate per item. */
function recipientFromFields(context: IExecuteFunctions, items: INodeExecutionData[]): RecipientOf {
	const node = context.getNode();
	const fieldNames = new Map<string, string>();
	// field names are settings of the whole mailing, read from the first item
	const fieldName = (parameter: string, setting: string, itemIndex: number): string => {
		let name = fieldNames.get(parameter);
		if (name === undefined) {
			const value = context.getNodeParameter(parameter, 0, '');
			name = typeof value === 'string' ? value.trim() : '';
			if (name === '') throw invalidField(node, setting, value, 'give the name of a field of the input items', itemIndex);
			fieldNames.set(parameter, name);
		}
		return name;
	};
	return (itemIndex) => {
		const { json } = items[itemIndex];
		const phoneField = fieldName('phoneField', 'Phone Field', itemIndex);
		const phone = checkPhone(context, itemField(node, json, phoneField, 'Phone Field', itemIndex), `Phone (field "${phoneField}")`, itemIndex);
		const values: RecipientValues = (parameter, label) => {
			const setting = `${label} Field`;
			const field = fieldName(`${parameter}Field`, setting, itemIndex);
			return { value: itemField(node, json, field, setting, itemIndex), label: `${label} (field "${field}")` };
		};
		return { phone, values };
	};
}

function recipientDefinedBelow(context: IExecuteFunctions): RecipientOf {
	return (itemIndex) => ({
		phone: checkPhone(context, context.getNodeParameter('recipientPhone', itemIndex, ''), 'Phone', itemIndex),
		values: (parameter, label) => ({ value: context.getNodeParameter(parameter, itemIndex, ''), label }),
	});
}

/** Mailings from the input items: item 0 gives the mailing, each item one recipient. */
async function batchFromItems(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	tools: ExecutionTools,
	channel: BatchChannel,
): Promise<INodeExecutionData[]> {
	const continueOnFail = context.continueOnFail();
	const allIndexes = items.map((_, index) => index);

	let settings: MailingSettings;
	try {
		settings = await readMailingSettings(context, channel);
	} catch (error) {
		const itemError = failure(context, error, 0);
		if (!continueOnFail) throw itemError;
		return [{ ...errorItem(itemError, 0), pairedItem: pairedTo(allIndexes) }];
	}

	const rejected: INodeExecutionData[] = [];
	const recipients: Recipient[] = [];
	const recipientOf = settings.recipientsFrom === 'fields' ? recipientFromFields(context, items) : recipientDefinedBelow(context);
	for (const itemIndex of allIndexes) {
		try {
			const { phone, values } = recipientOf(itemIndex);
			const entry =
				settings.messageType === 'personal' ? channel.personalEntry(context, itemIndex, phone, values) : phone;
			recipients.push({ itemIndex, entry });
		} catch (error) {
			const itemError = failure(context, error, itemIndex);
			if (!continueOnFail) throw itemError;
			rejected.push(errorItem(itemError, itemIndex));
		}
	}

	const chunks = chunksOf(recipients, settings.chunkSize);
	const outputs: INodeExecutionData[] = [];
	for (const [position, chunk] of chunks.entries()) {
		const number = position + 1;
		const indexes = chunk.map((recipient) => recipient.itemIndex);
		const mailingName = chunkName(settings.name, number, chunks.length);
		const mailing: IDataObject = {
			alphaname_id: settings.alphanameId,
			name: mailingName,
			message_type: settings.messageType,
			...(settings.scheduleTime !== undefined ? { schedule_time: settings.scheduleTime } : {}),
			...settings.content,
			delivery_list: chunk.map((recipient) => recipient.entry) as IDataObject[],
		};
		try {
			const answer = await tools.client(indexes[0]).one(channel.method, {
				callback_url: settings.callbackUrl,
				messages: [mailing],
			});
			outputs.push({
				json: { ...answer, mailingName, recipients: chunk.length, chunk: number, chunks: chunks.length },
				pairedItem: pairedTo(indexes),
			});
		} catch (error) {
			const itemError = failure(context, error, indexes[0]);
			if (number > 1) {
				itemError.description = `${itemError.description ?? ''} Chunks 1 to ${number - 1} of ${chunks.length} were sent before this failure; items ${indexes[0]} to ${indexes[indexes.length - 1]} were in chunk ${number}.`.trim();
			}
			if (!continueOnFail) throw itemError;
			const { json } = errorItem(itemError, indexes[0]);
			outputs.push({
				json: { ...json, mailingName, recipients: chunk.length, chunk: number, chunks: chunks.length },
				pairedItem: pairedTo(indexes),
			});
		}
	}
	return [...outputs, ...rejected];
}

const BATCH_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

function isBatchTime(value: unknown): boolean {
	if (typeof value !== 'string') return false;
	const match = BATCH_TIME.exec(value);
	if (!match) return false;
	const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
	const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
	return (
		date.getUTCFullYear() === year &&
		date.getUTCMonth() === month - 1 &&
		date.getUTCDate() === day &&
		hour < 24 &&
		minute < 60 &&
		second < 60
	);
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the mailings given as JSON against the spec and returns them ready to send (phones
 * normalised, ids as digit strings); throws a field error naming the mailing and member.
 */
export function checkJsonMailings(
	context: IExecuteFunctions,
	raw: unknown,
	channel: BatchChannel,
	itemIndex: number,
): IDataObject[] {
	const label = 'Mailings (JSON)';
	const fail = (value: unknown, rule: string) => invalidField(context.getNode(), label, value, rule, itemIndex);

	let parsed: unknown = raw;
	if (typeof raw === 'string') {
		try {
			parsed = jsonParse(raw);
		} catch {
			throw fail(raw, 'it is not valid JSON; give an array of mailings, e.g. [{"name": "...", ...}]');
		}
	}
	if (isObject(parsed) && Array.isArray(parsed.messages)) parsed = parsed.messages;
	if (!Array.isArray(parsed)) throw fail(raw, 'it must be an array of mailings (the "messages" of the request)');
	if (parsed.length === 0) throw fail(raw, 'give at least one mailing');

	return parsed.map((mailing: unknown, index): IDataObject => {
		const where = `mailing ${index + 1} (messages[${index}])`;
		if (!isObject(mailing)) throw fail(mailing, `${where} must be an object`);
		const unknown = Object.keys(mailing).filter((member) => !channel.jsonMembers.includes(member));
		if (unknown.length > 0) {
			throw fail(
				mailing,
				`${where} has members the service does not know: ${unknown.join(', ')}; a mailing has ${channel.jsonMembers.join(', ')}`,
			);
		}
		if (typeof mailing.name !== 'string' || mailing.name.trim() === '') {
			throw fail(mailing.name, `${where}: "name" must be a non-empty text`);
		}
		const alphanameId = asId(mailing.alphaname_id);
		if (alphanameId === undefined) throw fail(mailing.alphaname_id, `${where}: "alphaname_id" (sender name ID): ${ID_RULE}`);
		if (mailing.message_type !== 'bulk' && mailing.message_type !== 'personal') {
			throw fail(mailing.message_type, `${where}: "message_type" must be "bulk" or "personal"`);
		}
		if (mailing.schedule_time !== undefined && !isBatchTime(mailing.schedule_time)) {
			throw fail(
				mailing.schedule_time,
				`${where}: "schedule_time" must be a date and time in the format YYYY-MM-DDTHH:mm:ss, e.g. 2026-03-31T14:30:00`,
			);
		}
		const list = mailing.delivery_list;
		if (!Array.isArray(list) || list.length === 0) {
			throw fail(list, `${where}: "delivery_list" must be a non-empty array of recipients`);
		}
		const deliveryList = list.map((entry: unknown, position): DeliveryEntry => {
			const at = `${where}, delivery_list[${position}]`;
			if (mailing.message_type === 'bulk') {
				const phone = normalizePhone(entry);
				if (phone === undefined) throw fail(entry, `${at}: ${PHONE_RULE}`);
				return phone;
			}
			if (!isObject(entry)) throw fail(entry, `${at} must be an object {"phone": "...", "text": "..."} in a personal mailing`);
			const phone = normalizePhone(entry.phone);
			if (phone === undefined) throw fail(entry.phone, `${at}: ${PHONE_RULE}`);
			if (typeof entry.text !== 'string' || entry.text.trim() === '') {
				throw fail(entry.text, `${at}: "text" must be a non-empty text in a personal mailing`);
			}
			return { ...entry, phone };
		});
		const problem = channel.checkJsonMailing(mailing, where);
		if (problem !== undefined) throw fail(mailing, problem);
		return { ...mailing, alphaname_id: alphanameId, delivery_list: deliveryList as IDataObject[] };
	});
}

/** Mailings given as JSON: one request per input item. */
async function batchFromJson(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	tools: ExecutionTools,
	channel: BatchChannel,
): Promise<INodeExecutionData[]> {
	const continueOnFail = context.continueOnFail();
	const outputs: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const callbackUrl = readCallbackUrl(context, channel, itemIndex);
			const messages = checkJsonMailings(context, context.getNodeParameter('messagesJson', itemIndex), channel, itemIndex);
			const answer = await tools.client(itemIndex).one(channel.method, { callback_url: callbackUrl, messages });
			outputs.push({ json: answer, pairedItem: { item: itemIndex } });
		} catch (error) {
			const itemError = failure(context, error, itemIndex);
			if (!continueOnFail) throw itemError;
			outputs.push(errorItem(itemError, itemIndex));
		}
	}
	return outputs;
}

/** Runs a batch operation for all input items, as its `executeAll`. */
export async function executeBatch(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	tools: ExecutionTools,
	channel: BatchChannel,
): Promise<INodeExecutionData[]> {
	const buildFrom = this.getNodeParameter('buildFrom', 0, 'items') as string;
	return buildFrom === 'json'
		? await batchFromJson(this, items, tools, channel)
		: await batchFromItems(this, items, tools, channel);
}
