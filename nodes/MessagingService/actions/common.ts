import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** The ceiling of the adaptive concurrency: high enough that n8n's CPU, not the service's answers, sets the pace (docs/performance.md). */
export const DEFAULT_CONCURRENCY = 200;
export const MAX_CONCURRENCY = 200;

/** Put into an operation's "Options" collection when it runs once per item. */
export const concurrencyOption: INodeProperties = {
	displayName: 'Concurrency',
	name: 'concurrency',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY },
	default: DEFAULT_CONCURRENCY,
	description:
		'The most items sent to the service at the same time. The node starts with 40 and doubles the number with each round of answers, up to this; when the service answers that its request limit is reached, it sends fewer at once, keeps under the request rate it learned, and retries. Lower it for a service that allows fewer requests at a time.',
};

export const timeoutOption: INodeProperties = {
	displayName: 'Timeout',
	name: 'timeout',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 30,
	description: 'How many seconds to wait for each answer of the service',
};

export function returnAllAndLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/**
 * An operation's "Options": its own options and Timeout, with Concurrency when it runs once per
 * item, in alphabetical order.
 */
export function optionsCollection(
	own: INodeProperties[] = [],
	{ concurrency = true } = {},
): INodeProperties {
	const options = [...own, timeoutOption, ...(concurrency ? [concurrencyOption] : [])];
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: options.sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

/** The "Options" of a per-item operation that has no options of its own. */
export const perItemOptions = optionsCollection();

/** Node version 1's fields, kept so that the workflows saved with it run as they did. */
export const ONLY_VERSION_1 = { show: { '@version': [1] } };
/** Fields of node version 2 on (one name and one description for one thing across operations). */
export const FROM_VERSION_2 = { show: { '@version': [{ _cnd: { gte: 2 } }] } };

const SEND_AT_DESCRIPTION =
	"When to send (a time without an offset is in the workflow's time zone; it is sent in the Service Time Zone of the credential). Empty: at once, or for a list mailing as soon as it is confirmed.";

/** The "when to send" field of every operation that can schedule a send. */
export const sendAtField: INodeProperties = {
	displayName: 'Send At',
	name: 'sendAt',
	type: 'dateTime',
	default: '',
	description: SEND_AT_DESCRIPTION,
};

/**
 * The "when to send" field for both node versions: version 1 named it differently in some
 * operations (`name`, `displayName`); version 2 calls it Send At everywhere.
 */
export function sendAtFields(version1: { name: string; displayName: string }): INodeProperties[] {
	return [
		{ ...sendAtField, ...version1, displayOptions: ONLY_VERSION_1 },
		{ ...sendAtField, displayOptions: FROM_VERSION_2 },
	];
}

/** The value and label of the "when to send" field, wherever the node's version keeps it. */
export function sendAtValue(
	context: IExecuteFunctions,
	version1: { name: string; displayName: string },
	read: (name: string) => unknown,
): { value: unknown; label: string } {
	return context.getNode().typeVersion >= 2
		? { value: read(sendAtField.name), label: sendAtField.displayName }
		: { value: read(version1.name), label: version1.displayName };
}

/** Reads a field of a collection parameter that may be missing. */
export function collectionField(collection: IDataObject): (name: string) => unknown {
	return (name) => collection[name];
}
