/** Sending a batch: mailings built from input items (in chunks) or given as JSON. */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IPairedItemData,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { asItemError, errorItem } from '../../itemErrors';
import type { ExecutionTools } from '../../types';
import { callbackSigner } from './callback';
import type { BatchChannel, DeliveryEntry } from './channel';
import { checkJsonMailings } from './jsonMailings';
import { recipientDefinedBelow, recipientFromFields } from './recipients';
import { readCallbackUrl, readMailingSettings, type MailingSettings } from './settings';
import { decisionTime, groupByQuietHours, type GroupedRecipient } from './guarded';
import { SendingGuards } from '../../../guards/sendingGuards';
import { hintAdjustment } from '../../../helpers/sendTime';
import { serviceZone } from '../../../helpers/serviceZone';

interface Recipient extends GroupedRecipient {
	itemIndex: number;
	entry: DeliveryEntry;
}

function pairedTo(indexes: number[]): IPairedItemData[] {
	return indexes.map((item) => ({ item }));
}

function failure(
	context: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	return asItemError(context, error, itemIndex);
}

/** Splits `list` into chunks of `size`. */
export function chunksOf<T>(list: T[], size: number): T[][] {
	const chunks: T[][] = [];
	for (let start = 0; start < list.length; start += size)
		chunks.push(list.slice(start, start + size));
	return chunks;
}

/** What went out before a failure, for the error: nobody should send it again blindly. */
function sentBefore(sent: string[]): string {
	return sent.length === 0
		? 'Nothing was sent before this failure.'
		: `Already sent before this failure (do not send again): ${sent.join('; ')}.`;
}

function describeSent(what: string, answer: IDataObject): string {
	return typeof answer.uuid === 'string' || typeof answer.uuid === 'number'
		? `${what}, uuid ${answer.uuid}`
		: what;
}

function withSent(
	error: NodeApiError | NodeOperationError,
	sent: string[],
): NodeApiError | NodeOperationError {
	error.description = `${error.description ?? ''} ${sentBefore(sent)}`.trim();
	return error;
}

/** "<name>" for a single chunk, "<name> (part k of n)" otherwise. */
export function chunkName(name: string, chunk: number, chunks: number): string {
	return chunks > 1 ? `${name} (part ${chunk} of ${chunks})` : name;
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
	let guards: SendingGuards;
	try {
		settings = await readMailingSettings(context, channel);
		guards = await SendingGuards.of(context, 0);
	} catch (error) {
		const itemError = failure(context, error, 0);
		if (!continueOnFail) throw itemError;
		return [{ ...errorItem(itemError, 0), pairedItem: pairedTo(allIndexes) }];
	}

	const rejected: INodeExecutionData[] = [];
	const suppressed: INodeExecutionData[] = [];
	const recipients: Recipient[] = [];
	const recipientOf =
		settings.recipientsFrom === 'fields'
			? recipientFromFields(context, items)
			: recipientDefinedBelow(context);
	for (const itemIndex of allIndexes) {
		try {
			const { phone, values } = recipientOf(itemIndex);
			if (guards.isSuppressed(phone)) {
				suppressed.push({
					json: { sent: false, reason: 'doNotSendTo', phone },
					pairedItem: { item: itemIndex },
				});
				continue;
			}
			const entry =
				settings.messageType === 'personal'
					? channel.personalEntry(context, itemIndex, phone, values)
					: phone;
			const zone = guards.hasQuietHours ? guards.zoneOf(context, itemIndex, phone) : undefined;
			recipients.push({ itemIndex, entry, zone });
		} catch (error) {
			const itemError = failure(context, error, itemIndex);
			if (!continueOnFail) throw itemError;
			rejected.push(errorItem(itemError, itemIndex));
		}
	}

	const groups = groupByQuietHours(
		guards,
		recipients,
		settings.scheduleTime,
		guards.hasQuietHours ? decisionTime(context, tools) : Date.now(),
	);
	for (const group of groups)
		hintAdjustment(context, group.schedule, 'Schedule Time', group.recipients[0]?.itemIndex ?? 0);
	const chunks = groups.flatMap((group) =>
		chunksOf(group.recipients, settings.chunkSize).map((chunk) => ({
			chunk,
			scheduleTime: group.schedule?.text,
			quiet: group.fields,
		})),
	);
	const signCallback = await callbackSigner(context, chunks.length);
	const outputs: INodeExecutionData[] = [];
	const sent: string[] = [];
	for (const [position, { chunk, scheduleTime, quiet }] of chunks.entries()) {
		const number = position + 1;
		const indexes = chunk.map((recipient) => recipient.itemIndex);
		const mailingName = chunkName(settings.name, number, chunks.length);
		const mailing: IDataObject = {
			alphaname_id: settings.alphanameId,
			name: mailingName,
			message_type: settings.messageType,
			...(scheduleTime !== undefined ? { schedule_time: scheduleTime } : {}),
			...settings.content,
			delivery_list: chunk.map((recipient) => recipient.entry) as IDataObject[],
		};
		// what an earlier try of Retry On Fail sent is not sent again: its answer is given again
		const key = `chunk:${number}:${indexes[0]}-${indexes[indexes.length - 1]}:${chunk.length}${scheduleTime !== undefined ? `:${scheduleTime}` : ''}`;
		const earlier = tools.ledger.earlier(context, key, indexes[0]);
		try {
			if (earlier && 'error' in earlier) throw earlier.error;
			const answer =
				earlier?.records[0] ??
				(await tools.client(indexes[0]).one(channel.method, {
					callback_url: signCallback(settings.callbackUrl, number),
					messages: [mailing],
				}));
			if (!earlier) tools.ledger.recordSent(key, [answer]);
			outputs.push({
				json: {
					...answer,
					mailingName,
					recipients: chunk.length,
					chunk: number,
					chunks: chunks.length,
					...quiet,
				},
				pairedItem: pairedTo(indexes),
			});
			sent.push(
				describeSent(
					`chunk ${number} of ${chunks.length} "${mailingName}" (items ${indexes[0]} to ${indexes[indexes.length - 1]})`,
					answer,
				),
			);
		} catch (error) {
			if (!earlier) tools.ledger.recordFailure(key, error);
			const itemError = failure(context, error, indexes[0]);
			itemError.description =
				`${itemError.description ?? ''} Items ${indexes[0]} to ${indexes[indexes.length - 1]} were in chunk ${number} of ${chunks.length}.`.trim();
			withSent(itemError, sent);
			if (!continueOnFail) throw itemError;
			const { json } = errorItem(itemError, indexes[0]);
			outputs.push({
				json: {
					...json,
					mailingName,
					recipients: chunk.length,
					chunk: number,
					chunks: chunks.length,
				},
				pairedItem: pairedTo(indexes),
			});
		}
	}
	return [...outputs, ...suppressed, ...rejected];
}

