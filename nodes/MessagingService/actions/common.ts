import type { INodeProperties } from 'n8n-workflow';

/** The ceiling of the adaptive concurrency: high enough that 50 ms answers are not the bottleneck (README, Performance). */
export const DEFAULT_CONCURRENCY = 50;
export const MAX_CONCURRENCY = 50;

/** Put into an operation's "Options" collection when it runs once per item. */
export const concurrencyOption: INodeProperties = {
	displayName: 'Concurrency',
	name: 'concurrency',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY },
	default: DEFAULT_CONCURRENCY,
	description:
		'The most items sent to the service at the same time. The node starts with 10 and raises the number while the service answers quickly, up to this; when the service answers that its request limit is reached, it sends fewer at once, keeps under the request rate it learned, and retries. Lower it for a service that allows fewer requests at a time.',
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

/** The "Options" of a per-item operation that has no options of its own. */
export const perItemOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [concurrencyOption, timeoutOption],
};
