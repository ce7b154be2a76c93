import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { numberOption } from '../base/numberOption';
import {
	DEFAULT_REQUESTS_PER_MINUTE,
	DEFAULT_TIME_LIMIT_MINUTES,
	DEFAULT_WATCH_HOURS,
} from './description';
import type { EventChoice } from './events';
import { EVENTS, type PickedEvent } from './types';
import { DEFAULT_MAX_WATCHED } from './watchList';

export interface DeliveryConfig {
	watch: 'sentHere' | 'recentMailings';
	channels: Array<'chat' | 'sms'>;
	choice: EventChoice;
	requestsPerMinute: number;
	maxWatched: number;
	watchMs: number;
}

function fieldError(context: IPollFunctions, field: string, value: unknown, requirement: string) {
	return new NodeOperationError(
		context.getNode(),
		`${field} must be ${requirement}, not ${JSON.stringify(value)}`,
		{ description: `Change ${field} in the Delivery Trigger's fields.` },
	);
}

function pickedEvents(context: IPollFunctions): Set<PickedEvent> {
	const raw = context.getNodeParameter('events', []) as unknown;
	const values = Array.isArray(raw) ? (raw as unknown[]) : [raw];
	for (const value of values)
		if (!EVENTS.includes(value as PickedEvent))
			throw fieldError(context, 'Statuses', value, `one of ${EVENTS.join(', ')}`);
	if (values.length === 0) throw fieldError(context, 'Statuses', raw, 'at least one status');
	return new Set(values as PickedEvent[]);
}

/** A trigger's cap: its default when out of range (base/numberOption.ts). */
function cap(value: unknown, fallback: number): number {
	return numberOption(value, { min: 1, fallback, whole: true, outOfRange: 'fallBack' });
}

/** The trigger's settings; a setting that decides what is output (Statuses, Time Limit) is refused when invalid. */
export function readDeliveryConfig(context: IPollFunctions): DeliveryConfig {
	const watch =
		context.getNodeParameter('watch', 'sentHere') === 'recentMailings'
			? 'recentMailings'
			: 'sentHere';
	const picked = pickedEvents(context);
	const options = context.getNodeParameter('options', {}) as {
		maxRequestsPerMinute?: number;
		maxWatched?: number;
		watchHours?: number;
	};
	const watchMs = cap(options.watchHours, DEFAULT_WATCH_HOURS) * 3_600_000;
	let timeLimitMs = Infinity;
	if (picked.has('timedOut')) {
		const raw = context.getNodeParameter('timeLimit', DEFAULT_TIME_LIMIT_MINUTES);
		const minutes = numberOption(raw, {
			min: 1,
			fallback: DEFAULT_TIME_LIMIT_MINUTES,
			outOfRange: 'refuse',
			refuse: (requirement) => fieldError(context, 'Time Limit (Minutes)', raw, requirement),
		});
		timeLimitMs = minutes * 60_000;
		if (timeLimitMs >= watchMs)
			throw fieldError(
				context,
				'Time Limit (Minutes)',
				raw,
				`less than Stop Watching After (${watchMs / 3_600_000} hours)`,
			);
	}
	const channels = (context.getNodeParameter('channels', ['chat']) as unknown[]).filter(
		(channel): channel is 'chat' | 'sms' => channel === 'chat' || channel === 'sms',
	);
	if (watch === 'recentMailings' && channels.length === 0)
		throw fieldError(context, 'Channels', [], 'at least one of Chat, SMS');
	return {
		watch,
		channels,
		choice: { picked, timeLimitMs },
		requestsPerMinute: cap(options.maxRequestsPerMinute, DEFAULT_REQUESTS_PER_MINUTE),
		maxWatched: cap(options.maxWatched, DEFAULT_MAX_WATCHED),
		watchMs,
	};
}
