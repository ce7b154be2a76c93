import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IPollFunctions,
	ITriggerFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { redact, redactAll } from './redaction';
import { readCredential } from './request';

/**
 * The credential's API key, to take it out of messages that repeat what a user typed (a key
 * pasted into a phone field, say). Empty when the credential cannot be read.
 */
export async function apiKeyOf(
	context: IExecuteFunctions | IPollFunctions | ITriggerFunctions,
): Promise<string> {
	try {
		const credentials = await readCredential(context);
		return String(credentials.apiKey ?? '');
	} catch {
		return '';
	}
}

/**
 * Takes the key out of an n8n error: message, description, stack, and the original Error that
 * n8n keeps as its `cause` (n8n's error reporter logs the cause, and may send it on).
 */
export function withoutKey<E>(error: E, apiKey: string): E {
	if (apiKey && (error instanceof NodeOperationError || error instanceof NodeApiError)) {
		error.message = redact(error.message, apiKey);
		if (typeof error.description === 'string')
			error.description = redact(error.description, apiKey);
		if (typeof error.stack === 'string') error.stack = redact(error.stack, apiKey);
		const cause: unknown = error.cause;
		if (cause instanceof Error) {
			cause.message = redact(cause.message, apiKey);
			if (typeof cause.stack === 'string') cause.stack = redact(cause.stack, apiKey);
		}
	}
	return error;
}

/**
 * Takes the key out of every string of the output items: the `error` of Continue On Fail items,
 * and whatever the service answered (a template whose text is the key, a reply that quotes it).
 */
export function itemsWithoutKey(items: INodeExecutionData[], apiKey: string): INodeExecutionData[] {
	if (!apiKey) return items;
	const clean = redactAll<IDataObject>(
		items.map((item) => item.json),
		apiKey,
	);
	items.forEach((item, index) => {
		item.json = clean[index];
		if (item.error) withoutKey(item.error, apiKey);
	});
	return items;
}

/** Which account a credential is (its base URL and key), for helpers/chatsSent.ts; '' when it cannot be read. */
export async function accountOf(
	context: IExecuteFunctions | IPollFunctions | ITriggerFunctions,
	itemIndex = 0,
): Promise<string> {
	try {
		const credentials = await readCredential(context, itemIndex);
		return `${String(credentials.baseUrl ?? '').replace(/\/+$/, '')} ${String(credentials.apiKey ?? '')}`;
	} catch {
		return '';
	}
}