/**
 * Mailings given as JSON: one request per input item. Every item is checked before anything is
 * sent, so that a bad second item cannot leave the first one sent and the rest not.
 */
async function batchFromJson(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	tools: ExecutionTools,
	channel: BatchChannel,
): Promise<INodeExecutionData[]> {
	const continueOnFail = context.continueOnFail();
	const outputs: INodeExecutionData[] = new Array<INodeExecutionData>(items.length);
	const signCallback = await callbackSigner(context, items.length);
	const ready: Array<{
		itemIndex: number;
		callbackUrl: string | undefined;
		messages: IDataObject[];
	}> = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const callbackUrl = readCallbackUrl(context, channel, itemIndex);
			const zone = await serviceZone(context, itemIndex);
			const messages = checkJsonMailings(
				context,
				context.getNodeParameter('messagesJson', itemIndex),
				channel,
				itemIndex,
				zone,
			);
			ready.push({ itemIndex, callbackUrl, messages });
		} catch (error) {
			const itemError = failure(context, error, itemIndex);
			if (!continueOnFail) throw withSent(itemError, []);
			outputs[itemIndex] = errorItem(itemError, itemIndex);
		}
	}
	const sent: string[] = [];
	for (const { itemIndex, callbackUrl, messages } of ready) {
		const key = `json:${itemIndex}`;
		const earlier = tools.ledger.earlier(context, key, itemIndex);
		try {
			if (earlier && 'error' in earlier) throw earlier.error;
			const answer =
				earlier?.records[0] ??
				(await tools.client(itemIndex).one(channel.method, {
					callback_url: signCallback(callbackUrl, itemIndex + 1),
					messages,
				}));
			if (!earlier) tools.ledger.recordSent(key, [answer]);
			outputs[itemIndex] = { json: answer, pairedItem: { item: itemIndex } };
			const names = messages.map((mailing) => `"${String(mailing.name)}"`).join(', ');
			sent.push(
				describeSent(
					`item ${itemIndex} (mailing${messages.length === 1 ? '' : 's'} ${names})`,
					answer,
				),
			);
		} catch (error) {
			if (!earlier) tools.ledger.recordFailure(key, error);
			const itemError = withSent(failure(context, error, itemIndex), sent);
			if (!continueOnFail) throw itemError;
			outputs[itemIndex] = errorItem(itemError, itemIndex);
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
